/** `parley labels` end to end: the real CLI on the bundled example (scripted model), two --db files. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import type { RunReport } from '../../../src-shared/run/report.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
let dir: string;
let dbA: string;
let dbB: string;
let runId: string;

function parley(db: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-labels-cli-'));
  dbA = path.join(dir, 'a.db');
  dbB = path.join(dir, 'b.db');
  const run = parley(
    dbA,
    'run',
    '--agent',
    ex('agent.json'),
    '--tests',
    ex('suite.json'),
    '--agent-model',
    `scripted:${ex('scripted-model.json')}`,
    '--json',
  );
  const reports = JSON.parse(run.stdout) as RunReport | RunReport[];
  runId = (Array.isArray(reports) ? reports[0] : reports).run_id;
  expect(parley(dbA, 'backup', dbB).code).toBe(0); // workstation B: the same runs, no labels
});
/** The same CLI in this process: many commands in a row without a TypeScript load each. */
const cli = (db: string, ...args: string[]) => parleyInProcess(...args, '--db', db);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley labels', async () => {
  it('labels verdicts, reports agreement (human and --json), exports and imports into another database', async () => {
    const rows = JSON.parse((await cli(dbA, 'labels', 'list', runId, '--unreviewed', '--json')).stdout) as {
      result_id: string;
      metric: number;
      judge_passed: boolean;
    }[];
    expect(rows.length).toBe(13);
    const failed = rows.find((r) => !r.judge_passed)!;
    const passed = rows.filter((r) => r.judge_passed);
    // no reviewer yet: a readable error, nothing written
    const anon = await cli(dbA, 'labels', 'set', failed.result_id, String(failed.metric), '--right');
    expect([anon.code, anon.stderr.trim()]).toEqual([
      2,
      'parley: --reviewer: expected your name (remembered after the first label)',
    ]);
    expect(
      (await cli(dbA, 'labels', 'set', failed.result_id, String(failed.metric), '--wrong', '--reviewer', 'ana')).code,
    ).toBe(0);
    for (const r of passed.slice(0, 2))
      expect((await cli(dbA, 'labels', 'set', r.result_id, String(r.metric), '--right')).code).toBe(0);
    const text = await cli(dbA, 'labels', 'agreement', runId);
    expect(text.code).toBe(0);
    expect(text.stdout).toContain(`Human labels: 3 of 13 metric verdicts of run ${runId} by ana`);
    expect(text.stdout).toMatch(/\(all metrics\)\s+3\s+67% \(21-94%, n=3\)/);
    const json = JSON.parse((await cli(dbA, 'labels', 'agreement', runId, '--json')).stdout);
    const all = json.rows.find((r: { criterion: string | null }) => r.criterion === null);
    expect(all.table).toEqual({ fail_fail: 0, fail_pass: 1, pass_fail: 0, pass_pass: 2 });

    // runs show carries the same report (JSON) and a summary (text)
    expect(JSON.parse((await cli(dbA, 'runs', 'show', runId, '--json')).stdout).human_agreement).toEqual(json);
    expect((await cli(dbA, 'runs', 'show', runId)).stdout).toContain(`(details: parley labels agreement ${runId})`);

    const out = path.join(dir, 'labels.json');
    expect((await cli(dbA, 'labels', 'export', runId, '--out', out)).stderr).toContain(`3 label(s) written to ${out}`);
    const imported = await cli(dbB, 'labels', 'import', out);
    expect([imported.code, imported.stdout]).toEqual([
      0,
      `${out}: 3 label(s) added, 0 updated, 0 kept (already here, or older than the label here)\n`,
    ]);
    expect((await cli(dbB, 'labels', 'agreement', runId, '--json')).stdout).toBe(
      (await cli(dbA, 'labels', 'agreement', runId, '--json')).stdout,
    );
  });

  it('a bad file: every problem on its own line, exit 2, nothing written', async () => {
    const file = path.join(dir, 'bad.json');
    const good = JSON.parse((await cli(dbA, 'labels', 'export', runId)).stdout);
    good.labels[0].result_id = 'res_deleted';
    good.labels[1].human_passed = 'yes';
    fs.writeFileSync(file, JSON.stringify(good));
    const before = (await cli(dbB, 'labels', 'export', runId)).stdout.replace(/"exported_at": "[^"]+"/, '');
    const r = await cli(dbB, 'labels', 'import', file);
    expect(r.code).toBe(2);
    expect(r.stderr).toContain(
      `parley: ${file}: labels[1].human_passed: found "yes"; expected true or false; nothing was imported`,
    );
    good.labels[1].human_passed = true;
    good.labels[1].criterion = 'asks for insurance';
    fs.writeFileSync(file, JSON.stringify(good));
    const r2 = await cli(dbB, 'labels', 'import', file);
    expect(r2.code).toBe(2);
    const lines = r2.stderr.trim().split('\n');
    expect(lines[0]).toBe(`parley: ${file}: 2 problems; nothing was imported`);
    expect(lines[1]).toMatch(
      /^  labels\[0\]\.result_id: no result res_deleted \(.+\) in this database \(run run_\w+ is here, but not this result: it was deleted\)/,
    );
    expect(lines[2]).toMatch(
      /^  labels\[1\]\.criterion: result res_\w+ \(.+\) has no metric "asks for insurance"; expected one of /,
    );
    expect((await cli(dbB, 'labels', 'export', runId)).stdout.replace(/"exported_at": "[^"]+"/, '')).toBe(before);
  });
});
