/**
 * Checkpoint tests (issue 34) on the tiny random-weight GGUF through llama.cpp, stored in SQLite: the mechanics
 * (one step's route, extraction and reply calls are made and recorded, no caller call, the checks are stored
 * with the given history marked), not the quality: the output is gibberish.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { loadRunModels, startRun, type EngineLimits, type RunOutcome } from '../../../src-main/engine/index.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore } from '../../../src-main/store/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

const TINY_LIMITS: Partial<EngineLimits> = {
  chatMaxTokens: 16,
  reasonChars: 24,
  routeMaxTokens: 48,
  extractTextChars: 16,
  extractMaxTokens: 48,
  judgeReasonChars: 24,
  judgeMaxTokensPerMetric: 64,
};

let registry: ProviderRegistry;
let dbFile: string;
let outcome: RunOutcome;

beforeAll(async () => {
  const gguf = await ensureTinyGguf();
  registry = createProviderRegistry();
  dbFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'parley-cp-')), 'runs.db');
  const store = openStore(dbFile);
  const graph = AgentGraph.parse(JSON.parse(fs.readFileSync('resources/example/agent.json', 'utf8')));
  const { agent, version } = store.agents.create(graph);
  const suite = TestSuite.parse({
    name: 'tiny checkpoints',
    tests: [
      {
        name: 'answers the greeting',
        repeats: 2,
        tool_mocks: [{ tool: 'find_slots', response: { available_count: 1, first_slot: 'Tuesday' } }],
        checkpoint: {
          start_node: 'greeting',
          transcript: [
            { role: 'agent', content: 'May I have your name and date of birth?' },
            { role: 'caller', content: 'John Smith, January 15, 1985. I want to book.' },
          ],
          expect: { next_node: 'offer_slot', tool_call: { name: 'find_slots' }, excludes: ['diagnos'] },
        },
      },
      {
        name: 'enters offer_slot',
        checkpoint: {
          start_node: 'offer_slot',
          variables: { patient_name: 'John Smith', first_slot: 'Tuesday' },
          expect: { next_node: 'offer_slot', metrics: ['The agent offers the slot.'] },
        },
      },
    ],
  });
  const models = await loadRunModels(registry, {
    agent: { provider: 'llama-cpp', model: gguf, params: { threads: 1 } },
  });
  const handle = await startRun({
    store,
    models,
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
    suite: { id: null, name: suite.name, data: suite },
    options: { concurrency: 1 },
    limits: TINY_LIMITS,
  });
  outcome = await handle.done;
  store.close();
}, 240_000);

afterAll(async () => {
  await registry?.close();
});

describe('checkpoint tests on the tiny GGUF (llama.cpp)', () => {
  it('takes one step per repeat with real model calls, no caller call, and stores the checks', () => {
    expect(outcome.results.filter((r) => r.status === 'error').map((r) => r.error)).toEqual([]);
    expect(outcome.results.map((r) => `${r.test}#${r.repeat}`)).toEqual([
      'answers the greeting#0',
      'answers the greeting#1',
      'enters offer_slot#0',
    ]);
    for (const r of outcome.results) {
      expect(['pass', 'fail']).toContain(r.status);
      expect(r.model_calls.filter((c) => c.role === 'caller')).toEqual([]);
      expect(r.model_calls.every((c) => c.tokens.prompt > 0 && c.ms >= 0)).toBe(true);
    }
    const [greet] = outcome.results;
    // the greeting's step is routed by the model (its route call is made whatever it answers)
    expect(greet.model_calls.map((c) => c.purpose)).toContain('route');
    expect(greet.checkpoint).toMatchObject({ start_node: 'greeting', given_turns: 2 });
    expect(greet.assertions.map((a) => a.kind)).toEqual(
      expect.arrayContaining(['checkpoint.next_node', 'checkpoint.tool_call']),
    );
    const enter = outcome.results[2];
    expect(enter.model_calls.map((c) => `${c.role}:${c.purpose}`)).toEqual(
      expect.arrayContaining(['agent:chat', 'judge:judge']),
    );
    expect(enter.metrics).toHaveLength(1);
    const store = openStore(dbFile);
    try {
      expect(store.results.listByRun(outcome.run.id).map((r) => r.checkpoint?.start_node)).toEqual([
        'greeting',
        'greeting',
        'offer_slot',
      ]);
    } finally {
      store.close();
    }
  });
});
