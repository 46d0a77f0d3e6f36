/**
 * Issue 36, item 3 through the command line (in process, real SQLite file): `parley import-calls --redact` of 30
 * generated calls of 3 intents, then `parley generate tests AGENT --from-calls RUN`: JSON clusters, the human
 * listing, --suite --save, and the refusals.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { openStore } from '../../../src-main/store/index.js';
import { parleyInProcess } from '../../support/cli-in-process.js';
import { generateIntentCalls } from '../../support/intent-calls.js';
import { CLINIC, piiAgentGraph } from '../../support/pii-calls.js';
import { tempDir } from '../../support/tmp.js';

const set = generateIntentCalls(30);
const tmp = tempDir();
const db = path.join(tmp.dir, 'parley.db');
let runId: string;

beforeAll(async () => {
  const s = openStore(db);
  s.agents.create(AgentGraph.parse(piiAgentGraph));
  s.suites.create(TestSuite.parse({ name: 'From calls', tests: [] }), 'From calls');
  s.close();
  const paths = set.files.map((f) => {
    const p = path.join(tmp.dir, f.name);
    fs.writeFileSync(p, f.text);
    return p;
  });
  const r = await parleyInProcess('import-calls', CLINIC, ...paths, '--redact', '--json', '--db', db);
  expect(r.code).toBe(0);
  runId = JSON.parse(r.stdout).run_id;
});
afterAll(() => tmp.cleanup());

describe('parley generate tests --from-calls', () => {
  it('prints the groups as JSON clusters, none carrying a planted value', async () => {
    const r = await parleyInProcess('generate', 'tests', CLINIC, '--from-calls', runId, '--json', '--db', db);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const out = JSON.parse(r.stdout);
    expect(out.clusters.length).toBeGreaterThanOrEqual(2);
    expect(out.clusters.length).toBeLessThanOrEqual(6);
    for (const c of out.clusters)
      expect(Object.keys(c)).toEqual(expect.arrayContaining(['id', 'label', 'size', 'calls', 'test']));
    expect(out.clusters.reduce((n: number, c: { size: number }) => n + c.size, 0)).toBe(30);
    expect(set.planted.filter((p) => r.stdout.includes(p.value))).toEqual([]);
  });

  it('lists them for a person and saves them into a suite with --suite --save', async () => {
    const r = await parleyInProcess(
      'generate',
      'tests',
      CLINIC,
      '--from-calls',
      runId,
      '--groups',
      '3',
      '--suite',
      'From calls',
      '--save',
      '--db',
      db,
    );
    expect(r.code).toBe(0);
    expect(r.stdout).toContain(`${CLINIC}: 30 call(s) of run ${runId} in 3 group(s) (as asked)`);
    expect(r.stdout).toContain("tests drafted from the callers' own words (no --model)");
    expect(r.stdout).toMatch(/added 3 test\(s\) to suite "From calls"/);
    const s = openStore(db);
    expect(s.suites.find('From calls')!.data.tests).toHaveLength(3);
    s.close();
  });

  it('refuses another agent, --save without --suite, and both modes at once', async () => {
    const other = await parleyInProcess('generate', 'tests', 'Someone else', '--from-calls', runId, '--db', db);
    expect(other.code).not.toBe(0);
    expect(other.stderr).toContain(`holds calls of agent ${CLINIC}`);
    const save = await parleyInProcess('generate', 'tests', CLINIC, '--from-calls', runId, '--save', '--db', db);
    expect(save.stderr).toContain('--save adds the tests to a suite: add --suite SUITE');
    const both = await parleyInProcess('generate', 'tests', CLINIC, '--from-calls', runId, '--uncovered', '--db', db);
    expect(both.stderr).toContain('choose one: --uncovered or --from-calls RUN');
  });
});
