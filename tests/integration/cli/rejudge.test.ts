/** `parley rejudge` end to end: the real CLI on the bundled example (scripted model), --db on a temp file. */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { RunReport } from '../../../src-shared/run/report.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
let dir: string;
let db: string;
let runId: string;

function parley(...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(root, 'bin/parley.mjs'), ...args, '--db', db], {
    cwd: root,
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, stdout: r.stdout, stderr: r.stderr };
}

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-rejudge-cli-'));
  db = path.join(dir, 'p.db');
  const run = parley(
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
  const report = Array.isArray(reports) ? reports[0] : reports;
  runId = report.run_id;
  // 4 of 5 passed: Wilson 95% 37.6-96.4%
  expect(report.pass_rate).toMatchObject({ k: 4, n: 5, rate: 0.8 });
  expect(report.pass_rate.low).toBeCloseTo(0.3755, 4);
  fs.writeFileSync(
    path.join(dir, 'flaky.json'),
    JSON.stringify({
      name: 'flaky',
      rules: [{ purpose: 'judge', when: { seed: 3 }, reply: 0.1 }],
      defaults: { score: 0.9 },
    }),
  );
}, 90_000);

describe('parley rejudge', () => {
  it('prints the unstable metrics in words and stores the judgements for runs show', () => {
    const out = parley('rejudge', runId, '--k', '3', '--judge-model', `scripted:${path.join(dir, 'flaky.json')}`);
    expect(out.stderr).not.toMatch(/Error/);
    expect(out.code).toBe(0);
    // every metric flips on seed 3; "The agent never gave medical advice" is judged on all 5 conversations
    expect(out.stdout).toContain(
      'WARNING The agent never gave medical advice. (scripted:flaky.json): unstable judge: 5 of 5 verdicts flip',
    );
    expect(out.stdout).toMatch(/flips: .*: pass pass fail {2}scores 0\.90 0\.90 0\.10/);
    const shown = JSON.parse(parley('runs', 'show', runId, '--json').stdout);
    expect(shown.judgements.judges).toEqual([
      expect.objectContaining({ judge: 'scripted:flaky.json', k: 3, judgements: 15, errors: 0 }),
    ]);
  }, 60_000);

  it('refuses k = 0, k = 10^6 and a missing run in plain words, writing nothing', () => {
    for (const k of ['0', '1000000']) {
      const out = parley('rejudge', runId, '--k', k);
      expect(out.code).toBe(2);
      expect(out.stderr).toContain(`--k: expected a whole number from 1 to 50, got "${k}"`);
    }
    expect(parley('rejudge', runId, '--k', 'two').stderr).toContain(
      '--k: expected a whole number from 1 to 50, got "two"',
    );
    expect(parley('rejudge', runId, '--judge-params', 'temperature=0.7').stderr).toContain(
      '--judge-params goes with --judge-model SPEC',
    );
    const bad = parley('rejudge', runId, '--judge-model', 'ollama:qwen2.5', '--judge-params', 'temperature=9');
    expect(bad.code).toBe(2);
    expect(bad.stderr).toContain('--judge-params: parameter "temperature" = 9: Too big: expected number to be <=2');
    const missing = parley('rejudge', 'run_nope');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('run "run_nope" not found');
    const shown = JSON.parse(parley('runs', 'show', runId, '--json').stdout);
    expect(shown.judgements.judges).toHaveLength(1); // only the first test's batch
  }, 60_000);
});
