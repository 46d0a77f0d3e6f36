// Judge cost per conversation (issue 15): prompt and generated tokens of the judge for 8 conversations
// of 4 caller turns and one rubric metric, on
//   - the scripted model (its tokens are words: the prompt's size, generation as scripted), and
//   - the tiny random-weight GGUF in-process (real tokenizer; random weights write every bounded string
//     to its bound, so the generated figure is the worst case the verdict schema allows).
// The engine's default limits are used (not the other benches' BENCH_LIMITS), so the figures are what a
// user's run costs. Run it on two checkouts to compare (see BENCHMARKS.md).
// Usage: npx tsx bench/judge-cost.ts [--metrics 1]
import type { TranscriptTurn } from '../src-shared/schemas/index.js';
import { judgeMetrics, type ResolvedMetric } from '../src-main/engine/judge/index.js';
import { ModelCalls } from '../src-main/engine/model-io/model-calls.js';
import { scriptedModel } from '../src-main/providers/scripted.js';
import { createProviderRegistry } from '../src-main/providers/registry.js';
import type { ChatModel } from '../src-main/providers/types.js';
import { ensureTinyGguf } from '../tests/fixtures/tiny-gguf/write-tiny-gguf.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const METRICS = arg('--metrics', 1);
const CONVERSATIONS = 8;

const GOALS = [
  'I was charged twice for March and want one charge refunded.',
  'My bill went up by 12 dollars, why?',
  'Please cancel the premium add-on; what is the final charge?',
  'There is a late fee although I paid on time.',
];
const AGENT = [
  'Acme billing, this is Robin. How can I help?',
  'I see that on your account. Let me check the details for you.',
  'The charge comes from the plan change on the 3rd; I have noted your request.',
  'It is done. Is there anything else I can help with today?',
];

function transcript(i: number): TranscriptTurn[] {
  const out: TranscriptTurn[] = [];
  for (let t = 0; t < 4; t++) {
    out.push({ role: 'agent', content: AGENT[t], node: 'billing' } as TranscriptTurn);
    const line = t === 0 ? GOALS[i % GOALS.length] : ['Okay.', 'Can you explain that?', 'No, thanks. Bye.'][t - 1];
    out.push({ role: 'caller', content: line, node: 'billing' } as TranscriptTurn);
  }
  return out;
}

const metrics: ResolvedMetric[] = [
  { criterion: 'The agent explained the charge the caller asked about', threshold: 0.5, global: false },
  { criterion: 'The agent was polite and brief', threshold: 0.5, global: false },
].slice(0, METRICS);

async function perConversation(model: ChatModel) {
  let prompt = 0;
  let completion = 0;
  let calls = 0;
  let reasoning = 0;
  for (let i = 0; i < CONVERSATIONS; i++) {
    const mc = new ModelCalls({ agent: model, caller: model, judge: model });
    const out = await judgeMetrics(mc, transcript(i), metrics);
    await mc.disposeAll();
    for (const r of mc.records) {
      prompt += r.tokens.prompt;
      completion += r.tokens.completion;
      calls++;
    }
    reasoning += out.reduce((a, m) => a + m.reasoning.length, 0);
  }
  return {
    calls: calls / CONVERSATIONS,
    prompt: prompt / CONVERSATIONS,
    completion: completion / CONVERSATIONS,
    reasoning: reasoning / CONVERSATIONS,
  };
}

const scripted = scriptedModel({ name: 'judge-words', defaults: { score: 0.9 } });
const registry = createProviderRegistry();
const tiny = await registry.load({
  provider: 'llama-cpp',
  model: await ensureTinyGguf(undefined, 1),
  params: { threads: 1, context_size: 4096 },
});
process.stdout.write(
  `\n### Judge cost per conversation (${CONVERSATIONS} conversations x 4 caller turns, ${METRICS} metric(s), default limits)\n\n| model | judge calls | prompt tokens | generated tokens | reasoning chars |\n|---|---|---|---|---|\n`,
);
for (const [name, model] of [
  ['scripted (tokens = words)', scripted],
  ['tiny GGUF in-process (real tokens, random weights)', tiny],
] as const) {
  const f = await perConversation(model);
  process.stdout.write(
    `| ${name} | ${f.calls.toFixed(1)} | ${f.prompt.toFixed(1)} | ${f.completion.toFixed(1)} | ${f.reasoning.toFixed(0)} |\n`,
  );
}
await registry.close();
