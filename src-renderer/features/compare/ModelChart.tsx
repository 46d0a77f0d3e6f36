import type { CompareMatrix } from '../../../src-shared/contract/runs.js';
import { runLetter } from './run-letters.js';

type Point = CompareMatrix['chart'][number];

interface Row {
  run: string;
  letter: string;
  model: string;
  value: number | null;
  interval: { low: number; high: number } | null | undefined;
}

const pct = (x: number) => `${Math.round(x * 100)}%`;
const score = (x: number) => x.toFixed(2);

/**
 * Pass rate and mean score per run, each on its own scale with its unit (percent of conversations; a
 * score from 0 to 1) and its 95% interval drawn as a whisker: two measures never share one axis.
 */
export function ModelChart({ chart }: { chart: CompareMatrix['chart'] }) {
  const rows = (value: (p: Point) => number | null, interval: (p: Point) => Row['interval']): Row[] =>
    chart.map((p, i) => ({ run: p.run, letter: runLetter(i), model: p.model, value: value(p), interval: interval(p) }));
  return (
    <figure className="model-chart card" aria-label="Pass rate and mean score per run">
      <figcaption>
        <strong>Pass rate and mean score per run</strong>
        <span className="muted small">bars: the value · whiskers: its 95% interval</span>
      </figcaption>
      <div className="model-chart__panels">
        <Bars
          title="Pass rate"
          unit="% of judged conversations that passed"
          rows={rows(
            (p) => p.pass_rate,
            (p) => p.pass_interval,
          )}
          ticks={[0, 0.25, 0.5, 0.75, 1]}
          tick={pct}
          text={(v, i) => `${pct(v)}${i ? ` (${pct(i.low)}–${pct(i.high)})` : ''}`}
          kind="pass"
        />
        <Bars
          title="Mean score"
          unit="judge's score, 0 to 1"
          rows={rows(
            (p) => p.mean_score,
            (p) => p.mean_score_interval,
          )}
          ticks={[0, 0.5, 1]}
          tick={(v) => v.toFixed(1)}
          text={(v, i) => `${score(v)}${i ? ` (${score(i.low)}–${score(i.high)})` : ''}`}
          kind="score"
        />
      </div>
    </figure>
  );
}

const LABEL_W = 112;
const BAR_W = 140;
const TEXT_W = 124;
const ROW_H = 24;
const TOP = 18;

/** One measure: a row per run (its letter and model), a bar to the value, the interval as a whisker. */
function Bars({
  title,
  unit,
  rows,
  ticks,
  tick,
  text,
  kind,
}: {
  title: string;
  unit: string;
  rows: Row[];
  ticks: number[];
  tick(v: number): string;
  text(v: number, interval: Row['interval']): string;
  kind: 'pass' | 'score';
}) {
  const width = LABEL_W + BAR_W + TEXT_W;
  const height = TOP + rows.length * ROW_H + 4;
  const x = (v: number) => LABEL_W + v * BAR_W;
  return (
    <div className="model-chart__panel" data-testid={`chart-${kind}`}>
      <div className="model-chart__title">
        <strong>{title}</strong> <span className="muted small">({unit})</span>
      </div>
      <svg viewBox={`0 0 ${width} ${height}`} width="100%" role="img" aria-label={`${title} per run`}>
        {ticks.map((v) => (
          <g key={v}>
            <line x1={x(v)} x2={x(v)} y1={TOP - 4} y2={height - 2} className="grid" />
            <text x={x(v)} y={TOP - 7} className="axis" textAnchor="middle">
              {tick(v)}
            </text>
          </g>
        ))}
        {rows.map((r, i) => {
          const y = TOP + i * ROW_H;
          const label = r.model.length > 14 ? `${r.model.slice(0, 13)}…` : r.model;
          return (
            <g key={r.run} data-testid="chart-group" data-run={r.run}>
              <title>{`${r.letter} ${r.model}: ${title.toLowerCase()} ${r.value === null ? 'none' : text(r.value, r.interval)}`}</title>
              <text x={4} y={y + 15} className="axis sub">
                {r.letter}
              </text>
              <text x={18} y={y + 15} className="axis">
                {label}
              </text>
              {r.value !== null && (
                <rect
                  x={x(0)}
                  y={y + 5}
                  width={Math.max(1, r.value * BAR_W)}
                  height={ROW_H - 10}
                  className={`bar ${kind}`}
                />
              )}
              {r.interval && (
                <g className="whisker">
                  <line x1={x(r.interval.low)} x2={x(r.interval.high)} y1={y + 12} y2={y + 12} />
                  <line x1={x(r.interval.low)} x2={x(r.interval.low)} y1={y + 7} y2={y + 17} />
                  <line x1={x(r.interval.high)} x2={x(r.interval.high)} y1={y + 7} y2={y + 17} />
                </g>
              )}
              <text x={LABEL_W + BAR_W + 6} y={y + 15} className="val" data-testid="chart-value">
                {r.value === null ? '—' : text(r.value, r.interval)}
              </text>
            </g>
          );
        })}
      </svg>
    </div>
  );
}
