/**
 * Identical round trips in flight are made once (issue 27), with the real default pair (flite -> pocketsphinx)
 * in a real run: two conversations running at once open with the same static greeting; the greeting is
 * synthesised once and recognised once, both turns carry the heard text, one is marked shared, the run's
 * figures count it, and the round trip is in the cache once for the next run.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { TestSuite, type Result } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import {
  closeRecognisers,
  createSpeechRegistry,
  inFlightFor,
  type SpeechRegistry,
} from '../../../src-main/speech/index.js';
import { speechRunReport } from '../../../src-shared/speech/speech-report.js';
import { smallGraph } from '../../support/graphs.js';
import { tempStore } from '../../unit/engine/run-helpers.js';
import type { Store } from '../../../src-main/store/index.js';

const GREETING = 'Hello, this is Maple Street Clinic.';

afterAll(() => closeRecognisers());

/**
 * The real engines, counting their calls. A synthesis waits until a second conversation has joined it, or a
 * second synthesis was asked for (sharing broken): so the two conversations are in flight at once however
 * loaded the machine is, without the test depending on timing.
 */
function countingRegistry(store: Store) {
  const real = createSpeechRegistry();
  const calls = { tts: [] as string[], stt: 0 };
  const overlapping = async () => {
    while (inFlightFor(store.speechCache).stats().joined < 1 && calls.tts.length < 2)
      await new Promise((r) => setTimeout(r, 5));
  };
  const registry: SpeechRegistry = {
    ...real,
    tts(spec) {
      const e = real.tts(spec);
      return {
        spec: e.spec,
        identity: () => e.identity(),
        tts: async (text, voice, o) => {
          calls.tts.push(text);
          await overlapping();
          return e.tts(text, voice, o);
        },
      };
    },
    stt(spec) {
      const e = real.stt(spec);
      return { spec: e.spec, identity: () => e.identity(), stt: (audio, o) => (calls.stt++, e.stt(audio, o)) };
    },
  };
  return { registry, calls };
}

async function twoCallers(store: Store, registry: SpeechRegistry): Promise<Result[]> {
  const graph = smallGraph({
    first_speaker: 'agent',
    nodes: [{ id: 'greeting', type: 'conversation', instruction: { mode: 'static', text: GREETING }, transitions: [] }],
  } as never);
  const { agent, version } = store.agents.create(graph);
  const model = scriptedModel({});
  const out = await runSuite({
    store,
    models: { agent: model, caller: model, judge: model },
    agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
    suite: {
      id: null,
      name: 'same greeting',
      data: TestSuite.parse({
        name: 'same greeting',
        tests: ['first caller', 'second caller'].map((name) => ({
          name,
          caller_script: ['bye'],
          caller_script_ends_call: true,
          includes: ['Maple Street'],
        })),
      }),
    },
    options: { concurrency: 2, speech: { audio_eval: true } },
    speech: registry,
  });
  return out.results as Result[];
}

const greetings = (results: Result[]) =>
  results.map((r) => r.transcript.find((t) => t.role === 'agent' && t.content === GREETING)!);

describe('two conversations saying the same greeting at once', () => {
  it('one synthesis and one recognition; both turns carry the heard text; counted as shared, cached once', async () => {
    const store = tempStore();
    const { registry, calls } = countingRegistry(store);
    const results = await twoCallers(store, registry);
    expect(calls).toEqual({ tts: [GREETING], stt: 1 });
    const [a, b] = greetings(results);
    expect(a.heard).toMatch(/clinic/i);
    expect(b.heard).toBe(a.heard);
    expect(b.speech!.word_errors).toEqual(a.speech!.word_errors);
    expect(results.every((r) => r.audio_error === undefined)).toBe(true);
    expect([a, b].filter((t) => t.speech!.shared).length).toBe(1);
    expect([a, b].some((t) => t.speech!.cached)).toBe(false);
    expect(speechRunReport(results)).toMatchObject({ spoken_turns: 2, cached_turns: 0, shared_turns: 1 });
    expect(store.speechCache.stats().entries).toBe(1);

    // the next run: both from the cache, no engine call
    const again = countingRegistry(store);
    const next = await twoCallers(store, again.registry);
    expect(again.calls).toEqual({ tts: [], stt: 0 });
    expect(greetings(next).map((t) => [t.heard, t.speech!.cached])).toEqual([
      [a.heard, true],
      [a.heard, true],
    ]);
    expect(speechRunReport(next)).toMatchObject({ cached_turns: 2, shared_turns: 0 });
    store.close();
  }, 300_000);
});
