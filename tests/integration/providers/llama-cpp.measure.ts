/**
 * Measures the llama-cpp provider on the tiny GGUF: load time, tokens/s, KV reuse (prefill
 * amplification), and parallel speedup at N = 1, 2, 4, 8 (best of `REPS`, sequential vs
 * concurrent conversations of 6 turns x 40 tokens). Not a test: run it on a quiet machine with
 *   npx tsx tests/integration/providers/llama-cpp.measure.ts [batchWaitMs] [reps]
 */
import { LlamaCppChatModel } from '../../../src-main/providers/llama-cpp/model.js';
import { llamaCppStats } from '../../../src-main/providers/llama-cpp/runtime.js';
import type { CallUsage, ChatMessage } from '../../../src-main/providers/types.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

const batchWaitMs = Number(process.argv[2] ?? 0.25);
const REPS = Number(process.argv[3] ?? 3);
const TURNS = 6;
const MAX_TOKENS = 40;

const file = await ensureTinyGguf();
const t0 = performance.now();
const model = await LlamaCppChatModel.load(
  { provider: 'llama-cpp', model: file, params: { threads: 1 } },
  { batchWaitMs, maxParallel: 8 },
);
const loadMs = performance.now() - t0;

async function conversation(k: number, usages?: CallUsage[]): Promise<{ transcriptTokens: number }> {
  const s = await model.openSession();
  const msgs: ChatMessage[] = [
    { role: 'system', content: `You are agent ${k} of Acme billing. Help the caller, briefly and politely.` },
    { role: 'user', content: 'hello, I have a question about my bill' },
  ];
  let last: CallUsage | undefined;
  for (let i = 0; i < TURNS; i++) {
    const r = await s.chat({ messages: msgs, maxTokens: MAX_TOKENS });
    usages?.push(r.usage);
    last = r.usage;
    msgs.push({ role: 'assistant', content: r.text }, { role: 'user', content: `ok, and then? (${i})` });
  }
  await s.dispose();
  return { transcriptTokens: (last?.prompt_tokens ?? 0) + (last?.completion_tokens ?? 0) };
}

// KV reuse and token rates from one conversation
const usages: CallUsage[] = [];
const { transcriptTokens } = await conversation(99, usages);
const evaluated = usages.reduce((a, u) => a + u.prompt_tokens - u.cached_prompt_tokens, 0);
const completion = usages.reduce((a, u) => a + u.completion_tokens, 0);
const evalMs = usages.reduce((a, u) => a + (u.eval_ms ?? 0), 0);
const promptMs = usages.reduce((a, u) => a + (u.prompt_eval_ms ?? 0), 0);
console.log(
  `load (incl. getLlama): ${loadMs.toFixed(0)} ms; model weights load: ${llamaCppStats().loadMsTotal} ms; loads: ${llamaCppStats().modelLoads}`,
);
console.log(
  `generation: ${((completion / evalMs) * 1000).toFixed(0)} tokens/s; prompt: ${((evaluated / promptMs) * 1000).toFixed(0)} tokens/s`,
);
console.log(
  `prefill amplification: ${(evaluated / transcriptTokens).toFixed(2)} (evaluated ${evaluated} / transcript ${transcriptTokens}); re-sending everything would be ${(usages.reduce((a, u) => a + u.prompt_tokens, 0) / transcriptTokens).toFixed(2)}`,
);

for (const n of [1, 2, 4, 8]) {
  let seq = Infinity;
  let par = Infinity;
  for (let r = 0; r < REPS; r++) {
    let t = performance.now();
    for (let i = 0; i < n; i++) await conversation(i);
    seq = Math.min(seq, performance.now() - t);
    t = performance.now();
    await Promise.all(Array.from({ length: n }, (_, i) => conversation(i)));
    par = Math.min(par, performance.now() - t);
  }
  console.log(
    `N=${n}: sequential ${seq.toFixed(0)} ms, concurrent ${par.toFixed(0)} ms, speedup x${(seq / par).toFixed(2)}`,
  );
}
console.log('pool:', JSON.stringify(model.stats().pool));
await model.close();
