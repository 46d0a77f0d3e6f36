/**
 * Caller behaviours for a whole run (options.perturbations, the New run dialog's "Caller behaviours"), text only
 * on the scripted model: a test without its own gets the run's; a test with its own keeps them key by key; the run
 * records the option.
 */
import { describe, expect, it } from 'vitest';
import { TestSuite, type Result } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { smallGraph } from '../../support/graphs.js';
import { tempStore } from '../../unit/engine/run-helpers.js';

const graph = smallGraph({
  first_speaker: 'agent',
  nodes: [
    {
      id: 'greeting',
      type: 'conversation',
      instruction: { mode: 'static', text: 'Hello, this is Maple Street Clinic.' },
      transitions: [{ id: 't1', target: 'help', condition: { kind: 'always' } }],
    },
    { id: 'help', type: 'conversation', instruction: { mode: 'static', text: 'How can I help?' }, transitions: [] },
  ],
} as never);

describe("a run's caller behaviours", () => {
  it("apply to every caller under the tests' own, and are stored with the run", async () => {
    const store = tempStore();
    const { agent: a, version } = store.agents.create(graph);
    const model = scriptedModel({});
    const script = { caller_script: ['I need an appointment', 'bye'], caller_script_ends_call: true };
    const perturbations = { silence: { turns: [1], seconds: 4 } };
    const out = await runSuite({
      store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: a.id, version_id: version.id, name: a.name, graph: version.graph },
      suite: {
        id: null,
        name: 'behaviours',
        data: TestSuite.parse({
          name: 'behaviours',
          tests: [
            { name: 'plain', ...script },
            { name: 'own', ...script, perturbations: { silence: { turns: [2], seconds: 2 } } },
          ],
        }),
      },
      options: { concurrency: 1, perturbations },
    });
    const silences = (r: Result) =>
      r.transcript.filter((t) => t.role === 'caller').map((t) => t.perturbation?.silence_ms ?? null);
    const byName = new Map((out.results as Result[]).map((r) => [r.test, r]));
    expect(silences(byName.get('plain')!)[0]).toBe(4000);
    expect(silences(byName.get('own')!)).toEqual([null, 2000]);
    expect(store.runs.get(out.run.id)!.options.perturbations).toEqual(perturbations);
  });
});
