import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resolveAgentVersion, runAgentOf } from '../../../src-main/app/index.js';
import { diffStoredRuns } from '../../../src-main/app/compare/compare-runs.js';
import { planReplay, runSuite, startReplay, type RunModels } from '../../../src-main/engine/index.js';
import { importCalls, parseCallFiles } from '../../../src-main/transcripts/index.js';
import { scriptedModel, type ScriptInput } from '../../../src-main/providers/scripted.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { AgentGraph, TestSuite, type AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { withoutLatency } from '../../support/without-latency.js';

const graphInput: AgentGraphInput = {
  name: 'Dental',
  entry_node_id: 'greet',
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { text: 'Greet the caller.' },
      transitions: [{ id: 'e_book', target: 'book', condition: { kind: 'prompt', prompt: 'Caller wants to book' } }],
    },
    {
      id: 'book',
      type: 'conversation',
      instruction: { text: 'Offer a slot.' },
      transitions: [{ id: 'e_done', target: 'end', condition: { kind: 'prompt', prompt: 'Caller accepts the slot' } }],
    },
    { id: 'end', type: 'end', message: { mode: 'static', text: 'Booked. Goodbye!' } },
  ],
};

const suite = TestSuite.parse({
  name: 'smoke',
  tests: [
    {
      name: 'scripted caller',
      caller_script: ['I want to book a cleaning.', 'Tuesday is perfect.'],
      metrics: ['Books the appointment'],
      includes: ['agent:Tuesday'],
    },
    { name: 'simulated caller', user_prompt: 'You want a cleaning.', repeats: 2, excludes: ['SSN'] },
  ],
});

function models(): RunModels {
  const agent = scriptedModel({
    name: 'agent',
    chat: ['Hello, Bright Smile Dental!', 'I have Tuesday at 3 PM.'],
    route: ['e_book', 'e_done'],
  } as unknown as ScriptInput);
  const caller = scriptedModel({
    name: 'caller',
    caller: ['Hi, I need a cleaning.', 'Tuesday works.'],
    defaults: { caller_turns: 2 },
  } as unknown as ScriptInput);
  const judge = scriptedModel({ name: 'judge', defaults: { score: 0.9 } } as unknown as ScriptInput);
  return { agent, caller, judge };
}

let dir: string;
let store: Store;
let agentId: string;
let originalId: string;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-'));
  store = openStore(path.join(dir, 'parley.db'));
  const { agent, version } = store.agents.create(AgentGraph.parse(graphInput));
  agentId = agent.id;
  const out = await runSuite({
    store,
    models: models(),
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
    suite: { id: null, name: 'smoke', data: suite },
  });
  originalId = out.run.id;
});
afterEach(() => {
  store.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

/** Replays a stored run against its agent's latest version and waits for it. */
async function replayRun(store: Store, runId: string, o: { models: RunModels }) {
  const original = store.runs.require(runId);
  const agent = runAgentOf(resolveAgentVersion(store, original.agent_id));
  const { run, results } = await (await startReplay({ store, original, agent, models: o.models })).done;
  return { run, results };
}

describe('replayRun', () => {
  it('on the same scripted models reproduces every transcript exactly', async () => {
    const original = store.results.listByRun(originalId);
    expect(original.map((r) => [r.test, r.repeat, r.status])).toEqual([
      ['scripted caller', 0, 'pass'],
      ['simulated caller', 0, 'pass'],
      ['simulated caller', 1, 'pass'],
    ]);
    expect(original[1].transcript.map((t) => t.content)).toEqual([
      'Hello, Bright Smile Dental!',
      'Hi, I need a cleaning.',
      'I have Tuesday at 3 PM.',
      'Tuesday works.',
      'Booked. Goodbye!',
    ]);
    const { run, results } = await replayRun(store, originalId, { models: models() });
    expect([run.kind, run.status, run.parent_run_id]).toEqual(['replay', 'completed', originalId]);
    expect(results.map((r) => [r.test, r.test_index, r.repeat, r.status])).toEqual(
      original.map((r) => [r.test, r.test_index, r.repeat, r.status]),
    );
    for (let i = 0; i < original.length; i++) {
      expect(withoutLatency(results[i].transcript)).toEqual(withoutLatency(original[i].transcript));
      expect(results[i].nodes_visited).toEqual(original[i].nodes_visited);
      expect(results[i].end_reason).toBe(original[i].end_reason);
    }
    // Metrics and rules of the original suite are judged again.
    expect(results[0].metrics.map((m) => [m.criterion, m.score])).toEqual([['Books the appointment', 0.9]]);
    const d = diffStoredRuns(store, originalId, run.id);
    expect(d.tests.map((t) => t.change)).toEqual(['same', 'same']);
    expect(d.tests.flatMap((t) => t.transcript_diff.map((e) => e.op)).every((op) => op === 'same')).toBe(true);
    expect(d.graph_changes).toBeNull();
  });

  it('against a new agent version: the diff shows the changed turns and the graph change', async () => {
    const changed = structuredClone(graphInput);
    changed.nodes[1] = {
      id: 'book',
      type: 'conversation',
      instruction: { mode: 'static', text: 'Wednesday at 10 AM works.' },
      transitions: changed.nodes[1].transitions,
    };
    const { version } = store.agents.saveVersion(agentId, AgentGraph.parse(changed), 'static offer');
    const { run } = await replayRun(store, originalId, { models: models() });
    expect(run.agent_version_id).toBe(version.id);
    const d = diffStoredRuns(store, originalId, run.id);
    const scripted = d.tests.find((t) => t.test === 'scripted caller')!;
    expect(scripted.change).toBe('regressed'); // "Tuesday" is no longer said: the includes rule breaks
    expect(scripted.check_changes.find((c) => c.kind === 'includes')?.change).toBe('broken');
    const offer = scripted.transcript_diff.find((e) => e.op === 'changed')!;
    expect([offer.a, offer.b, offer.node_a]).toEqual(['I have Tuesday at 3 PM.', 'Wednesday at 10 AM works.', 'book']);
    expect(offer.words?.filter((w) => w.op === '+').map((w) => w.text)).toContain('Wednesday');
    expect(d.graph_changes?.map((c) => c.text)).toEqual([
      'node book instruction changed: "Offer a slot." -> "Wednesday at 10 AM works."',
      'node book instruction mode prompt -> static',
    ]);
  });

  it('replays imported calls with their recorded caller lines', async () => {
    const version = store.agents.latest(agentId)!;
    const imported = importCalls(
      store,
      { agent_id: agentId, agent_version_id: version.id, agent_name: 'Dental' },
      parseCallFiles([path.resolve(__dirname, '../../fixtures/calls/retell-llm-call.json')]),
    ).run;
    const plan = planReplay(imported, store.results.listByRun(imported.id));
    expect(plan.items[0].test.caller_script).toEqual([
      "My order hasn't arrived yet.",
      "It's A as in apple, one seven.",
      'Okay, thanks, bye.',
    ]);
    expect(plan.suite.tests.map((t) => t.name)).toEqual(['call_1d7e3b55c0a94f2e8a6b4c9d10']);
    const { run, results } = await replayRun(store, imported.id, { models: models() });
    expect(run.kind).toBe('replay');
    expect(results[0].test).toBe('call_1d7e3b55c0a94f2e8a6b4c9d10');
    expect(results[0].transcript.filter((t) => t.role === 'caller').map((t) => t.content)).toEqual(
      plan.items[0].test.caller_script!.slice(0, results[0].turns),
    );
    expect(results[0].transcript[0].content).toBe('Hello, Bright Smile Dental!');
  });

  it('a caller that hung up with a goodbye hangs up with it in the replay too: the agent does not answer it', async () => {
    const hangUp = TestSuite.parse({
      name: 'bye',
      tests: [{ name: 'short call', user_prompt: 'Say hi, then leave.' }],
    });
    const byeModels = (): RunModels => ({
      agent: scriptedModel({
        name: 'agent',
        chat: ['Hello, Bright Smile Dental!', 'How can I help?', 'Anything else?'],
      } as unknown as ScriptInput),
      caller: scriptedModel({
        name: 'caller',
        caller: ['Hi there.', { message: 'Actually never mind, bye!', done: true }],
      } as unknown as ScriptInput),
      judge: scriptedModel({ name: 'judge' } as unknown as ScriptInput),
    });
    const version = store.agents.latest(agentId)!;
    const out = await runSuite({
      store,
      models: byeModels(),
      agent: { id: agentId, version_id: version.id, name: 'Dental', graph: version.graph },
      suite: { id: null, name: 'bye', data: hangUp },
    });
    const [orig] = store.results.listByRun(out.run.id);
    expect(orig.transcript.map((t) => `${t.role}: ${t.content}`)).toEqual([
      'agent: Hello, Bright Smile Dental!',
      'caller: Hi there.',
      'agent: How can I help?',
      'caller: Actually never mind, bye!',
    ]);
    expect(orig.end_reason).toBe('caller_done');
    const plan = planReplay(out.run, [orig], store.runs.suiteSnapshot(out.run.id));
    expect(plan.items[0].test).toMatchObject({
      caller_script: ['Hi there.', 'Actually never mind, bye!'],
      caller_script_ends_call: true,
    });
    const { results } = await replayRun(store, out.run.id, { models: byeModels() });
    expect(withoutLatency(results[0].transcript)).toEqual(withoutLatency(orig.transcript));
    expect([results[0].end_reason, results[0].turns]).toEqual(['caller_done', orig.turns]);
  });
});
