import type { LatencyBudget } from '../schemas/latency-budget.js';
import { LATENCY_BUDGET_KEYS } from '../schemas/latency-budget.js';
import { formatMs, type LatencyFigure, type RunLatency } from './run-latency.js';

/** One budget line checked against a run: passed, or failed with the figure. */
export interface LatencyBudgetCheck {
  /** The budget key, e.g. p95_response_ms. */
  target: keyof LatencyBudget;
  budget_ms: number;
  /** The run's figure; null when no agent turn carried it (the check fails: the budget could not be checked). */
  actual_ms: number | null;
  /** Agent turns the percentile is over. */
  turns: number;
  passed: boolean;
  /** e.g. "p95 response 1,840 ms > budget 1,200 ms over 37 turns". */
  message: string;
}

const LABEL: Record<string, string> = {
  response_ms: 'response',
  first_token_ms: 'first token',
  full_reply_ms: 'full reply',
  routing_ms: 'routing',
};

function parseKey(key: keyof LatencyBudget): { p: 'p50' | 'p95'; figure: LatencyFigure } {
  const [p, ...rest] = key.split('_');
  return { p: p as 'p50' | 'p95', figure: rest.join('_') as LatencyFigure };
}

/** Every line of a latency budget checked against a run's latency (docs/latency.md). Pure. */
export function checkLatencyBudget(budget: LatencyBudget | undefined, latency: RunLatency): LatencyBudgetCheck[] {
  if (!budget) return [];
  const out: LatencyBudgetCheck[] = [];
  for (const target of LATENCY_BUDGET_KEYS) {
    const budget_ms = budget[target];
    if (budget_ms === undefined) continue;
    const { p, figure } = parseKey(target);
    const s = latency[figure];
    const what = `${p} ${LABEL[figure] ?? figure}`;
    if (!s) {
      out.push({
        target,
        budget_ms,
        actual_ms: null,
        turns: 0,
        passed: false,
        message: `${what}: no agent turn recorded it, so the budget of ${formatMs(budget_ms)} could not be checked`,
      });
      continue;
    }
    const actual = s[p];
    const passed = actual <= budget_ms;
    const over = `over ${s.n.toLocaleString('en-US')} turn${s.n === 1 ? '' : 's'}`;
    out.push({
      target,
      budget_ms,
      actual_ms: actual,
      turns: s.n,
      passed,
      message: `${what} ${formatMs(actual)} ${passed ? '<=' : '>'} budget ${formatMs(budget_ms)} ${over}`,
    });
  }
  return out;
}

/** true when every budget line passed (also when there is no budget). */
export const withinBudget = (checks: readonly LatencyBudgetCheck[]) => checks.every((c) => c.passed);
