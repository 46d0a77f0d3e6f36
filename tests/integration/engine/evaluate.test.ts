import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EvaluateError, evaluateRun, mergeSuiteTests } from '../../../src-main/engine/index.js';
import { importCalls, parseCallFiles } from '../../../src-main/transcripts/index.js';
import { scriptedModel, type ScriptInput } from '../../../src-main/providers/scripted.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';

const fixtures = path.resolve(__dirname, '../../fixtures/calls');
const FILES = ['retell-flow-call.json', 'vapi-call.json', 'plain-transcript.json'].map((f) => path.join(fixtures, f));

let dir: string;
let store: Store;
let importedId: string;
const count = (table: string) => (store.db.prepare(`SELECT count(*) AS n FROM ${table}`).get() as { n: number }).n;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  store = openStore(path.join(dir, 'parley.db'));
  const { agent, version } = store.agents.create(
    AgentGraph.parse({
      name: 'Dental',
      entry_node_id: 'greet',
      nodes: [{ id: 'greet', type: 'conversation', instruction: { text: 'Greet' } }],
    }),
  );
  importedId = importCalls(
    store,
    { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
    parseCallFiles(FILES),
  ).run.id;
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const suite = TestSuite.parse({
  name: 'call review',
  tests: [
    { name: 'call_8f2c41d9a0b34e6f9e1a2b7c3d', metrics: ['Books the appointment'], includes: ['Tuesday'] },
    {
      name: 'generic',
      metrics: [{ criterion: 'Stays polite', threshold: 0.5 }],
      metric_threshold: 0.6,
      excludes: ['social security'],
      patterns: ['\\d'],
    },
  ],
});

describe('evaluateRun on an imported run', () => {
  it('judges each call with its test (or the merged suite) and stores a new child run', async () => {
    // Transcripts mentioning the dental clinic score 0.9, the others 0.55.
    const judge = scriptedModel({
      name: 'judge',
      rules: [{ purpose: 'judge', when: { any: 'Bright Smile' }, reply: 0.9 }],
      defaults: { score: 0.55 },
    } as unknown as ScriptInput);
    const { run, results } = await evaluateRun(store, importedId, { suite, judge });
    expect([run.kind, run.status, run.parent_run_id, run.suite_name]).toEqual([
      'imported',
      'completed',
      importedId,
      'call review',
    ]);
    expect(run.models.judge?.identity?.name).toBe('judge');
    expect(results.map((r) => [r.test, r.status])).toEqual([
      ['call_8f2c41d9a0b34e6f9e1a2b7c3d', 'pass'],
      ['5b7e9f3a-2c41-4d8e-9a0b-6f1e2d3c4b5a', 'fail'],
      ['plain-transcript', 'fail'],
    ]);
    expect(results[0].metrics.map((m) => [m.criterion, m.score, m.passed])).toEqual([
      ['Books the appointment', 0.9, true],
    ]);
    expect(results[0].rules.map((c) => [c.kind, c.passed])).toEqual([['includes', true]]);
    // merged: "Books the appointment" (0.7 default) fails at 0.55, "Stays polite" (0.5) passes.
    expect(results[1].metrics.map((m) => [m.criterion, m.threshold, m.passed])).toEqual([
      ['Books the appointment', 0.7, false],
      ['Stays polite', 0.5, true],
    ]);
    expect(results[1].rules.map((c) => [c.kind, c.passed])).toEqual([
      ['includes', false],
      ['excludes', true],
      ['pattern', true],
    ]);
    expect(results[0].tokens.prompt).toBeGreaterThan(0);
    expect(results[0].model_calls.map((c) => [c.role, c.purpose])).toEqual([['judge', 'judge']]);
    expect(run.summary).toEqual({ total: 3, passed: 1, failed: 2, errored: 0 });
    expect([count('runs'), count('results')]).toEqual([2, 6]);
    // The original imported run is untouched.
    expect(store.results.listByRun(importedId).every((r) => r.status === 'imported')).toBe(true);
  });

  it('rules-only suites need no model', async () => {
    const rulesOnly = TestSuite.parse({
      name: 'rules',
      tests: [{ name: 'x', type: 'rule', includes: ['agent:help'] }],
    });
    const { results } = await evaluateRun(store, importedId, { suite: rulesOnly, test: 'x' });
    expect(results.map((r) => r.status)).toEqual(['pass', 'pass', 'pass']);
    expect(results.every((r) => r.model_calls.length === 0)).toBe(true);
  });

  it('metrics without a judge model: error, nothing written', async () => {
    const before = [count('runs'), count('results')];
    await expect(evaluateRun(store, importedId, { suite })).rejects.toThrow(EvaluateError);
    await expect(evaluateRun(store, importedId, { suite })).rejects.toThrow(/choose a judge model/);
    expect([count('runs'), count('results')]).toEqual(before);
  });

  it('a judge that fails marks the conversation error; unknown --test is an error', async () => {
    const broken = scriptedModel({
      judge: [{ $error: 'judge exploded' }, { $error: 'judge exploded' }, { $error: 'judge exploded' }],
    });
    const { results } = await evaluateRun(store, importedId, { suite, judge: broken, test: 'generic' });
    expect(results[0].status).toBe('error');
    expect(results[0].error).toContain('judge exploded');
    await expect(evaluateRun(store, importedId, { suite, judge: broken, test: 'nope' })).rejects.toThrow(
      'no test named "nope" in suite "call review" (tests: call_8f2c41d9a0b34e6f9e1a2b7c3d, generic)',
    );
  });

  it('mergeSuiteTests keeps per-test thresholds and dedupes', () => {
    const t = mergeSuiteTests(
      TestSuite.parse({
        tests: [
          { name: 'a', metrics: ['M1', { criterion: 'M2', threshold: 0.9 }], metric_threshold: 0.4, includes: ['x'] },
          { name: 'b', metrics: ['M1', 'M3'], includes: ['x', 'y'] },
        ],
      }),
      'call',
    );
    expect(t.metrics).toEqual([{ criterion: 'M1', threshold: 0.4 }, { criterion: 'M2', threshold: 0.9 }, 'M3']);
    expect(t.includes).toEqual(['x', 'y']);
  });
});
