import { formatProportion, kappaText } from '../../../src-shared/stats/index.js';
import type { JudgementsReport } from '../../../src-shared/schemas/index.js';

/** Plain-text rendering of a JudgementsReport for `parley rejudge` and `parley runs show`. */

const f2 = (x: number | null) => (x === null ? '-' : x.toFixed(2));

export function formatJudgementsText(r: JudgementsReport): string {
  const lines: string[] = [];
  const incomplete = (r.incomplete_batches ?? []).map(
    (b) =>
      `incomplete re-judge batch ${b.batch_id} (${b.status === 'running' ? 'did not finish: stopped, or still running' : b.status}): ${b.judgements} of ${b.planned} judgements, not counted`,
  );
  if (!r.judges.length)
    return [`run ${r.run_id} has no complete re-judgements yet (parley rejudge ${r.run_id})`, ...incomplete, ''].join(
      '\n',
    );
  lines.push(`original judge: ${r.original_judge}`, ...incomplete);
  for (const j of r.judges)
    lines.push(
      `re-judged by ${j.judge}: k=${j.k}, ${j.judgements} judgements${j.errors ? `, ${j.errors} failed${j.first_error ? `; the first: ${j.first_error}` : ''}` : ''}`,
    );
  if (r.consistency.length) {
    lines.push('', 'JUDGE CONSISTENCY (same judge, seeds 1..k)');
    for (const c of r.consistency) {
      lines.push(`  ${c.criterion}  [${c.judge}]`);
      lines.push(
        `    ${c.summary}; agreement ${formatProportion(c.agreement)}; score spread mean ${c.mean_spread.toFixed(2)}, max ${c.max_spread.toFixed(2)}`,
      );
      for (const x of c.flipped)
        lines.push(
          `    flips: ${x.test}${x.repeat ? ` #${x.repeat + 1}` : ''} (${x.result_id}): ${x.verdicts.map((v) => (v ? 'pass' : 'fail')).join(' ')}  scores ${x.scores.map((s) => s.toFixed(2)).join(' ')}`,
        );
    }
  }
  if (r.pairs.length) {
    lines.push('', 'JUDGE AGAINST JUDGE (pass/fail; a judge with k>1 counts by majority)');
    for (const p of r.pairs) {
      const t = p.table;
      lines.push(`  ${p.criterion}  [${p.a === 'original' ? `original (${r.original_judge})` : p.a} vs ${p.b}]`);
      lines.push(
        `    agreement ${formatProportion(p.accuracy)}; Cohen's kappa ${kappaText({ n: p.accuracy.n, kappa: p.kappa, low: p.kappa_low, high: p.kappa_high }, { wordsInside: true })}; Spearman ${p.spearman === null ? 'undefined (constant scores)' : f2(p.spearman)}`,
      );
      lines.push(
        `    both fail ${t.fail_fail}, only A fails ${t.fail_pass}, only B fails ${t.pass_fail}, both pass ${t.pass_pass}`,
      );
      for (const d of p.disagreements) {
        lines.push(`    disagree: ${d.test}${d.repeat ? ` #${d.repeat + 1}` : ''} (${d.result_id})`);
        lines.push(
          `      A ${d.a.passed ? 'pass' : 'fail'} ${d.a.score.toFixed(2)}: ${d.a.reasoning || '(no reasoning)'}`,
        );
        lines.push(
          `      B ${d.b.passed ? 'pass' : 'fail'} ${d.b.score.toFixed(2)}: ${d.b.reasoning || '(no reasoning)'}`,
        );
      }
    }
  }
  if (r.unstable.length) lines.push('', ...r.unstable.map((u) => `WARNING ${u}`));
  return `${lines.join('\n')}\n`;
}
