import { z } from 'zod';
import { CallerPerturbations } from './perturbations.js';

/** Accents the persona form offers; each maps to the text-to-speech engine's voices (src-main/speech/presets.ts). */
export const ACCENTS = ['american', 'british', 'scottish'] as const;
export const Accent = z.enum(ACCENTS);
export type Accent = z.infer<typeof Accent>;

/** Three-step scale used by the persona form's plain-language controls. */
export const Level = z.enum(['low', 'medium', 'high']);
export type Level = z.infer<typeof Level>;

export const HiddenFact = z.object({
  fact: z.string().min(1),
  /** When the caller reveals it, e.g. "only when asked for the order number". */
  reveal_when: z.string().default('only when asked'),
});

export const Persona = z.object({
  id: z.string().optional(),
  name: z.string().min(1),
  /** Facts card: key/value pairs the caller knows (name, date of birth, order number...). */
  identity: z.record(z.string(), z.string()).default({}),
  goal: z.string().default(''),
  personality: z
    .object({
      temperament: z.enum(['calm', 'friendly', 'anxious', 'irritated', 'angry']).optional(),
      patience: Level.optional(),
      verbosity: Level.optional(),
      cooperativeness: Level.optional(),
      clarity: z.enum(['clear', 'vague', 'rambling']).optional(),
      /** "78", or words ("in her seventies"). */
      age: z.string().max(40).optional(),
      hearing: z.enum(['good', 'hard_of_hearing', 'very_hard_of_hearing']).optional(),
      /** Speaking pace (with caller speech: the voice's rate, slow 0.8, fast 1.25). */
      pace: z.enum(['slow', 'normal', 'fast']).optional(),
      /** Accent (with caller speech: a voice of the engine with this accent, where it has one). */
      accent: Accent.optional(),
      /** The phone line the caller is on. */
      line_quality: z.enum(['clear', 'noisy', 'breaking_up']).optional(),
      notes: z.string().optional(),
    })
    .default({}),
  behaviours: z
    .object({
      interrupts: z.boolean().optional(),
      wrong_details_first: z.boolean().optional(),
      asks_for_human: z.boolean().optional(),
      goes_off_topic: z.boolean().optional(),
      hidden_facts: z.array(HiddenFact).optional(),
    })
    .default({}),
  language: z.string().optional(),
  /** Phone-caller behaviours (barge-in, silence, noise, dropouts, rate, voice); a test's own settings win. */
  perturbations: CallerPerturbations.optional(),
  /** Raw Retell-style markdown (## Identity / ## Goal / ## Personality) when imported as-is. */
  markdown: z.string().optional(),
  tags: z.array(z.string()).default([]),
});
export type Persona = z.infer<typeof Persona>;
export type PersonaInput = z.input<typeof Persona>;
