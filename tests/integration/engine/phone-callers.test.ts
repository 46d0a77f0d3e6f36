/**
 * Phone callers in voice runs (issue 27), real engines (flite -> pocketsphinx) on the scripted model: the
 * caller's voice, rate, noise and dropouts recorded on its turns and counted in the report, the same again
 * on a second run; a voice the engine does not have refused before the run; a line too long to speak marked,
 * not timed out; a static agent line heard from the cache on the next run.
 */
import { describe, expect, it } from 'vitest';
import { TestSuite, type Result } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { speechRunReport } from '../../../src-shared/speech/speech-report.js';
import { smallGraph } from '../../support/graphs.js';
import { tempStore } from '../../unit/engine/run-helpers.js';
import type { Store } from '../../../src-main/store/index.js';

const LONG = `Here are our opening hours. ${'We are open on weekdays from eight until six. '.repeat(40)}`;

const graph = (greeting: string) =>
  smallGraph({
    first_speaker: 'agent',
    nodes: [
      {
        id: 'greeting',
        type: 'conversation',
        instruction: { mode: 'static', text: greeting },
        transitions: [{ id: 't1', target: 'help', condition: { kind: 'always' } }],
      },
      {
        id: 'help',
        type: 'conversation',
        instruction: { mode: 'static', text: 'Thank you, goodbye.' },
        transitions: [],
      },
    ],
  } as never);

const suite = (test: Record<string, unknown>) =>
  TestSuite.parse({
    name: 'phone callers',
    tests: [
      { name: 'caller', caller_script: ['My name is John Smith', 'bye'], caller_script_ends_call: true, ...test },
    ],
  });

async function run(o: {
  store?: Store;
  test?: Record<string, unknown>;
  speech: Record<string, unknown>;
  greeting?: string;
}) {
  const store = o.store ?? tempStore();
  const { agent: a, version } = store.agents.create(graph(o.greeting ?? 'Hello, this is Maple Street Clinic.'));
  const model = scriptedModel({});
  const out = await runSuite({
    store,
    models: { agent: model, caller: model, judge: model },
    agent: { id: a.id, version_id: version.id, name: a.name, graph: version.graph },
    suite: { id: null, name: 'phone callers', data: suite(o.test ?? {}) },
    options: { concurrency: 1, speech: o.speech },
  });
  return { store, results: out.results as Result[] };
}

describe('caller speech with a phone caller', () => {
  const perturbations = {
    seed: 7,
    voice: 'slt',
    rate: 1.25,
    noise: { kind: 'street', snr_db: 20 },
    dropouts: { per_minute: 60, ms: 120 },
  };

  it('voice, rate, noise and dropouts are on the caller turns, counted in the report, and the same on a second run', async () => {
    const speech = { caller_speech: true };
    const first = await run({ test: { perturbations }, speech });
    const caller = first.results[0].transcript.filter((t) => t.role === 'caller');
    expect(caller).toHaveLength(2);
    for (const t of caller) {
      expect(t.speech).toMatchObject({ voice: 'slt', rate: 1.25, audio_ms: expect.any(Number) });
      expect(t.speech!.word_errors!.words).toBeGreaterThan(0);
      expect(t.perturbation?.noise).toEqual({ kind: 'street', snr_db: 20 });
    }
    const dropouts = caller.reduce((n, t) => n + (t.perturbation?.dropouts?.length ?? 0), 0);
    expect(dropouts).toBeGreaterThan(0);
    const report = speechRunReport(first.results)!;
    expect(report.perturbations).toMatchObject({ noisy_turns: 2, dropouts });
    expect(report.caller_wer).toMatchObject({ turns: 2, conversations: 1 });
    // another store (no shared cache): the same seed hears the same thing
    const second = await run({ test: { perturbations }, speech });
    const again = second.results[0].transcript.filter((t) => t.role === 'caller');
    expect(again.map((t) => [t.heard, t.perturbation])).toEqual(caller.map((t) => [t.heard, t.perturbation]));
    first.store.close();
    second.store.close();
  }, 300_000);

  it('a voice the engine does not have is refused before the run, naming the test and the voices', async () => {
    const store = tempStore();
    await expect(
      run({ store, test: { perturbations: { voice: 'hal9000' } }, speech: { caller_speech: true } }),
    ).rejects.toThrow(
      'test "caller": voice "hal9000" is not a voice of the text-to-speech engine (its voices: rms, slt, awb, kal16)',
    );
    expect(store.runs.list()).toEqual([]);
    store.close();
  }, 60_000);
});

describe('audio evaluation: long lines and the cache', () => {
  it('a line over 1,500 characters is marked not spoken, not timed out; a static line comes from the cache next run', async () => {
    const first = await run({ greeting: LONG, speech: { audio_eval: true } });
    const [long, bye] = first.results[0].transcript.filter((t) => t.role === 'agent');
    expect(long.speech).toEqual({ not_spoken: 'too_long' });
    expect(long.heard).toBeUndefined();
    expect(long.speech_error).toBeUndefined();
    expect(first.results[0].audio_error).toBeUndefined();
    expect(bye.speech).toMatchObject({ word_errors: expect.any(Object) });
    expect(bye.speech!.cached).toBeUndefined();
    expect(speechRunReport(first.results)).toMatchObject({ not_spoken: 1, spoken_turns: 1, cached_turns: 0 });
    const second = await run({ store: first.store, greeting: LONG, speech: { audio_eval: true } });
    const bye2 = second.results[0].transcript.filter((t) => t.role === 'agent')[1];
    expect(bye2).toMatchObject({ heard: bye.heard, speech: { cached: true } });
    expect(speechRunReport(second.results)).toMatchObject({ cached_turns: 1 });
    first.store.close();
  }, 300_000);
});
