import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AgentGraph, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import { runConversation, runSuite } from '../../../src-main/engine/index.js';
import { ModelCalls } from '../../../src-main/engine/model-io/model-calls.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { openStore } from '../../../src-main/store/index.js';

const g = AgentGraph.parse({
  entry_node_id: 'm',
  global_prompt: 'You are {%b%} support for {{user.name}}.',
  snippets: { b: 'Acme' },
  nodes: [
    {
      id: 'm',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Help {{user.name}}.' },
      transitions: [
        { id: 'p1', target: 'm', condition: { kind: 'prompt', prompt: 'caller wants a refund' } },
        { id: 'e1', target: 'm', condition: { kind: 'equation', equations: [{ left: 'x', operator: 'exists' }] } },
      ],
    },
    {
      id: 'g',
      type: 'conversation',
      instruction: { mode: 'static', text: 'Human here.' },
      global: { entry_conditions: [{ id: 'gi', condition: { kind: 'prompt', prompt: 'asks for a human' } }] },
    },
  ],
});
const model = scriptedModel({ defaults: { caller_turns: 10_000 } });
const test = TestCase.parse({ name: 't', dynamic_variables: { user: { name: 'Dana' } } });

async function conv(turns: number) {
  const calls = new ModelCalls({ agent: model, caller: model, judge: model });
  const t0 = performance.now();
  const out = await runConversation({ graph: g, test, callId: 'c', calls, callerPrompt: 'caller', maxTurns: turns });
  const ms = performance.now() - t0;
  await calls.disposeAll();
  return { ms, turns: out.turns, calls: calls.records.length };
}

for (let i = 0; i < 3; i++) await conv(20); // warm up
const runs = [];
for (let i = 0; i < 10; i++) runs.push(await conv(20));
const perTurn = runs.map((r) => r.ms / r.turns).sort((a, b) => a - b);
console.log(
  `20-turn conversation, 3 model calls per turn (caller, route, chat): median ${perTurn[5].toFixed(3)} ms/turn, min ${perTurn[0].toFixed(3)}, calls/conv ${runs[0].calls}`,
);
const long = await conv(200);
console.log(`200-turn conversation: ${(long.ms / long.turns).toFixed(3)} ms/turn (transcript growth)`);

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
const store = openStore(path.join(dir, 'b.db'));
const { agent, version } = store.agents.create(g);
const suite = TestSuite.parse({
  tests: Array.from({ length: 100 }, (_, i) => ({
    name: `t${i}`,
    max_turns: 10,
    dynamic_variables: { user: { name: 'D' } },
    metrics: ['m'],
    includes: ['OK'],
    patterns: ['O.'],
  })),
});
const t0 = performance.now();
const out = await runSuite({
  store,
  models: { agent: model, caller: model, judge: model },
  agent: { id: agent.id, version_id: version.id, name: 'a', graph: version.graph },
  suite: { id: null, name: 's', data: suite },
  options: { concurrency: 4 },
});
const ms = performance.now() - t0;
console.log(
  `suite of 100 x 10-turn conversations (judge + rules + regex worker, SQLite writes), concurrency 4: ${ms.toFixed(0)} ms total, ${(ms / 100).toFixed(1)} ms/conversation, status ${out.run.status}, passed ${out.run.summary.passed}`,
);
const sizes = store.db.prepare('SELECT avg(length(data_json)) AS n FROM results').get() as { n: number };
console.log(`stored result JSON: ${Math.round(sizes.n)} bytes average`);
store.close();
