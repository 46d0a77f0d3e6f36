import fs from 'node:fs';
import path from 'node:path';
import { AgentGraph, type AgentGraphInput, type TestSuiteInput } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../../src-main/store/index.js';

/**
 * A small dental-clinic agent, a two-test suite and scripts for the scripted model, shared by the
 * run-control integration tests and the runs/compare e2e tests.
 * Path: greet (prompt) -> book (prompt) -> bye (end). `billing` is never reached (a coverage gap).
 */
export const clinicGraph = (): AgentGraphInput => ({
  name: 'Bright Smile Dental',
  entry_node_id: 'greet',
  nodes: [
    {
      id: 'greet',
      name: 'Greeting',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Greet the caller and ask how you can help.' },
      transitions: [{ id: 't_book', target: 'book', condition: { kind: 'always' } }],
    },
    {
      id: 'book',
      name: 'Book appointment',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Offer an appointment slot.' },
      transitions: [{ id: 't_bye', target: 'bye', condition: { kind: 'always' } }],
    },
    {
      id: 'bye',
      name: 'Goodbye',
      type: 'end',
      message: { mode: 'static', text: 'Thanks for calling, goodbye!' },
      transitions: [],
    },
    {
      id: 'billing',
      name: 'Billing questions',
      type: 'conversation',
      instruction: { mode: 'static', text: 'Billing is open 9 to 5.' },
      transitions: [],
    },
  ],
});

export const clinicSuite = (extra: Partial<TestSuiteInput> = {}): TestSuiteInput => ({
  name: 'Clinic smoke',
  tests: [
    {
      name: 'books a cleaning',
      user_prompt: 'You want a cleaning next week.',
      metrics: ['The agent offers a concrete time slot'],
      includes: ['agent:appointment'],
      max_turns: 3,
    },
    {
      name: 'says goodbye',
      user_prompt: 'You want to book and then hang up.',
      metrics: ['The agent ends politely'],
      max_turns: 3,
    },
  ],
  ...extra,
});

/** The agent says a slot on Tuesday; the judge gives 0.9 (passes the 0.7 default threshold). */
/** A scripted-model script (docs: src-main/providers/scripted/script.ts), as written to a JSON file. */
export type ScriptJson = Record<string, unknown>;

export const goodScript = (extra: ScriptJson = {}): ScriptJson => ({
  name: 'clinic-good',
  chat: ['Hello, Bright Smile Dental, how can I help you today?', 'I can offer an appointment on Tuesday at 10 am.'],
  caller: ['I would like to book a cleaning.', 'Tuesday works for me.'],
  defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9 },
  ...extra,
});

/** Same flow, a different slot (word-level diff), and a judge that scores 0.2 (fails). */
export const worseScript = (extra: ScriptJson = {}): ScriptJson => ({
  name: 'clinic-worse',
  chat: [
    'Hello, Bright Smile Dental, how can I help you today?',
    'I can offer an appointment on Friday at 4 pm maybe.',
  ],
  caller: ['I would like to book a cleaning.', 'Tuesday works for me.'],
  defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.2 },
  ...extra,
});

export function writeScript(dir: string, name: string, script: ScriptJson): string {
  const file = path.join(dir, `${name}.json`);
  fs.writeFileSync(file, JSON.stringify(script, null, 2));
  return file;
}

/** Stores the agent and the suite; returns their ids. */
export function seedClinic(
  store: Store,
  suite: Partial<TestSuiteInput> = {},
): { agentId: string; versionId: string; suiteId: string } {
  const { agent, version } = store.agents.create(AgentGraph.parse(clinicGraph()));
  const doc = store.suites.create(clinicSuite(suite), 'Clinic smoke', { agent_id: agent.id });
  return { agentId: agent.id, versionId: version.id, suiteId: doc.id };
}

/**
 * Runs the clinic suite once per script through the engine (in-memory scripted models) and stores
 * the runs; returns their ids in order. Used to set up comparisons without the UI.
 */
export async function seedRuns(
  store: Store,
  scripts: ScriptJson[],
  opts: { repeats?: number; suite?: Partial<TestSuiteInput>; personas?: string[] } = {},
): Promise<string[]> {
  const { runSuite } = await import('../../../src-main/engine/index.js');
  const { scriptedModel } = await import('../../../src-main/providers/scripted.js');
  const { agentId, versionId, suiteId } = seedClinic(store, opts.suite);
  const graph = store.agents.getVersion(versionId)!.graph;
  const suite = store.suites.get(suiteId)!;
  const ids: string[] = [];
  for (const s of scripts) {
    const model = scriptedModel(s as never, { model: `${String(s.name)}.json` });
    const out = await runSuite({
      store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agentId, version_id: versionId, name: graph.name, graph },
      suite: { id: suite.id, name: suite.name, data: suite.data },
      options: {
        concurrency: 2,
        ...(opts.repeats ? { repeats: opts.repeats } : {}),
        ...(opts.personas ? { personas: opts.personas } : {}),
      },
      resolvePersona: (ref) => store.personas.find(ref)?.data,
    });
    ids.push(out.run.id);
  }
  return ids;
}
