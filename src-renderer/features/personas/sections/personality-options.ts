/** The choices of the personality section, each with the sentence it adds to the briefing as its hint. */
import type { Persona } from '../../../../src-shared/schemas/index.js';
import { ACCENTS } from '../../../../src-shared/schemas/persona.js';
import { instructionFor } from '../instruction-text.js';

type Level = 'low' | 'medium' | 'high';
type Personality = Persona['personality'];

export const levels = (key: 'patience' | 'verbosity' | 'cooperativeness', labels: [string, string, string]) =>
  (['low', 'medium', 'high'] as Level[]).map((v, i) => ({
    value: v,
    label: labels[i],
    hint: instructionFor({ personality: { [key]: v } }),
  }));

export const TEMPERAMENTS: { value: NonNullable<Personality['temperament']>; label: string }[] = [
  { value: 'calm', label: 'Calm' },
  { value: 'friendly', label: 'Friendly' },
  { value: 'anxious', label: 'Anxious' },
  { value: 'irritated', label: 'Irritated' },
  { value: 'angry', label: 'Angry' },
];

/** Options of a personality choice, each with the sentence it adds to the briefing as its hint. */
export function choices<K extends 'hearing' | 'pace' | 'line_quality'>(
  key: K,
  labels: Record<NonNullable<Personality[K]>, string>,
) {
  return (Object.entries(labels) as [NonNullable<Personality[K]>, string][]).map(([value, label]) => ({
    value,
    label,
    hint: instructionFor({ personality: { [key]: value } }),
  }));
}

const capitalised = (v: string) => v[0].toUpperCase() + v.slice(1);

export const CLARITY = (['clear', 'vague', 'rambling'] as const).map((v) => ({
  value: v,
  label: capitalised(v),
  hint: instructionFor({ personality: { clarity: v } }),
}));

export const ACCENT_OPTIONS = ACCENTS.map((v) => ({
  value: v,
  label: capitalised(v),
  hint: 'With caller speech: a voice of the text-to-speech engine with this accent, where it has one',
}));
