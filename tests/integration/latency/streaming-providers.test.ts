/**
 * First-token and full-reply times on every streaming provider, with real inference: node-llama-cpp in-process on
 * the tiny GGUF, and the Ollama and OpenAI protocol test servers over real HTTP (both stream token by token).
 * Checked at the provider (usage.first_token_ms), at the engine's record (ModelCall) and per agent turn.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import type { ChatModel } from '../../../src-main/providers/types.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/index.js';
import { runLatency } from '../../../src-shared/latency/run-latency.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { startOllamaServer, type OllamaTestServer } from '../../servers/ollama-server.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { tempDir } from '../../support/tmp.js';
import { goodScript, seedClinic } from '../api/run-control-fixtures.js';

let reg: ProviderRegistry;
let ollama: OllamaTestServer;
let openai: OpenAiTestServer;
let store: Store;
let cleanup: () => void;
const specs: Record<string, ModelSpecInput> = {};

beforeAll(async () => {
  const file = await ensureTinyGguf();
  ollama = await startOllamaServer({ models: ['tiny:latest'] });
  openai = await startOpenAiServer({});
  reg = createProviderRegistry();
  specs['llama-cpp'] = { provider: 'llama-cpp', model: file, params: { threads: 1, max_tokens: 24 } };
  specs.ollama = { provider: 'ollama', model: 'tiny:latest', endpoints: [ollama.url], params: { max_tokens: 24 } };
  specs.openai = { provider: 'openai', model: 'tiny', endpoints: [openai.baseUrl], params: { max_tokens: 24 } };
  const t = tempDir('parley-latency-');
  cleanup = t.cleanup;
  store = openStore(path.join(t.dir, 'parley.db'));
}, 120_000);

afterAll(async () => {
  store?.close();
  await reg?.close();
  await ollama?.stop();
  await openai?.stop();
  cleanup?.();
});

const PROVIDERS = ['llama-cpp', 'ollama', 'openai'] as const;

describe.each(PROVIDERS)('first-token latency on %s', (provider) => {
  let model: ChatModel;
  beforeAll(async () => {
    model = await reg.load(specs[provider] as never);
  }, 60_000);

  it('a streamed chat reports its first token, no later than the full reply and no earlier than the first chunk arrived', async () => {
    const s = await model.openSession();
    const t0 = performance.now();
    let firstSeen: number | undefined;
    const res = await s.chat({
      messages: [
        { role: 'system', content: 'You are a clinic receptionist. Answer briefly.' },
        { role: 'user', content: 'Hello, can I book a cleaning?' },
      ],
      maxTokens: 24,
      onToken: () => {
        firstSeen ??= performance.now() - t0;
      },
    });
    await s.dispose();
    expect(res.text.length).toBeGreaterThan(0);
    expect(firstSeen).toBeDefined();
    const first = res.usage.first_token_ms!;
    expect(first).toBeGreaterThanOrEqual(0);
    expect(first).toBeLessThanOrEqual(res.usage.wall_ms);
    // the provider's clock starts inside the call and stops when the chunk arrived, before the engine saw it
    expect(first).toBeLessThanOrEqual(firstSeen! + 1);
  }, 60_000);

  it('a run on it gives every model-spoken agent turn first token <= full reply, and p50/p95 per run', async () => {
    const { agentId, versionId, suiteId } = seedClinic(store, { name: `latency ${provider}` });
    const graph = store.agents.getVersion(versionId)!.graph;
    const suite = store.suites.get(suiteId)!;
    const scripted = scriptedModel(goodScript() as never, { model: 'scripted-caller.json' });
    const out = await runSuite({
      store,
      models: { agent: model, caller: scripted, judge: scripted },
      agent: { id: agentId, version_id: versionId, name: graph.name, graph },
      suite: { id: suite.id, name: suite.name, data: { ...suite.data, tests: suite.data.tests.slice(0, 1) } },
      options: { concurrency: 1 },
    });
    expect(out.run.status).toBe('completed');
    const r = out.results[0];
    const chats = r.model_calls.filter((c) => c.role === 'agent' && c.purpose === 'chat' && !c.error_code);
    expect(chats.length).toBeGreaterThan(0);
    for (const c of chats) {
      expect(c.first_token_ms).toBeDefined();
      expect(c.first_token_ms!).toBeLessThanOrEqual(c.ms);
    }
    const spoken = r.transcript.filter((t) => t.role === 'agent' && t.latency?.full_reply_ms !== undefined);
    expect(spoken.length).toBe(chats.length);
    for (const t of spoken) {
      const l = t.latency!;
      expect(l.estimated ?? []).not.toContain('first_token_ms'); // measured: the provider streamed
      expect(l.first_token_ms!).toBeLessThanOrEqual(l.full_reply_ms!);
      expect(l.response_ms).toBeCloseTo(l.first_token_ms! + (l.routing_ms ?? 0), 6);
    }
    const stats = runLatency(out.results);
    expect(stats.first_token_ms!.n).toBe(spoken.length);
    expect(stats.first_token_ms!.p50).toBeLessThanOrEqual(stats.first_token_ms!.p95);
    expect(stats.first_token_ms!.p95).toBeLessThanOrEqual(stats.full_reply_ms!.max);
  }, 120_000);
});
