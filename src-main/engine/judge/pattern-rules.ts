import type { CheckResult, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { MAX_PATTERN_TIME_PER_RUN_MS } from '../../../src-shared/limits.js';
import { sharedRegexRunner } from './regex-runner.js';
import { patternText } from '../../../src-shared/rules/regex-pattern.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';

export const DEFAULT_PATTERN_TIMEOUT_MS = 1000;

/**
 * Time the regex checks of one run may lose to patterns that time out, shared by all its conversations: 1 s per pattern alone
 * would let 50 hostile patterns x every conversation take minutes. Keyed by the run's agent graph
 * object (the same object for every conversation of a run, dropped with it), so no run id has to be
 * passed down; a budget shared by two runs of the same graph object is only stricter.
 */
export interface PatternBudget {
  remainingMs: number;
}
const budgets = new WeakMap<object, PatternBudget>();

export function runPatternBudget(runKey: object, totalMs = MAX_PATTERN_TIME_PER_RUN_MS): PatternBudget {
  let b = budgets.get(runKey);
  if (!b) budgets.set(runKey, (b = { remainingMs: totalMs }));
  return b;
}

/**
 * `patterns`: regular expressions that must match somewhere in the spoken transcript (tested turn
 * by turn). Each runs in a worker with a time limit; a pattern that times out or does not compile
 * is a failed rule naming the pattern.
 */
export async function checkPatterns(
  transcript: TranscriptTurn[],
  patterns: string[],
  timeoutMs = DEFAULT_PATTERN_TIMEOUT_MS,
  budget: PatternBudget = { remainingMs: MAX_PATTERN_TIME_PER_RUN_MS },
): Promise<CheckResult[]> {
  if (!patterns.length) return [];
  const spoken = transcript.map((t, i) => ({ t, i })).filter(({ t }) => t.role === 'agent' || t.role === 'caller');
  const runner = sharedRegexRunner();
  const out: CheckResult[] = [];
  for (const p of patterns) {
    if (budget.remainingMs <= 0) {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern ${patternText(p)} was not checked: the regex checks of this run already used their ${MAX_PATTERN_TIME_PER_RUN_MS / 1000} s on patterns that were too slow; expected patterns that do not backtrack catastrophically`,
      });
      continue;
    }
    const limit = Math.max(1, Math.min(timeoutMs, budget.remainingMs));
    // reserved up front (parallel conversations share the budget), given back unless the pattern timed
    // out: a fast pattern costs microseconds, and waiting in the shared queue is not this run's time
    budget.remainingMs -= limit;
    const r = await runner.run(
      p,
      spoken.map(({ t }) => t.content),
      limit,
    );
    if (r.kind !== 'timeout') budget.remainingMs += limit;
    if (r.kind === 'match') {
      const turn = spoken[r.index].i;
      out.push({
        kind: 'pattern',
        target: p,
        passed: true,
        message: `matched "${r.match}" in turn ${turnNumber(turn)} (${transcript[turn].role})`,
        details: { turn, match: r.match },
      });
    } else if (r.kind === 'no_match') {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern ${patternText(p)} matches nothing in the transcript`,
      });
    } else if (r.kind === 'invalid') {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern ${patternText(p)} is not a valid regular expression: ${r.error}`,
      });
    } else {
      out.push({
        kind: 'pattern',
        target: p,
        passed: false,
        message: `pattern ${patternText(p)} took longer than ${limit} ms and was stopped (catastrophic backtracking?)`,
      });
    }
  }
  return out;
}
