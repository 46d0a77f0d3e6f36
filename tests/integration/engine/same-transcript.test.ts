/**
 * A graph whose ways out are all equations / skip / else / always, with static text and a scripted
 * caller, must give the SAME conversation on any model: the models are never asked anything.
 * Checked on the scripted model and the tiny random-weight GGUF (llama.cpp, threads 1).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { runSuite, type RunOutcome } from '../../../src-main/engine/index.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import type { ChatModel } from '../../../src-main/providers/types.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { tempStore } from '../../unit/engine/run-helpers.js';

const fixture = (f: string) => JSON.parse(fs.readFileSync(path.resolve('tests/fixtures/engine', f), 'utf8'));
const graph = AgentGraph.parse(fixture('deterministic-agent.json'));
const suite = TestSuite.parse(fixture('deterministic-suite.json'));

let registry: ProviderRegistry;
let gguf: ChatModel;

beforeAll(async () => {
  registry = createProviderRegistry();
  gguf = await registry.load({
    provider: 'llama-cpp',
    model: await ensureTinyGguf(),
    params: { threads: 1, max_tokens: 16 },
  });
});
afterAll(async () => {
  await registry?.close();
});

async function runOn(model: ChatModel): Promise<RunOutcome> {
  const store = tempStore();
  const { agent, version } = store.agents.create(graph);
  try {
    return await runSuite({
      store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
      suite: { id: null, name: suite.name, data: suite },
      now: () => new Date(2025, 0, 1, 12, 0),
    });
  } finally {
    store.close();
  }
}

const shape = (o: RunOutcome) =>
  o.results.map((r) => ({
    test: r.test,
    status: r.status,
    end: r.end_reason,
    turns: r.turns,
    transcript: r.transcript,
    path: r.nodes_visited,
    tools: r.tools_called,
    variables: r.variables,
  }));

describe('deterministic graphs give the same transcript on any model', () => {
  it('scripted and tiny GGUF produce identical conversations with no model call', async () => {
    const a = await runOn(scriptedModel({ chat: ['SCRIPTED SAYS SOMETHING ELSE'] }));
    const b = await runOn(gguf);
    expect(shape(b)).toEqual(shape(a));
    for (const o of [a, b]) {
      expect(o.results.every((r) => r.status === 'pass')).toBe(true);
      expect(o.results.flatMap((r) => r.model_calls)).toEqual([]);
    }
    const first = a.results[0];
    expect(first.transcript.map((t) => `${t.role}: ${t.content}`)).toEqual([
      'agent: Welcome to Acme, Dana. This call may be recorded.',
      'agent: Press 1 for your balance, 2 to end.',
      'caller: 1',
      'tool: check_balance({"account":"AC-1"}) -> {"balance":42}',
      'agent: Your balance is 42 dollars. Anything else?',
      'caller: yes please',
      'agent: Press 1 for your balance, 2 to end.',
      'caller: 1',
      'tool: check_balance({"account":"AC-1"}) -> {"balance":40}',
      'agent: Your balance is 40 dollars. Anything else?',
      'caller: no thanks',
      'agent: Goodbye Dana, you asked for ["balance","balance"].',
    ]);
    expect(first.nodes_visited.map((v) => `${v.node}:${v.reason}`)).toEqual([
      'welcome:entry',
      'tier:skip',
      'menu:equation',
      'balance:equation',
      'say-balance:always',
      'menu:else',
      'balance:equation',
      'say-balance:always',
      'bye:equation',
    ]);
    expect(a.results[1].transcript.map((t) => t.content)).toEqual([
      'Welcome to Acme, Eve. This call may be recorded.',
      'You are on the basic plan.',
      'Press 1 for your balance, 2 to end.',
      '2',
      'Goodbye Eve, you asked for {{workflow.asked}}.',
    ]);
  });
});
