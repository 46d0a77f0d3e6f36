import type { CheckResult, MetricResult, Result } from '../schemas/run.js';
import { splitSide } from '../rules/rule-side.js';

/**
 * What audio evaluation found in one conversation (issue 24), for the CLI report, JUnit and the app:
 * the checks that passed on the text and failed on what was heard, each with the turns where what
 * was said and what was heard differ. Pure.
 */

/** One agent turn as it was said and as the caller heard it. */
export interface HeardTurn {
  /** Transcript index (0-based). */
  index: number;
  said: string;
  heard: string;
}

export interface AudioLoss {
  check: 'rule' | 'metric';
  /** `includes "415 555 1234"`, `metric "Books the appointment"` */
  label: string;
  /** Why it failed on what was heard: the rule's message, or the score against the threshold. */
  reason: string;
  /** The turns that were heard differently (the ones saying the rule's words first), at most MAX_TURNS. */
  turns: HeardTurn[];
}

const MAX_TURNS = 3;

/** Lower case, punctuation out, spaces collapsed: how said and heard are compared. */
export const normalizeSpoken = (s: string): string =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
    .replace(/\s+/g, ' ')
    .trim();

/** Agent turns whose heard text differs from what was said. */
export function misheardTurns(r: Pick<Result, 'transcript'>): HeardTurn[] {
  return r.transcript.flatMap((t, index) =>
    t.role === 'agent' && t.heard !== undefined && normalizeSpoken(t.heard) !== normalizeSpoken(t.content)
      ? [{ index, said: t.content, heard: t.heard }]
      : [],
  );
}

/** A rule target without its side ("agent:415 555 1234" -> "415 555 1234"). */
const words = (target: string) => normalizeSpoken(splitSide(target).text);

function turnsFor(misheard: HeardTurn[], target?: string): HeardTurn[] {
  const w = target ? words(target) : '';
  const saying = w ? misheard.filter((t) => normalizeSpoken(t.said).includes(w)) : [];
  return (saying.length ? saying : misheard).slice(0, MAX_TURNS);
}

const ruleLost = (a: CheckResult, text: CheckResult[]) =>
  !a.passed && text.some((t) => t.kind === a.kind && t.target === a.target && t.passed);
const metricLost = (a: MetricResult, text: MetricResult[]) =>
  !a.passed && text.some((t) => t.criterion === a.criterion && t.passed);

/** The checks that passed on the text and failed on what was heard. */
export function audioLosses(
  r: Pick<Result, 'transcript' | 'rules' | 'metrics' | 'audio_rules' | 'audio_metrics'>,
): AudioLoss[] {
  const misheard = misheardTurns(r);
  const rules = (r.audio_rules ?? [])
    .filter((a) => ruleLost(a, r.rules))
    .map((a) => ({
      check: 'rule' as const,
      label: `${a.kind} "${a.target}"`,
      reason: a.message || 'failed on what was heard',
      turns: turnsFor(misheard, a.target),
    }));
  const metrics = (r.audio_metrics ?? [])
    .filter((a) => metricLost(a, r.metrics))
    .map((a) => {
      const text = r.metrics.find((t) => t.criterion === a.criterion)!;
      return {
        check: 'metric' as const,
        label: `metric "${a.criterion}"`,
        reason: `${text.score.toFixed(2)} on the text, ${a.score.toFixed(2)} on what was heard (threshold ${a.threshold.toFixed(2)})`,
        turns: turnsFor(misheard),
      };
    });
  return [...rules, ...metrics];
}

/** The conversation was heard through speech (audio evaluation ran, or failed, for it). */
export const audioEvaluated = (r: Pick<Result, 'audio_rules' | 'audio_metrics' | 'audio_error'>): boolean =>
  !!(r.audio_rules || r.audio_metrics || r.audio_error);

/** Passed on the text and failed on what was heard: the text verdict alone would hide it. */
export const audioOnlyFailure = (r: Parameters<typeof audioLosses>[0] & Pick<Result, 'status'>): boolean =>
  r.status === 'pass' && audioLosses(r).length > 0;

/** Speech round trips that failed, per turn ("turn 3 (agent): ..."), in transcript order. */
export const speechErrors = (r: Pick<Result, 'transcript'>): string[] =>
  r.transcript.flatMap((t) => (t.speech_error ? [t.speech_error] : []));
