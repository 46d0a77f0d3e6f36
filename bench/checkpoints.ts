// Checkpoint tests vs simulated conversations (issue 34), on the tiny random-weight GGUF in-process (agent and
// judge seed 1, caller seed 2: bench/support/llama-models.ts), the bundled example agent, concurrency 1.
// N checkpoints x R repeats, each a decision at depth d (1..5 caller turns into the call), against the same
// decisions reached by simulated conversations: the caller model speaks d turns, the agent answers each, the
// agent's global metric is judged (what a run of a test does). Model calls by role and wall time side by side.
// Usage: npx tsx bench/checkpoints.ts [--checkpoints 50] [--repeats 5]
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentGraph, TestSuite, type TestCaseInput } from '../src-shared/schemas/index.js';
import { openStore } from '../src-main/store/index.js';
import { loadBenchModels } from './support/llama-models.js';
import { BENCH_LIMITS, erroredResults, machineLoad, timedRun } from './support/fixtures.js';

const arg = (name: string, d: number) =>
  process.argv.includes(name) ? Number(process.argv[process.argv.indexOf(name) + 1]) : d;
const N = arg('--checkpoints', 50);
const R = arg('--repeats', 5);

const graph = AgentGraph.parse(JSON.parse(fs.readFileSync('resources/example/agent.json', 'utf8')));
const STARTS = ['greeting', 'clarify', 'offer_slot', 'confirm_cancel', 'ask_details'];
const CALLER = [
  'Hi, this is John Smith, born January 15, 1985.',
  'I would like to book a checkup.',
  'Tuesday works for me.',
  'Actually, can you check Friday?',
  'Yes, please go ahead.',
];
const AGENT = ['May I have your name and date of birth?', 'Thank you. Book or cancel?', 'I have Tuesday at 10:00.'];
const MOCKS = [
  { tool: 'find_slots', response: { available_count: 1, first_slot: 'Tuesday at 10:00' } },
  { tool: 'book_slot', response: { confirmation: 'MS-1' } },
];
const depth = (i: number) => (i % 5) + 1;

function checkpointTest(i: number): TestCaseInput {
  const d = depth(i);
  const transcript = [];
  for (let t = 0; t < d; t++) {
    transcript.push({ role: 'agent' as const, content: AGENT[t % AGENT.length] });
    transcript.push({ role: 'caller' as const, content: CALLER[(i + t) % CALLER.length] });
  }
  return {
    name: `checkpoint ${i + 1} (depth ${d})`,
    repeats: R,
    tool_mocks: MOCKS,
    checkpoint: {
      start_node: STARTS[i % STARTS.length],
      transcript,
      variables: { patient_name: 'John Smith', first_slot: 'Tuesday at 10:00' },
      expect: { next_node: STARTS[i % STARTS.length] },
    },
  };
}

const simulatedTest = (i: number): TestCaseInput => ({
  name: `simulated ${i + 1} (depth ${depth(i)})`,
  repeats: R,
  max_turns: depth(i),
  user_prompt: 'You are John Smith, born January 15, 1985. You want to book a checkup.',
  tool_mocks: MOCKS,
});

async function main() {
  const m = await loadBenchModels();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-bench-cp-'));
  const store = openStore(path.join(dir, 'bench.db'));
  const rows: string[] = [];
  try {
    for (const [label, make] of [
      ['checkpoints', checkpointTest],
      ['simulated', simulatedTest],
    ] as const) {
      const suite = TestSuite.parse({ name: label, tests: Array.from({ length: N }, (_, i) => make(i)) });
      const before = m.log.calls.length;
      const run = await timedRun({ store, models: m.models, graph, suite, concurrency: 1, limits: BENCH_LIMITS });
      const errors = erroredResults(run.outcome);
      if (errors.length) throw new Error(`${label}: ${errors.length} errored, e.g. ${errors[0]}`);
      const calls = run.outcome.results.flatMap((r) => r.model_calls);
      const by = (role: string) => calls.filter((c) => c.role === role).length;
      rows.push(
        `| ${label} | ${run.outcome.results.length} | ${calls.length} | ${by('agent')} | ${by('caller')} | ${by('judge')} | ${(run.wallMs / 1000).toFixed(1)} s | ${(run.wallMs / run.outcome.results.length).toFixed(0)} ms |`,
      );
      console.error(
        `${label}: ${calls.length} calls (${m.log.calls.length - before} seen by the models), ${run.wallMs.toFixed(0)} ms`,
      );
    }
  } finally {
    store.close();
    await m.registry.close();
  }
  console.log(`checkpoints ${N} x ${R} repeats vs simulated conversations to the same depth (${machineLoad()})`);
  console.log('| kind | conversations | model calls | agent | caller | judge | wall | per conversation |');
  console.log('|---|---|---|---|---|---|---|---|');
  for (const r of rows) console.log(r);
}

void main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});
