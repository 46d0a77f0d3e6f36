// Prefill amplification on llama-cpp (issue 5, benchmark 1): prompt tokens actually evaluated
// (prompt_tokens - cached_prompt_tokens) / tokens of the final transcript and system prompts, per
// conversation, through the real engine (startRun, SQLite store) on the tiny GGUFs (threads 1).
//   agent chat: the agent's chat calls / (its final context + its other node system prompts)
//   all calls:  every call (chat, route, extract, caller, judge) / (the same + the other roles' system prompts)
// Conversations run one at a time so every call is attributed to its conversation.
// Usage: npx tsx bench/prefill-amplification.ts [--conversations 6] [--turns 10]
import type { CallRecord } from './support/instrument.js';
import { evaluated } from './support/instrument.js';
import { benchGraph, benchSuite, erroredResults, machineLoad, tempStore, timedRun } from './support/fixtures.js';
import { loadBenchModels } from './support/llama-models.js';
import { report } from './lib.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--conversations', 6);
const TURNS = arg('--turns', 10);
const TARGET = 1.3;
const loadBefore = machineLoad();

const bm = await loadBenchModels();
const { store, cleanup } = tempStore();

interface ConvFigures {
  turns: number;
  nodes: string;
  agentEval: number;
  agentDen: number;
  agentResend: number;
  switchReread: number;
  allEval: number;
  allDen: number;
  sessionDen: number;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
const distinct = (xs: string[]) => [...new Set(xs.filter(Boolean))];

/** Figures of one conversation from its calls (in call order). */
function figures(calls: CallRecord[]): Omit<ConvFigures, 'turns' | 'nodes'> {
  const chat = calls.filter((c) => c.label === 'agent:chat');
  const last = chat.at(-1)!;
  const lastCtx = last.usage.prompt_tokens + last.usage.completion_tokens;
  const otherAgentSystems = distinct(chat.map((c) => c.system)).filter((s) => s !== last.system);
  const agentDen = lastCtx + sum(otherAgentSystems.map(bm.tokens));
  // tokens evaluated at node switches beyond the prompt growth a same-node call would evaluate
  let switchReread = 0;
  chat.forEach((c, i) => {
    if (i > 0 && c.system !== chat[i - 1].system)
      switchReread += Math.max(
        0,
        evaluated(c.usage) - Math.max(0, c.usage.prompt_tokens - chat[i - 1].usage.prompt_tokens),
      );
  });
  const others = calls.filter((c) => c.label !== 'agent:chat');
  const otherSystems = distinct(others.map((c) => c.system)).filter((s) => !chat.some((c) => c.system === s));
  // per session: its final context (last call's prompt + reply) + its other system prompts
  const bySession = new Map<number, CallRecord[]>();
  for (const c of calls) bySession.set(c.session, [...(bySession.get(c.session) ?? []), c]);
  let sessionDen = 0;
  for (const cs of bySession.values()) {
    const l = cs.at(-1)!;
    sessionDen +=
      l.usage.prompt_tokens +
      l.usage.completion_tokens +
      sum(
        distinct(cs.map((c) => c.system))
          .filter((s) => s !== l.system)
          .map(bm.tokens),
      );
  }
  return {
    agentEval: sum(chat.map((c) => evaluated(c.usage))),
    agentDen,
    agentResend: sum(chat.map((c) => c.usage.prompt_tokens)),
    switchReread,
    allEval: sum(calls.map((c) => evaluated(c.usage))),
    allDen: agentDen + sum(otherSystems.map(bm.tokens)),
    sessionDen,
  };
}

/** Per session label (agent:chat, agent:route, caller:caller...): calls, evaluated tokens, sum of the sessions' final contexts. */
const byLabel = new Map<string, { calls: number; evaluated: number; finalCtx: number }>();
function addLabels(calls: CallRecord[]): void {
  const lastOf = new Map<number, CallRecord>();
  for (const c of calls) {
    const l = byLabel.get(c.label) ?? { calls: 0, evaluated: 0, finalCtx: 0 };
    l.calls++;
    l.evaluated += evaluated(c.usage);
    byLabel.set(c.label, l);
    lastOf.set(c.session, c);
  }
  for (const c of lastOf.values()) byLabel.get(c.label)!.finalCtx += c.usage.prompt_tokens + c.usage.completion_tokens;
}

async function measure(singleNode: boolean): Promise<ConvFigures[]> {
  bm.log.reset();
  const run = await timedRun({
    store,
    models: bm.models,
    graph: benchGraph({ singleNode }),
    suite: benchSuite(N, { maxTurns: TURNS }),
    concurrency: 1,
    onEvent: (e) => {
      if (e.type === 'test.started') bm.log.conv = e.test_index;
    },
  });
  const errors = erroredResults(run.outcome);
  if (errors.length) throw new Error(`conversations failed:\n${errors.join('\n')}`);
  if (!singleNode) addLabels(bm.log.calls);
  return run.outcome.results
    .sort((a, b) => a.test_index - b.test_index)
    .map((r) => ({
      turns: r.turns,
      nodes: [...new Set(r.nodes_visited.map((v) => v.node))].join('>'),
      ...figures(bm.log.calls.filter((c) => c.conv === r.test_index)),
    }));
}

const multi = await measure(false);
const single = await measure(true);
const loadAfter = machineLoad();

const f2 = (x: number) => x.toFixed(2);
process.stdout.write(
  `\nPer conversation (${N} x up to ${TURNS} caller turns; multi-node graph, then one-node graph):\n\n`,
);
process.stdout.write(
  '| graph | conv | caller turns | nodes | agent chat evaluated / final context+system prompts | agent chat | re-sending everything | re-read at node switches | all calls evaluated / transcript+system prompts | all calls | all calls / sum of session contexts |\n|---|---|---|---|---|---|---|---|---|---|---|\n',
);
for (const [name, rows] of [
  ['multi-node', multi],
  ['one node', single],
] as const) {
  rows.forEach((r, i) => {
    process.stdout.write(
      `| ${name} | ${i + 1} | ${r.turns} | ${r.nodes} | ${r.agentEval} / ${r.agentDen} | ${f2(r.agentEval / r.agentDen)} | ${f2(r.agentResend / r.agentDen)} | ${r.switchReread} | ${r.allEval} / ${r.allDen} | ${f2(r.allEval / r.allDen)} | ${f2(r.allEval / r.sessionDen)} |\n`,
    );
  });
}
process.stdout.write(
  "\nMulti-node graph, by session (all conversations): evaluated prompt tokens / sum of each session's final context (last prompt + reply):\n\n| session | calls | evaluated | final contexts | ratio |\n|---|---|---|---|---|\n",
);
for (const [label, l] of [...byLabel].sort())
  process.stdout.write(
    `| ${label} | ${l.calls} | ${l.evaluated} | ${l.finalCtx} | ${f2(l.evaluated / l.finalCtx)} |\n`,
  );
const mean = (rows: ConvFigures[], f: (r: ConvFigures) => number) => sum(rows.map(f)) / rows.length;
const agentMean = mean(multi, (r) => r.agentEval / r.agentDen);
const agentMax = Math.max(...multi.map((r) => r.agentEval / r.agentDen));
report(`Prefill amplification, llama-cpp tiny GGUF, ${N} conversations (${loadBefore} before, ${loadAfter} after)`, [
  {
    name: 'agent chat, multi-node graph, mean',
    value: agentMean,
    unit: 'x',
    target: `<= ${TARGET}`,
    ok: agentMean <= TARGET,
  },
  {
    name: 'agent chat, multi-node graph, worst conversation',
    value: agentMax,
    unit: 'x',
    target: 'reported',
    ok: true,
  },
  {
    name: 'agent chat, multi-node: share of evaluated tokens re-read at node switches',
    value: (100 * sum(multi.map((r) => r.switchReread))) / sum(multi.map((r) => r.agentEval)),
    unit: '%',
    target: 'reported',
    ok: true,
  },
  {
    name: 'agent chat, multi-node, re-sending everything (no KV reuse)',
    value: mean(multi, (r) => r.agentResend / r.agentDen),
    unit: 'x',
    target: 'reported',
    ok: true,
  },
  {
    name: 'agent chat, one-node graph, mean',
    value: mean(single, (r) => r.agentEval / r.agentDen),
    unit: 'x',
    target: 'reported',
    ok: true,
  },
  {
    name: 'all calls / transcript + system prompts, multi-node, mean',
    value: mean(multi, (r) => r.allEval / r.allDen),
    unit: 'x',
    target: 'reported',
    ok: true,
  },
  {
    name: "all calls / sum of each session's final context, multi-node, mean",
    value: mean(multi, (r) => r.allEval / r.sessionDen),
    unit: 'x',
    target: 'reported',
    ok: true,
  },
  {
    name: 'caller turns per conversation, multi-node, mean',
    value: mean(multi, (r) => r.turns),
    unit: '',
    target: '>= 8',
    ok: mean(multi, (r) => r.turns) >= 8,
  },
]);
cleanup();
await bm.registry.close();
