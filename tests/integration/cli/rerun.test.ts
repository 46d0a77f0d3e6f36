/** `parley rerun`: the real CLI in this process on the bundled example (scripted model), --db on a temp file. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import type { RunReport } from '../../../src-shared/run/report.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
let dir: string;
let db: string;
let source: RunReport;

const cli = (...args: string[]) => parleyInProcess(...args, '--db', db);
const rerun = (...args: string[]) => parleyInProcess('rerun', ...args, '--db', db);

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-rerun-cli-'));
  db = path.join(dir, 'p.db');
  const run = await cli(
    'run',
    '--agent',
    ex('agent.json'),
    '--tests',
    ex('suite.json'),
    '--agent-model',
    `scripted:${ex('scripted-model.json')}`,
    '--concurrency',
    '2',
    '--no-project',
    '--json',
  );
  source = JSON.parse(run.stdout) as RunReport;
  // the bundled example: one test fails on its scripted model
  expect(source.pass_rate).toMatchObject({ k: 4, n: 5 });
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley rerun', () => {
  it('--failed runs exactly the failed tests, as the run ran them, in a new run that names its source', async () => {
    const failed = [...new Set(source.results.filter((r) => r.status !== 'pass').map((r) => r.test))];
    expect(failed).toEqual(['No free slots: transfers to the front desk']);
    const out = await rerun(source.run_id, '--failed', '--json');
    expect(out.code).toBe(1); // the failed test fails again
    expect(out.stderr).toContain(`rerun of ${source.run_id}: 1 test(s): ${failed[0]}`);
    const r = JSON.parse(out.stdout) as RunReport;
    expect(r.run_id).not.toBe(source.run_id);
    expect(r.source_run_id).toBe(source.run_id);
    expect(r.results.map((x) => x.test)).toEqual(failed);
    expect(r.agent).toEqual(source.agent);
    expect(r.role_models.agent?.spec).toEqual(source.role_models.agent?.spec);
    expect(r.options).toEqual({ ...source.options, tests: failed });
  });

  it('--test NAME reruns the named tests with their repeats', async () => {
    const out = await rerun(source.run_id, '--test', 'Impatient caller gives a wrong date first', '--json');
    expect(out.code).toBe(0);
    const r = JSON.parse(out.stdout) as RunReport;
    expect(r.results.map((x) => [x.test, x.repeat])).toEqual([
      ['Impatient caller gives a wrong date first', 0],
      ['Impatient caller gives a wrong date first', 1],
    ]);
  });

  it('refuses what cannot be rerun, naming the flag, and writes no run', async () => {
    const before = (await cli('runs', 'list', '--json')).stdout;
    const unknown = await rerun(source.run_id, '--test', 'nope');
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain('--test: run');
    expect(unknown.stderr).toContain('has no test named "nope"');
    const both = await rerun(source.run_id, '--failed', '--test', 'x');
    expect(both.code).toBe(2);
    expect(both.stderr).toContain('give --failed or --test NAME');
    const missing = await rerun('run_nope', '--failed');
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('run "run_nope" not found');
    const passing = JSON.parse(
      (await rerun(source.run_id, '--test', 'Cancels an appointment', '--json')).stdout,
    ) as RunReport;
    const none = await rerun(passing.run_id, '--failed');
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('has no failed tests');
    const after = JSON.parse((await cli('runs', 'list', '--json')).stdout) as unknown[];
    expect(after).toHaveLength((JSON.parse(before) as unknown[]).length + 1);
  });
});
