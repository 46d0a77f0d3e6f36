import { FULL_JUDGE_REASON_CHARS, type EngineLimits } from '../limits.js';

/** The engine limits a run's judge works under: `judge_reasoning: full` lifts the reasoning bound to the long form. */
export function judgeLimits(
  limits: Partial<EngineLimits> | undefined,
  reasoning: 'short' | 'full' | undefined,
): Partial<EngineLimits> | undefined {
  if (reasoning !== 'full') return limits;
  return { ...limits, judgeReasonChars: limits?.judgeReasonChars ?? FULL_JUDGE_REASON_CHARS };
}
