/** `parley models check` end to end: the real CLI on a scripted model, --db on a temp file. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ReadinessReport } from '../../../src-shared/schemas/index.js';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
let db: string;
let model: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-models-check-'));
  db = path.join(dir, 'p.db');
  // a judge that passes everything: right on the 10 passing transcripts, wrong on the 10 failing ones
  model = path.join(dir, 'always-pass.json');
  fs.writeFileSync(model, JSON.stringify({ name: 'always-pass', defaults: { score: 1 } }));
});

describe('parley models check', () => {
  it('prints the verdict, the table per family and the misses; stores the check', () => {
    const r = parley('models', 'check', `scripted:${model}`, '--role', 'judge', '--db', db);
    expect(r.stderr).toContain('[20/20] tasks');
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(
      'not fit as judge: 10/20 right (30-70%, 95% interval) - weak on transcripts that miss the criterion',
    );
    expect(r.stdout).toMatch(
      /judging\s+judge\s+10\/20\s+50%\s+30-70%\s+20\/20\s+transcripts that miss the criterion 0\/10, negated criteria 2\/4, the order of steps 0\/1, transcripts that meet the criterion 10\/10/,
    );
    expect(r.stdout).toContain('judging/dob-skipped: expected fail, got pass (score 1)');
    const json = parley('models', 'check', `scripted:${model}`, '--role', 'judge', '--json', '--db', db);
    const report = JSON.parse(json.stdout) as ReadinessReport;
    expect(report.families[0]).toMatchObject({ family: 'judging', correct: 10, total: 20, valid: 20 });
    expect(report.model).toBe(`scripted:${model}`);
  });

  it('`parley models --json` carries the stored checks; the human table shows them next to unlisted models', () => {
    const r = parley('models', '--dir', dir, '--json', '--db', db);
    const out = JSON.parse(r.stdout) as { checks: ReadinessReport[] };
    expect(out.checks.map((c) => c.verdicts[0].text)).toEqual([
      'not fit as judge: 10/20 right (30-70%, 95% interval) - weak on transcripts that miss the criterion',
    ]);
    const text = parley('models', '--dir', dir, '--db', db);
    expect(text.stdout).toContain(`scripted:${model}: judge 10/20 unfit`);
  });

  it('bad input: a role, a spec, a model that is not there; clear errors, exit 2, nothing stored', () => {
    const before = parley('models', '--dir', dir, '--json', '--db', db);
    const n = (JSON.parse(before.stdout) as { checks: unknown[] }).checks.length;
    const role = parley('models', 'check', `scripted:${model}`, '--role', 'boss', '--db', db);
    expect([role.code, role.stderr.trim()]).toEqual([2, 'parley: --role: expected agent, caller or judge, got "boss"']);
    const spec = parley('models', 'check', 'nowhere', '--db', db);
    expect(spec.code).toBe(2);
    expect(spec.stderr).toContain('expected PROVIDER:MODEL');
    const missing = parley('models', 'check', 'scripted:/nope/m.json', '--db', db);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('scripted model file /nope/m.json: not found');
    const after = parley('models', '--dir', dir, '--json', '--db', db);
    expect((JSON.parse(after.stdout) as { checks: unknown[] }).checks.length).toBe(n);
  });
});
