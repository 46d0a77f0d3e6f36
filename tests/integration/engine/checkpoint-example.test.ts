/**
 * Checkpoint tests (issue 34) on the bundled example agent, through the real CLI in process on a temp SQLite
 * file, with the example's scripted model: every check's verdict and reason is exact, and no caller model is
 * ever called (counted on the stored model calls).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ResultReport, RunReport } from '../../../src-shared/run/report.js';
import { openStore } from '../../../src-main/store/index.js';
import type { TestOutcome } from '../../../src-main/engine/judge/pass-fail.js';
import { parleyInProcess } from '../../support/cli-in-process.js';

const root = path.resolve(import.meta.dirname, '../../..');
const ex = (f: string) => path.join(root, 'resources/example', f);
const suiteFile = path.join(root, 'tests/fixtures/checkpoints/example-checkpoints.json');
let dir: string;
let db: string;
let report: RunReport & { tests: TestOutcome[] };
const byTest = (name: string) => report.results.filter((r) => r.test === name);
const checks = (r: ResultReport) =>
  Object.fromEntries([...r.assertions, ...r.rules].map((c) => [`${c.kind} ${c.target}`, [c.passed, c.message]]));

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-checkpoints-'));
  db = path.join(dir, 'p.db');
  const out = await parleyInProcess(
    'run',
    '--agent',
    ex('agent.json'),
    '--tests',
    suiteFile,
    '--agent-model',
    `scripted:${ex('scripted-model.json')}`,
    '--json',
    '--db',
    db,
  );
  expect(out.code).toBe(1); // two tests are meant to fail
  report = JSON.parse(out.stdout) as typeof report;
}, 60_000);

describe('checkpoint tests on the example agent (scripted model)', () => {
  it('one step from the greeting: the route, the extraction, the tool call and the reply rules', () => {
    const [r] = byTest('name and date of birth: finds slots and offers the first');
    expect(r.status).toBe('pass');
    expect(r.end_reason).toBe('checkpoint');
    expect(checks(r)).toEqual({
      'checkpoint.next_node offer_slot': [true, 'went to offer_slot'],
      'checkpoint.tool_call find_slots': [
        true,
        'called find_slots({"patient_name":"John Smith","date_of_birth":"January 15, 1985"})',
      ],
      'checkpoint.variables intent, slots_available, first_slot': [
        true,
        'intent, slots_available, first_slot as expected',
      ],
      'includes Tuesday at 10:00': [true, 'found in turn 5 (agent)'],
      'excludes diagnos': [true, 'absent from the transcript'],
      'pattern /shall I book/i': [true, 'matched "Shall I book" in turn 5 (agent)'],
    });
    // the given history is kept and marked; the step follows it
    expect(r.checkpoint).toEqual({ start_node: 'greeting', given_turns: 2, end_node: 'offer_slot' });
    expect(r.transcript.slice(2).map((t) => t.role)).toEqual(['agent', 'tool', 'agent']);
    expect(r.nodes_visited).toEqual(['greeting', 'identify', 'check_slots', 'slots_available', 'offer_slot']);
  });

  it('an end node and no tool; entering a node with no caller message; a metric on the step', () => {
    const [cancel] = byTest('a confirmed cancellation ends the call without a tool');
    expect(cancel.status).toBe('pass');
    expect(cancel.end_reason).toBe('end_node');
    expect(checks(cancel)['checkpoint.no_tool_call no tool call']).toEqual([true, 'called no tool']);
    const [enter] = byTest('entering offer_slot: offers the slot in the variables');
    expect(enter.status).toBe('pass');
    expect(enter.checkpoint?.given_turns).toBe(0);
    expect(enter.transcript).toEqual([
      expect.objectContaining({
        role: 'agent',
        node: 'offer_slot',
        content: expect.stringContaining('Tuesday at 10:00'),
      }),
    ]);
    expect(enter.metrics).toEqual([
      expect.objectContaining({ criterion: 'The agent offered one slot and asked to confirm it.', passed: true }),
    ]);
  });

  it('failing checks say what happened and what was expected; repeats give a pass rate with its interval', () => {
    const [wrong] = byTest('wrong expectations fail with their reasons');
    expect(wrong.status).toBe('fail');
    expect(checks(wrong)).toEqual({
      'checkpoint.next_node offer_slot': [false, 'went to transfer_front_desk, expected offer_slot'],
      'checkpoint.tool_call find_slots': [
        false,
        'called find_slots with patient_name "Maria Garcia", expected "Mary Garcia"',
      ],
      'checkpoint.variables intent': [false, 'intent is "book", expected "cancel"'],
      'includes Tuesday': [false, '"Tuesday" does not appear in the transcript'],
    });
    // the example's scripted router picks "cancel-yes" whatever the caller says: a wrong route, shown as such
    const mind = byTest('a change of mind goes back to clarify');
    expect(mind.map((r) => checks(r)['checkpoint.next_node clarify'])).toEqual(
      Array(3).fill([false, 'went to cancelled, expected clarify']),
    );
    const t = report.tests.find((x) => x.test === 'a change of mind goes back to clarify')!;
    expect(t).toMatchObject({ runs: 3, passed: 0, pass_rate: 0, ok: false });
    expect(t.pass_interval.high).toBeCloseTo(0.5615, 3);
  });

  it('calls no caller model: only the agent (and the judge for the one metric)', () => {
    const store = openStore(db);
    try {
      const results = store.results.listByRun(report.run_id);
      expect(results).toHaveLength(7);
      const roles = results.flatMap((r) => r.model_calls.map((c) => c.role));
      expect(roles.filter((x) => x === 'caller')).toEqual([]);
      expect(roles.filter((x) => x === 'judge')).toHaveLength(1);
      expect(roles.filter((x) => x === 'agent').length).toBeGreaterThan(0);
      // one step each: at most one route + one extraction + one reply per result here
      for (const r of results) expect(r.model_calls.length).toBeLessThanOrEqual(3);
    } finally {
      store.close();
    }
  });

  it('JUnit, compare and shards read checkpoint results like any other', async () => {
    const xml = path.join(dir, 'junit.xml');
    const again = await parleyInProcess(
      'run',
      '--agent',
      ex('agent.json'),
      '--tests',
      suiteFile,
      '--agent-model',
      `scripted:${ex('scripted-model.json')}`,
      '--junit',
      xml,
      '--shard',
      '1/2',
      '--json',
      '--db',
      db,
    );
    expect(again.code).toBe(1);
    const shard = JSON.parse(again.stdout) as RunReport;
    expect(shard.results.length).toBeLessThan(7);
    const text = fs.readFileSync(xml, 'utf8');
    expect(text).toContain('went to cancelled, expected clarify');
    const cmp = await parleyInProcess('compare', report.run_id, shard.run_id, '--db', db);
    expect(cmp.stderr).not.toMatch(/TypeError|at .*\.ts:/);
    expect(cmp.stdout).toContain('a change of mind goes back to clarify');
  });
});
