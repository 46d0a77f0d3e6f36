import type { CallerFidelity, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { DEFAULT_LIMITS, type EngineLimits } from '../limits.js';
import type { ModelCalls } from '../model-io/model-calls.js';
import { renderTranscript } from '../conversation/transcript-text.js';

/**
 * Caller fidelity (issue 12, section 5): was the test valid? After a conversation, the judge model
 * reads the persona the simulated caller was given and the transcript, and scores whether the caller
 * stayed in character (spoke as the persona, never as the agent, an AI or a narrator) and pursued the
 * persona's goal. Below INVALID_BELOW on staying in character, the conversation is an "invalid caller":
 * it says nothing about the agent, so it is counted apart and compare does not call it a regression.
 */

/** `in_character` below this marks the caller invalid. */
export const INVALID_BELOW = 0.5;

const FIDELITY_SYSTEM = [
  'You check a simulated caller in a test of a phone agent. The caller was a language model told to play the persona below.',
  'Score in_character from 0 to 1: 1 = every caller line is the persona speaking; 0 = the caller spoke as the agent,',
  'as an AI or assistant, described itself as simulated, or narrated instead of speaking.',
  'Score pursued_goal from 0 to 1: 1 = the caller worked towards the persona goal; 0 = it ignored or abandoned it.',
  'Give a short reasoning naming the caller lines that decided it by their numbers in brackets.',
].join(' ');

export async function judgeCallerFidelity(
  calls: ModelCalls,
  transcript: TranscriptTurn[],
  persona: string,
  limits: Partial<EngineLimits> = {},
): Promise<CallerFidelity> {
  const l = { ...DEFAULT_LIMITS, ...limits };
  const text = renderTranscript(transcript, { numbered: true, maxTurnChars: 600 });
  const res = await calls.structured<{ reasoning?: unknown; in_character?: unknown; pursued_goal?: unknown }>(
    'judge',
    'caller_fidelity',
    undefined,
    {
      messages: [
        { role: 'system', content: FIDELITY_SYSTEM },
        { role: 'user', content: `Persona:\n${persona.slice(0, 4000)}\n\nTranscript:\n${text}` },
      ],
      schema: {
        type: 'object',
        properties: {
          reasoning: { type: 'string', maxLength: l.judgeReasonChars },
          in_character: { type: 'number', minimum: 0, maximum: 1 },
          pursued_goal: { type: 'number', minimum: 0, maximum: 1 },
        },
        required: ['reasoning', 'in_character', 'pursued_goal'],
        additionalProperties: false,
      },
      schemaName: 'caller_fidelity',
      maxTokens: l.judgeMaxTokensPerMetric,
    },
  );
  const v = res.value ?? {};
  const num = (x: unknown) => {
    const n = typeof x === 'number' ? x : Number(x);
    return Number.isFinite(n) ? Math.min(1, Math.max(0, n)) : 0;
  };
  const in_character = num(v.in_character);
  const pursued_goal = num(v.pursued_goal);
  return {
    in_character,
    pursued_goal,
    score: Math.min(in_character, pursued_goal),
    reasoning: typeof v.reasoning === 'string' ? v.reasoning.slice(0, l.judgeReasonChars) : '',
  };
}

export const isInvalidCaller = (f: CallerFidelity | undefined): boolean => !!f && f.in_character < INVALID_BELOW;
