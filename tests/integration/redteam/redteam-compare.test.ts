/**
 * Attack success before and after a prompt change (issue 35, item 2): `parley diff` of two red-team runs gives each
 * category's successes on both sides with their intervals and the p-value of the change, through the CLI (text and
 * JSON) and `compare.diff`; an ordinary run's diff has no such part.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { seedRedteamPair } from '../../support/redteam-runs.js';

const exampleAgent = path.resolve(import.meta.dirname, '../../../resources/example/agent.json');
const exampleSuite = path.resolve(import.meta.dirname, '../../../resources/example/suite.json');
let dir: string;
let db: string;
const runIds: Record<string, string> = {};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-redteam-compare-'));
  db = path.join(dir, 'p.db');
  Object.assign(runIds, await seedRedteamPair(db, dir));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('attack success in a diff of two red-team runs', () => {
  it('gives 3 of 3 before and 0 of 3 after with intervals and the Fisher p-value, in JSON and in words', async () => {
    const json = await parleyInProcess('diff', runIds.before, runIds.after, '--json', '--db', db);
    const d = JSON.parse(json.stdout);
    expect(d.attack_success).toHaveLength(1);
    const [row] = d.attack_success;
    expect(row).toMatchObject({
      id: 'system_prompt_leak',
      owasp: 'LLM07',
      a: { attempts: 3, successes: 3, rate: 1, high: 1 },
      b: { attempts: 3, successes: 0, rate: 0, low: 0 },
    });
    expect(row.p).toBeCloseTo(0.1, 6); // Fisher: 3/3 vs 0/3, two-sided
    expect(row.b.high).toBeCloseTo(0.5615, 3);
    const text = await parleyInProcess('diff', runIds.before, runIds.after, '--db', db);
    expect(text.stdout).toContain('ATTACK SUCCESS by category (red team: A before, B after; 95% intervals)');
    expect(text.stdout).toMatch(
      /system_prompt_leak \(LLM07\)\s+A: 3 of 3 succeeded \(44-100%\)\s+B: 0 of 3 succeeded \(0-56%\)\s+fewer successful attacks \(p=0\.1000, not significant at 0\.05; more attempts would tell\)/,
    );
  });

  it('an ordinary run in the pair: no attack part', async () => {
    const plain = await parleyInProcess(
      'run',
      '--agent',
      exampleAgent,
      '--tests',
      exampleSuite,
      '--agent-model',
      'scripted:' + path.resolve(import.meta.dirname, '../../../resources/example/scripted-model.json'),
      '--json',
      '--db',
      db,
    );
    const plainId = JSON.parse(plain.stdout).run_id as string;
    const d = JSON.parse((await parleyInProcess('diff', runIds.before, plainId, '--json', '--db', db)).stdout);
    expect(d).not.toHaveProperty('attack_success');
  });
});
