/**
 * Callers that behave like phone callers (issue 27): a test's perturbations (over its persona's, key by
 * key, over what the persona form's choices imply), the persona's pace and accent as a speaking rate and a
 * voice, and every draw from one seed per
 * conversation, so a run does the same thing again. Each decision is a function of (seed, kind, turn)
 * alone, never of the order things were asked in.
 */
import type { CallerPerturbations, Persona, TestCase } from '../../../src-shared/schemas/index.js';
import { seeded, seedOf, type LineSpec } from '../../speech/index.js';
import type { CallerBehaviour } from '../conversation/types.js';
import type { RunSpeech } from './run-speech-types.js';

/** Speaking rate of the persona form's pace. */
export const PACE_RATE = { slow: 0.8, normal: 1, fast: 1.25 } as const;

/**
 * What the persona form's plain choices do to a phone caller in a run with caller speech, unless the
 * perturbations say otherwise: a noisy line is street noise at 10 dB, a line breaking up drops out 12 times
 * a minute for 250 ms, and a caller who interrupts cuts in on a third of the agent's turns, 1.5 s into them.
 * (A text run keeps them as instructions to the simulated caller only.)
 */
export function personaPerturbations(p: Persona | undefined): CallerPerturbations {
  if (!p) return {};
  const line = p.personality.line_quality;
  return {
    ...(line === 'noisy' ? { noise: { kind: 'street' as const, snr_db: 10 } } : {}),
    ...(line === 'breaking_up' ? { dropouts: { per_minute: 12, ms: 250 } } : {}),
    ...(p.behaviours.interrupts ? { barge_in: { probability: 1 / 3, after_ms: 1500 } } : {}),
  };
}

/** Nominal speaking rate when no audio is made (text-only runs): about 150 words a minute. */
export const NOMINAL_CHARS_PER_SECOND = 14;

export interface CallerSetup {
  /** The behaviours in force (test over persona). */
  perturbations: CallerPerturbations;
  /** Seed of every draw in this conversation. */
  seed: number;
  /** Who the caller is (persona or test name): picks a voice. */
  who: string;
  persona?: Persona;
}

/** The persona a test uses (inline, or from the library), if any. */
export function personaOf(test: TestCase, resolve?: (id: string) => Persona | undefined): Persona | undefined {
  if (test.persona && typeof test.persona === 'object') return test.persona;
  if (typeof test.persona === 'string') return resolve?.(test.persona);
  return undefined;
}

/**
 * One conversation's caller set-up: the run's behaviours (`o.run`), under the persona's, under the test's. The seed is the perturbations' own `seed` when given, else one made from
 * the run's speech seed, the test's name and the repeat (not from the result id, which is new every run).
 */
export function callerSetup(
  test: TestCase,
  repeat: number,
  runSeed: number,
  resolve?: (id: string) => Persona | undefined,
  o: { callerSpeech?: boolean; run?: CallerPerturbations } = {},
): CallerSetup {
  const persona = personaOf(test, resolve);
  const perturbations: CallerPerturbations = {
    ...o.run,
    ...(o.callerSpeech ? personaPerturbations(persona) : {}),
    ...persona?.perturbations,
    ...test.perturbations,
  };
  const base = perturbations.seed ?? runSeed;
  return {
    perturbations,
    seed: seedOf(`${base}:${test.name}:${repeat}`),
    who: persona?.name ?? test.name,
    ...(persona ? { persona } : {}),
  };
}

/** A uniform draw for one decision: (seed, kind, turn) decide it, whatever was drawn before. */
export const drawFor = (seed: number, kind: string, n: number): number => seeded(seedOf(`${seed}:${kind}:${n}`))();

const happens = (w: { turns?: number[]; probability?: number }, seed: number, kind: string, n: number): boolean =>
  w.turns ? w.turns.includes(n) : w.probability !== undefined ? drawFor(seed, kind, n) < w.probability : true;

/** The caller's speaking rate: the perturbations' rate, else the persona's pace (undefined: normal). */
export function callerRate(setup: CallerSetup): number | undefined {
  const r = setup.perturbations.rate ?? PACE_RATE[setup.persona?.personality.pace ?? 'normal'];
  return r === 1 ? undefined : r;
}

/**
 * The caller's voice: the perturbations' voice; else one of the engine's voices with the persona's accent;
 * else one of the engine's voices other than the agent's (the first), stable per caller.
 */
export function callerVoice(
  s: Pick<RunSpeech, 'voices' | 'accents'>,
  setup: Pick<CallerSetup, 'perturbations' | 'who' | 'persona'>,
): string | undefined {
  if (setup.perturbations.voice) return setup.perturbations.voice;
  const accent = setup.persona?.personality.accent;
  const withAccent = accent ? s.accents[accent] : undefined;
  const pick = (list: string[]) => list[seedOf(setup.who) % list.length];
  if (withAccent?.length) return pick(withAccent);
  if (s.voices.length < 2) return s.voices[0];
  return pick(s.voices.slice(1));
}

/** The line a caller's words take to the agent: background noise, the phone line, dropouts. */
export function callerLine(s: Pick<RunSpeech, 'phoneNoise'>, setup: CallerSetup, transcriptIndex: number): LineSpec {
  const p = setup.perturbations;
  return {
    ...(s.phoneNoise !== undefined ? { phone: { noise: s.phoneNoise } } : {}),
    ...(p.noise ? { noise: p.noise } : {}),
    ...(p.dropouts ? { dropouts: p.dropouts } : {}),
    seed: seedOf(`${setup.seed}:line:${transcriptIndex}`),
  };
}

/** The line the agent's words take to the caller: the phone line and dropouts (the noise is at the caller's end). */
export function agentLine(
  s: Pick<RunSpeech, 'phoneNoise'>,
  setup: CallerSetup | undefined,
  transcriptIndex: number,
  seedKey: string,
): LineSpec {
  const dropouts = setup?.perturbations.dropouts;
  return {
    ...(s.phoneNoise !== undefined ? { phone: { noise: s.phoneNoise } } : {}),
    ...(dropouts ? { dropouts } : {}),
    seed: seedOf(`${setup?.seed ?? seedKey}:line:${transcriptIndex}`),
  };
}

/**
 * Word end times of a spoken line, in ms: the line's length shared out by characters (a word and the space
 * after it), an estimate of where each word ends that needs no word timings from the engine.
 */
export function wordEnds(text: string, totalMs: number): number[] {
  const words = text.split(/\s+/).filter(Boolean);
  const chars = words.reduce((n, w) => n + w.length + 1, 0);
  const ends: number[] = [];
  let at = 0;
  for (const w of words) {
    at += w.length + 1;
    ends.push((at / chars) * totalMs);
  }
  return ends;
}

/** The conversation's silences and barge-ins; undefined when the caller has neither. */
export function callerBehaviour(
  setup: CallerSetup,
  speech: RunSpeech | undefined,
  call: { owner: string; signal?: AbortSignal },
): CallerBehaviour | undefined {
  const { silence, barge_in } = setup.perturbations;
  if (!silence && !barge_in) return undefined;
  return {
    silenceMs: (n) =>
      silence && happens(silence, setup.seed, 'silence', n) ? Math.round(silence.seconds * 1000) : undefined,
    bargeIn: async (n, text) => {
      if (!barge_in || !happens(barge_in, setup.seed, 'barge_in', n)) return undefined;
      const words = text.split(/\s+/).filter(Boolean);
      if (barge_in.after_words !== undefined) {
        if (barge_in.after_words >= words.length) return undefined;
        const ms = await lineMs(text, speech, call);
        const ends = wordEnds(text, ms);
        return { at_ms: barge_in.after_words ? ends[barge_in.after_words - 1] : 0, words_said: barge_in.after_words };
      }
      const at = barge_in.after_ms ?? 0;
      const ends = wordEnds(text, await lineMs(text, speech, call));
      const said = ends.filter((e) => e <= at).length;
      return said >= words.length ? undefined : { at_ms: at, words_said: said };
    },
  };
}

/** How long the agent takes to say `text`: its synthesised length when speech is on, else a nominal pace. */
async function lineMs(
  text: string,
  speech: RunSpeech | undefined,
  call: { owner: string; signal?: AbortSignal },
): Promise<number> {
  if (!speech) return (text.length / NOMINAL_CHARS_PER_SECOND) * 1000;
  return speech.lines.spokenMs(text, speech.voices[0], undefined, call);
}
