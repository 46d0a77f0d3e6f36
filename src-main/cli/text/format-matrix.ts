import { configModelsLine as modelsLine } from '../../app/index.js';
import type { CompareMatrix as RunMatrix, MatrixCell } from '../../../src-shared/contract/compare-shapes.js';
import { groupedSpread } from '../../../src-shared/run/config-phrases.js';
import { latencyRankLines } from './format-latency.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { fitnessLines } from './fitness-text.js';

/** Plain-text rendering of the N-way matrix for `parley compare`. */

const pct = (x: number | null) => (x === null ? '-' : `${Math.round(x * 100)}%`);

export function cellText(c: MatrixCell | null): string {
  if (!c || c.status === null) return '-';
  const rate = c.repeats > 1 && c.pass_rate !== null ? ` ${pct(c.pass_rate)}/${c.repeats}` : '';
  const score = c.mean_score !== null ? ` ${c.mean_score.toFixed(2)}` : '';
  return `${c.status}${rate}${score}`;
}

function bar(x: number | null, width = 20): string {
  if (x === null) return ' '.repeat(width);
  const n = Math.round(Math.max(0, Math.min(1, x)) * width);
  return '#'.repeat(n) + '.'.repeat(width - n);
}

function align(rows: string[][]): string[] {
  const widths = rows[0].map((_, i) => Math.max(...rows.map((r) => (r[i] ?? '').length)));
  return rows.map((r) =>
    r
      .map((c, i) => c.padEnd(widths[i]))
      .join('  ')
      .trimEnd(),
  );
}

export function formatMatrixText(m: RunMatrix): string {
  const lines: string[] = ['RUNS'];
  lines.push(
    ...align([
      ['#', 'RUN', 'MODEL', 'AGENT', 'PASS (95% INTERVAL)', 'SCORE', 'TOKENS', 'WALL'],
      ...m.runs.map((c, i) => [
        String(i + 1),
        c.run.id,
        `${c.run.model}${c.run.demo ? ' (demo)' : ''}`,
        `${c.run.agent_name}${c.run.agent_version !== null ? ` v${c.run.agent_version}` : ''}`,
        `${pct(c.totals.pass_rate)}${c.totals.pass_interval ? ` (${pct(c.totals.pass_interval.low)}-${pct(c.totals.pass_interval.high)}, n=${c.totals.results - c.totals.imported})` : ''}`,
        c.totals.mean_score === null ? '-' : c.totals.mean_score.toFixed(2),
        String(c.totals.tokens.total),
        formatDuration(c.totals.wall_ms),
      ]),
    ]).map((l) => `  ${l}`),
  );
  const ranked = latencyRankLines(m.latency_rank, (id) => m.runs.findIndex((c) => c.run.id === id) + 1);
  if (ranked.length) lines.push('', ...ranked);
  lines.push(
    '',
    'CONFIGURATION',
    ...m.runs.map(
      (c, i) => `  ${i + 1}  ${modelsLine(c.run.config)}${c.run.speech ? `\n     speech: ${c.run.speech}` : ''}`,
    ),
  );
  if (m.config_spread.length)
    lines.push(
      '',
      'THE RUNS DIFFER IN',
      ...groupedSpread(m.config_spread).map(
        (s) => `  ${s.field}: ${s.values.map((v, i) => `${i + 1} ${v}`).join(', ')}`,
      ),
    );
  if (m.comparability.notes.length) lines.push('', ...m.comparability.notes.map((n) => `NOTE ${n}`));
  const cautions = m.runs.flatMap((c, i) => fitnessLines(c.run.fitness, `${i + 1}: `));
  if (cautions.length) lines.push('', ...cautions);
  if (m.runs.some((c) => c.run.demo))
    lines.push('', 'Demo runs (scripted model) are marked (demo): their results are not evidence.');
  lines.push('', 'TESTS (status, pass rate/repeats, mean score; * = runs disagree)');
  lines.push(
    ...align([
      ['', 'TEST', ...m.runs.map((_, i) => String(i + 1))],
      ...m.tests.map((r) => [r.differs ? '*' : ' ', r.test, ...r.cells.map(cellText)]),
    ]).map((l) => `  ${l}`),
  );
  lines.push('', 'PASS RATE / MEAN SCORE PER RUN');
  const label = Math.max(...m.chart.map((c, i) => `${i + 1} ${c.model}`.length));
  for (const [i, c] of m.chart.entries()) {
    lines.push(`  ${`${i + 1} ${c.model}`.padEnd(label)}  pass  ${bar(c.pass_rate)} ${pct(c.pass_rate)}`);
    lines.push(
      `  ${''.padEnd(label)}  score ${bar(c.mean_score)} ${c.mean_score === null ? '-' : c.mean_score.toFixed(2)}${m.comparability.scores_comparable ? '' : ' (its own judge)'}`,
    );
  }
  return lines.join('\n') + '\n';
}
