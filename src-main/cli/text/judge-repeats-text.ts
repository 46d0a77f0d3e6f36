import { repeatStability } from '../../../src-shared/judge-stability.js';
import type { MetricResult } from '../../../src-shared/schemas/index.js';

/** The judge_repeats lines of a run's human report: each metric judged more than once and whether its verdicts flip. */
export function judgeRepeatsText(results: { metrics: MetricResult[] }[], repeats: number | undefined): string {
  const rows = repeatStability(results);
  if (!rows.length) return '';
  return (
    [
      `judge repeats (${repeats ?? rows[0].conversations} judgements per conversation, majority verdict):`,
      ...[...rows.filter((r) => r.unstable), ...rows.filter((r) => !r.unstable)].map(
        (r) => `  ${r.criterion}: ${r.summary}`,
      ),
    ].join('\n') + '\n'
  );
}
