import type { CompareMatrix } from '../../../src-shared/contract/runs.js';

/** Grouped bars (plain SVG): pass rate and mean score per run, one group per model. */
export function ModelChart({ chart }: { chart: CompareMatrix['chart'] }) {
  const groupW = 110;
  const left = 40;
  const top = 14;
  const plotH = 180;
  const width = left + Math.max(1, chart.length) * groupW + 10;
  const height = top + plotH + 40;
  const y = (v: number) => top + plotH - v * plotH;
  const bar = 30;
  return (
    <figure className="model-chart card" aria-label="Pass rate and mean score per model">
      <figcaption>
        <strong>Pass rate and mean score per model</strong>
        <span className="legend">
          <span className="swatch pass" /> pass rate <span className="swatch score" /> mean score
        </span>
      </figcaption>
      <svg viewBox={`0 0 ${width} ${height}`} width={width} height={height} role="img">
        {[0, 0.25, 0.5, 0.75, 1].map((v) => (
          <g key={v}>
            <line x1={left} x2={width - 6} y1={y(v)} y2={y(v)} className="grid" />
            <text x={left - 6} y={y(v) + 4} className="axis" textAnchor="end">
              {Math.round(v * 100)}%
            </text>
          </g>
        ))}
        {chart.map((c, i) => {
          const x0 = left + i * groupW + (groupW - 2 * bar - 6) / 2;
          const label = c.model.length > 16 ? `${c.model.slice(0, 15)}…` : c.model;
          return (
            <g key={c.run} data-testid="chart-group">
              <title>{`${c.model} (${c.run}): pass rate ${c.pass_rate === null ? '—' : (c.pass_rate * 100).toFixed(1) + '%'}, mean score ${c.mean_score === null ? '—' : c.mean_score.toFixed(2)}`}</title>
              {c.pass_rate !== null && (
                <rect
                  x={x0}
                  y={y(c.pass_rate)}
                  width={bar}
                  height={plotH - (y(c.pass_rate) - top)}
                  className="bar pass"
                />
              )}
              {c.mean_score !== null && (
                <rect
                  x={x0 + bar + 6}
                  y={y(c.mean_score)}
                  width={bar}
                  height={plotH - (y(c.mean_score) - top)}
                  className="bar score"
                />
              )}
              <text x={x0 + bar / 2} y={y(c.pass_rate ?? 0) - 4} className="val" textAnchor="middle">
                {c.pass_rate === null ? '—' : Math.round(c.pass_rate * 100)}
              </text>
              <text x={x0 + bar * 1.5 + 6} y={y(c.mean_score ?? 0) - 4} className="val" textAnchor="middle">
                {c.mean_score === null ? '—' : c.mean_score.toFixed(2)}
              </text>
              <text x={left + i * groupW + groupW / 2} y={top + plotH + 16} className="axis" textAnchor="middle">
                {label}
              </text>
              <text x={left + i * groupW + groupW / 2} y={top + plotH + 30} className="axis sub" textAnchor="middle">
                {String.fromCharCode(65 + i)}
              </text>
            </g>
          );
        })}
      </svg>
    </figure>
  );
}
