/**
 * A run with speech says what each conversation is doing while speech works (test.step run events), on
 * the real default pair (flite -> pocketsphinx): the caller's line being recognised before its turn
 * arrives, the agent's turns being heard after the conversation, all before the conversation ends.
 */
import { describe, expect, it } from 'vitest';
import { TestSuite } from '../../../src-shared/schemas/index.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import { StepNotes } from '../../../src-shared/run/step-note.js';
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
      instruction: { mode: 'prompt', text: 'Help the caller.' },
      transitions: [],
    },
  ],
} as never);

describe('speech steps (flite -> pocketsphinx)', () => {
  it('a conversation with caller speech and audio evaluation emits its turn-level steps before it ends', async () => {
    const store = tempStore();
    const { agent: a, version } = store.agents.create(graph);
    const model = scriptedModel({ defaults: { chat: 'Thank you for calling.', score: 1 } });
    const events: RunEvent[] = [];
    try {
      await runSuite({
        store,
        models: { agent: model, caller: model, judge: model },
        agent: { id: a.id, version_id: version.id, name: a.name, graph: version.graph },
        suite: {
          id: null,
          name: 'speech',
          data: TestSuite.parse({
            name: 'speech',
            tests: [{ name: 'order', caller_script: ['my order is late'], caller_script_ends_call: true }],
          }),
        },
        options: { concurrency: 1, speech: { caller_speech: true, audio_eval: true } },
        onEvent: (e) => events.push(e),
      });
    } finally {
      store.close();
    }
    const types = events.map((e) => e.type);
    const steps = events.filter((e) => e.type === 'test.step');
    expect(steps.map((s) => s.text)).toEqual([
      'turn 2, recognising the caller (speech)',
      'hearing the agent (speech): 0 of 1 turns',
      // a step within the throttle's gap of the one before is not passed on
      ...steps.slice(2).map(() => 'hearing the agent (speech): 1 of 1 turns'),
    ]);
    // the caller's step comes before its turn arrives, every step before the conversation ends
    const callerTurn = events.findIndex((e) => e.type === 'test.turn' && e.turn.role === 'caller');
    expect(types.indexOf('test.step')).toBeLessThan(callerTurn);
    expect(types.lastIndexOf('test.step')).toBeLessThan(types.indexOf('test.finished'));
    expect(steps[0]).toMatchObject({ turn: 1, test_index: 0, repeat: 0 });
    // the run job's note (and the command line's bar) read them as "conversation 1 of 1: ..."
    const notes = new StepNotes();
    const said = events.map((e) => notes.apply(e)).filter((n) => n !== undefined);
    expect(said[0]).toBe('conversation 1 of 1: turn 2, recognising the caller (speech)');
    expect(said.at(-1)).toBe('');
  }, 120_000);
});
