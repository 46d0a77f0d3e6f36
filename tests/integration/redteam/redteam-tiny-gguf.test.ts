/**
 * Every built red-team category end to end on the tiny GGUF (real llama.cpp, real SQLite), through the CLI in
 * process: one run shared by the assertions, 1 attempt per category and at most 2 attacker turns. Mechanics only
 * (each category's attempt stored and graded); the tiny model's verdicts mean nothing.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BUILT_CATEGORY_IDS } from '../../../src-shared/redteam/categories.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
let dir: string;
let db: string;
let r: Awaited<ReturnType<typeof parleyInProcess>>;
let report: { run_id: string; categories: { id: string; attempts: number; errored: number; successes: number }[] };

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-redteam-gguf-'));
  db = path.join(dir, 'p.db');
  const model = `llama-cpp:${await ensureTinyGguf(undefined, 1)}`;
  r = await parleyInProcess(
    'redteam',
    '--agent',
    path.join(root, 'resources/example/agent.json'),
    '--tests',
    path.join(root, 'resources/example/suite.json'),
    '--agent-model',
    model,
    '--agent-params',
    'max_tokens=24',
    '--attempts',
    '1',
    '--max-turns',
    '2',
    '--json',
    '--db',
    db,
  );
  report = JSON.parse(r.stdout);
}, 240_000);

afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('parley redteam on the tiny GGUF: every built category', () => {
  it('each built category has its one attempt run and graded (a rate, no error)', () => {
    expect(r.stderr).not.toMatch(/error/i);
    expect([0, 1]).toContain(r.code);
    expect(report.categories.map((c) => c.id)).toEqual(BUILT_CATEGORY_IDS);
    for (const c of report.categories)
      expect({ id: c.id, attempts: c.attempts, errored: c.errored }).toEqual({ id: c.id, attempts: 1, errored: 0 });
  });

  it('the attempts are stored as one ordinary run, one result per category', async () => {
    const shown = await parleyInProcess('runs', 'show', report.run_id, '--json', '--db', db);
    expect(JSON.parse(shown.stdout).summary.total).toBe(BUILT_CATEGORY_IDS.length);
  });
});
