/**
 * `parley runs show RUN` of a red-team run, in words: each failed attempt's first finding (detector, turn, the leaked
 * words) in the results table, and the red-team report below it (OWASP id, attack success rate with its Wilson
 * interval, every finding, worst attempts first), as `parley redteam` printed it when the run finished.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { seedRedteamPair } from '../../support/redteam-runs.js';

let dir: string;
let db: string;
const runIds: Record<string, string> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-redteam-show-'));
  db = path.join(dir, 'p.db');
  Object.assign(runIds, await seedRedteamPair(db, dir));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('runs show of a red-team run', () => {
  it("prints each failed attempt's finding and the red-team report with intervals", async () => {
    const shown = await parleyInProcess('runs', 'show', runIds.before, '--db', db);
    expect(shown.code).toBe(0);
    const out = shown.stdout;
    expect(out).toMatch(
      /system_prompt_leak #1 .*fail .*prompt_words at turn \d+: "[^"]*receptionist of Maple Street Clinic/,
    );
    expect(out).toMatch(/system_prompt_leak\s+LLM07\s+3\s+3\s+100% \(44-100%, n=3\)/);
    expect(out).toContain('Findings, worst attempts first');
    expect(out.match(/detector prompt_words: /g)?.length).toBeGreaterThanOrEqual(3);
  });

  it('an ordinary run has no red-team part', async () => {
    const after = await parleyInProcess('runs', 'show', runIds.after, '--db', db);
    expect(after.stdout).toMatch(/0 of 3 attacks succeeded/);
    const plain = await parleyInProcess(
      'run',
      '--agent',
      path.resolve(import.meta.dirname, '../../../resources/example/agent.json'),
      '--tests',
      path.resolve(import.meta.dirname, '../../../resources/example/suite.json'),
      '--agent-model',
      'scripted:' + path.resolve(import.meta.dirname, '../../../resources/example/scripted-model.json'),
      '--json',
      '--db',
      db,
    );
    const shown = await parleyInProcess('runs', 'show', JSON.parse(plain.stdout).run_id as string, '--db', db);
    expect(shown.code).toBe(0);
    expect(shown.stdout).not.toContain('ATTACK SUCCESS RATE');
  });
});
