import type { MetricSpec } from '../../../src-shared/schemas/index.js';
import { Section } from '../../ui/widgets.js';
import { COMMON_METRICS } from './common-metrics.js';

interface Row {
  criterion: string;
  threshold?: number;
  name?: string;
}
const toRow = (m: MetricSpec): Row => (typeof m === 'string' ? { criterion: m } : { ...m });
const fromRow = (r: Row): MetricSpec =>
  r.threshold === undefined && !r.name
    ? r.criterion
    : {
        criterion: r.criterion,
        ...(r.threshold !== undefined ? { threshold: r.threshold } : {}),
        ...(r.name ? { name: r.name } : {}),
      };

/** LLM-judged criteria, each scored 0–1 and passed at its threshold (or the suite's). */
export function MetricsSection({
  metrics,
  onChange,
  defaultThreshold,
  errorAt,
  base,
}: {
  metrics: MetricSpec[];
  onChange: (m: MetricSpec[]) => void;
  defaultThreshold: number;
  errorAt: (path: string) => string | undefined;
  base: string;
}) {
  const rows = metrics.map(toRow);
  const setRow = (i: number, patch: Partial<Row>) =>
    onChange(rows.map((r, j) => fromRow(j === i ? { ...r, ...patch } : r)));
  const used = new Set(rows.map((r) => r.criterion));
  return (
    <Section
      title="Metrics"
      testId="metrics-section"
      description={
        <>
          What a judge model scores from 0 to 1 after the conversation. A metric passes at its threshold (empty: the
          suite default, {defaultThreshold}).
        </>
      }
    >
      <div className="rows">
        {rows.map((r, i) => {
          const err =
            errorAt(`${base}[${i}].criterion`) ?? errorAt(`${base}[${i}]`) ?? errorAt(`${base}[${i}].threshold`);
          return (
            <div key={i}>
              <div className="row metric-row">
                <input
                  className={`grow ${err ? 'invalid' : ''}`}
                  aria-label={`Metric ${i + 1}`}
                  value={r.criterion}
                  list="common-metrics"
                  placeholder="e.g. The agent verified the caller's identity."
                  onChange={(e) => setRow(i, { criterion: e.target.value })}
                />
                <label className="inline-label threshold">
                  pass at
                  <input
                    type="number"
                    min={0}
                    max={1}
                    step={0.05}
                    aria-label={`Threshold of metric ${i + 1}`}
                    placeholder={String(defaultThreshold)}
                    value={r.threshold ?? ''}
                    onChange={(e) =>
                      setRow(i, { threshold: e.target.value === '' ? undefined : Number(e.target.value) })
                    }
                  />
                </label>
                <button
                  type="button"
                  className="ghost icon-btn"
                  aria-label={`Remove metric ${i + 1}`}
                  onClick={() => onChange(metrics.filter((_, j) => j !== i))}
                >
                  ✕
                </button>
              </div>
              {err && <div className="field-error">{err}</div>}
            </div>
          );
        })}
      </div>
      <datalist id="common-metrics">
        {COMMON_METRICS.flatMap((g) => g.criteria).map((c) => (
          <option key={c} value={c} />
        ))}
      </datalist>
      <div className="row">
        <button type="button" onClick={() => onChange([...metrics, ''])}>
          + Add a metric
        </button>
        <select
          aria-label="Add a common criterion"
          value=""
          onChange={(e) => {
            if (e.target.value) onChange([...metrics, e.target.value]);
          }}
        >
          <option value="">Add a common criterion…</option>
          {COMMON_METRICS.map((g) => (
            <optgroup key={g.group} label={g.group}>
              {g.criteria.map((c) => (
                <option key={c} value={c} disabled={used.has(c)}>
                  {c}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
      </div>
    </Section>
  );
}
