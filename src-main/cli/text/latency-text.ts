import { formatMs, type LatencyStat } from '../../../src-shared/latency/run-latency.js';
import type { RunLatencyReport } from '../../../src-shared/latency/run-latency-report.js';

import { LATENCY_ROWS as ROWS } from '../../../src-shared/latency/latency-rows.js';

const line = (label: string, s: LatencyStat) =>
  `  ${label.padEnd(42)} p50 ${formatMs(s.p50).padStart(9)}  p95 ${formatMs(s.p95).padStart(9)}  max ${formatMs(s.max).padStart(9)}  (${s.n} turn${s.n === 1 ? '' : 's'}${s.estimated ? `, ${s.estimated} estimated` : ''})`;

/** A run's latency as `parley run` and `parley runs show` print it: p50/p95 per figure, then the budget checks. */
export function latencyText(l: RunLatencyReport | undefined): string {
  if (!l) return '';
  const out = [`LATENCY over ${l.agent_turns} agent turn${l.agent_turns === 1 ? '' : 's'} (docs/latency.md)`];
  for (const [f, label] of ROWS) {
    const s = l[f];
    if (s) out.push(line(label, s));
  }
  if (l.budget.length) {
    const failed = l.budget.filter((c) => !c.passed).length;
    out.push(`latency budget: ${failed ? `FAILED (${failed} of ${l.budget.length})` : 'passed'}`);
    for (const c of l.budget) out.push(`  ${c.passed ? 'ok  ' : 'FAIL'} ${c.message}`);
  }
  return `${out.join('\n')}\n`;
}
