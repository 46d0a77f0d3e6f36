/**
 * The LLM helpers of the comparison (failure grouping, per-turn quality, evaluate's judge) on the tiny
 * random-weight GGUF through node-llama-cpp (threads: 1). Output is gibberish; the tests check that
 * the bounded schemas come back valid and bounded within maxTokens, and that results are well-formed.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evaluateRun } from '../../../src-main/engine/index.js';
import { importCalls, parseCallFiles } from '../../../src-main/transcripts/index.js';
import { groupFailures, SEVERITIES } from '../../../src-main/app/analysis/problems/failure-groups.js';
import { scoreTurnQuality, TURN_METRICS } from '../../../src-main/engine/judge/turn-quality.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import type { ChatModel } from '../../../src-main/providers/types.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

let reg: ProviderRegistry;
let model: ChatModel;
let dir: string;
let store: Store;

beforeAll(async () => {
  reg = createProviderRegistry();
  model = await reg.load({ provider: 'llama-cpp', model: await ensureTinyGguf(), params: { threads: 1 } });
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  store = openStore(path.join(dir, 'parley.db'));
});
afterAll(async () => {
  store?.close();
  await reg?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('compare LLM helpers on the tiny GGUF', () => {
  it('evaluate judges imported calls, then failure grouping and turn quality return bounded values', async () => {
    const { agent, version } = store.agents.create(
      AgentGraph.parse({
        name: 'Pharmacy',
        entry_node_id: 'main',
        nodes: [{ id: 'main', type: 'conversation', instruction: { text: 'Help with prescriptions.' } }],
      }),
    );
    const imported = importCalls(
      store,
      { agent_id: agent.id, agent_version_id: version.id, agent_name: agent.name },
      parseCallFiles([
        path.resolve(__dirname, '../../fixtures/calls/vapi-call.json'),
        path.resolve(__dirname, '../../fixtures/calls/plain-transcript.json'),
      ]),
    ).run;
    const suite = TestSuite.parse({
      name: 'review',
      tests: [
        { name: 'review', metrics: [{ criterion: 'Answers the question', threshold: 1 }], includes: ['agent:zebra'] },
      ],
    });
    const t0 = performance.now();
    const { run, results } = await evaluateRun(store, imported.id, { suite, judge: model, concurrency: 1 });
    const evaluateMs = performance.now() - t0;
    expect(run.status).toBe('completed');
    for (const r of results) {
      expect(r.status).toBe('fail'); // the includes rule can never hold
      expect(r.metrics).toHaveLength(1);
      expect(r.metrics[0].score).toBeGreaterThanOrEqual(0);
      expect(r.metrics[0].score).toBeLessThanOrEqual(1);
      expect(r.metrics[0].reasoning.length).toBeLessThanOrEqual(300);
      expect(r.model_calls.length).toBeGreaterThanOrEqual(1);
    }

    const t1 = performance.now();
    const grouping = await groupFailures(results, model, { maxTokens: 300 });
    const groupMs = performance.now() - t1;
    expect(grouping.total_failures).toBeGreaterThanOrEqual(2);
    expect(grouping.usage).not.toBeNull();
    const claimed = grouping.groups.reduce((n, g) => n + g.occurrences, 0);
    expect(claimed + grouping.ungrouped.length).toBe(Math.min(grouping.total_failures, 100));
    for (const g of grouping.groups) {
      expect(SEVERITIES).toContain(g.severity);
      expect(g.label.length).toBeLessThanOrEqual(80);
      expect(g.description.length).toBeLessThanOrEqual(240);
      expect(g.examples).toHaveLength(g.occurrences);
    }

    const t2 = performance.now();
    const q = await scoreTurnQuality(results[1], model, { maxTokens: 120 });
    const qualityMs = performance.now() - t2;
    expect(q.turns.map((t) => t.index)).toEqual(
      results[1].transcript.flatMap((t, i) => (t.role === 'agent' ? [i] : [])),
    );
    for (const t of q.turns) for (const m of TURN_METRICS) expect(t.scores[m]).toBeGreaterThanOrEqual(0);
    console.log(
      `tiny GGUF (threads 1): evaluate 2 calls ${evaluateMs.toFixed(0)} ms, group failures ${groupMs.toFixed(0)} ms (completion tokens ${grouping.usage?.completion_tokens}), turn quality (${q.turns.length} turns) ${qualityMs.toFixed(0)} ms`,
    );
  }, 120_000);
});
