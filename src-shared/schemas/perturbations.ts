import { z } from 'zod';

/** Background noise a caller can be in (made by seeded generators: src-main/speech/noise.ts). */
export const NOISE_KINDS = ['white', 'street', 'babble', 'music', 'wind'] as const;
export const NoiseKind = z.enum(NOISE_KINDS);
export type NoiseKind = z.infer<typeof NoiseKind>;

/** Caller turns (1-based: the caller's first turn is 1) a behaviour applies to, or a seeded chance per turn. */
const When = {
  /** The caller's turns it happens on (1 = the caller's first turn). */
  turns: z.array(z.number().int().min(1).max(500)).max(500).optional(),
  /** Or: the chance per caller turn, drawn from the conversation's seed (0 to 1). */
  probability: z.number().min(0).max(1).optional(),
};

/**
 * A simulated phone caller's behaviours (issue 27), per persona or per test (the test's settings win, key by
 * key). Every draw comes from a seed (the `seed` given, else one made from the test name and repeat), so the
 * same run does the same thing again; what happened is recorded on the turns (`perturbation`) and counted in
 * the report. Noise, dropouts, rate and voice change the caller's audio, so they need caller speech.
 */
export const CallerPerturbations = z
  .object({
    seed: z.number().int().min(0).max(0xffffffff).optional(),
    /** The caller starts talking while the agent speaks: the agent's turn is cut at the last word said by then. */
    barge_in: z
      .object({
        ...When,
        /** How far into the agent's turn the caller starts (ms of speech). */
        after_ms: z.number().min(0).max(600_000).optional(),
        /** Or: after this many of the agent's words. */
        after_words: z.number().int().min(0).max(10_000).optional(),
      })
      .refine((b) => b.after_ms !== undefined || b.after_words !== undefined, {
        message: 'say when the caller starts talking: after_ms or after_words',
      })
      .optional(),
    /** The caller says nothing for `seconds` on some turns (the agent's no-answer handling runs when it waits that long). */
    silence: z.object({ ...When, seconds: z.number().min(0.1).max(300) }).optional(),
    /** Background noise under the caller's voice, at a signal-to-noise ratio in dB (lower is noisier). */
    noise: z.object({ kind: NoiseKind, snr_db: z.number().min(-10).max(60) }).optional(),
    /** The line drops out: `per_minute` gaps of `ms` each, at seeded places, in both directions. */
    dropouts: z.object({ per_minute: z.number().min(0).max(120), ms: z.number().min(10).max(5000) }).optional(),
    /** Speaking rate (1 = the engine's normal pace, 0.8 slower, 1.25 faster). */
    rate: z.number().min(0.5).max(2).optional(),
    /** A voice of the text-to-speech engine (checked against the engine's voices when the run starts). */
    voice: z.string().min(1).max(100).optional(),
  })
  .strict();
export type CallerPerturbations = z.infer<typeof CallerPerturbations>;
