import type { CompareRunDiff } from '../../../src-shared/contract/runs.js';
import { LATENCY_COMPARE_ROWS, type LatencyRankRow } from '../../../src-shared/contract/latency-shapes.js';
import { formatMs } from '../../../src-shared/latency/run-latency.js';

const ROWS = LATENCY_COMPARE_ROWS;

const ms = (v: number | null | undefined) => (v === null || v === undefined ? '—' : formatMs(v));

/** Two-run compare: each latency figure of A and B and the change (negative: B is faster). */
export function LatencyDiff({ diff }: { diff: CompareRunDiff }) {
  const a = diff.summary.a.latency;
  const b = diff.summary.b.latency;
  const delta = diff.summary.delta.latency;
  if (!a?.turns && !b?.turns) return null;
  const rows = ROWS.filter(([k]) => (a?.[k] ?? null) !== null || (b?.[k] ?? null) !== null);
  return (
    <section className="card latency-compare" aria-label="Latency" data-testid="latency-diff">
      <h3>
        Latency{' '}
        <span className="muted small">
          A {diff.a.model} · B {diff.b.model}
        </span>
      </h3>
      <table className="latency-table">
        <thead>
          <tr>
            <th>Figure</th>
            <th className="num">A</th>
            <th className="num">B</th>
            <th className="num">B − A</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([k, label]) => {
            const d = delta?.[k] ?? null;
            return (
              <tr key={k} data-figure={k}>
                <td>{label}</td>
                <td className="num">{ms(a?.[k])}</td>
                <td className="num">{ms(b?.[k])}</td>
                <td className={`num ${d === null || d === 0 ? '' : d < 0 ? 'tone-good' : 'tone-bad'}`}>
                  {d === null ? '—' : `${d > 0 ? '+' : d < 0 ? '−' : '±'}${formatMs(Math.abs(d))}`}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </section>
  );
}

/** N-way compare: the runs ranked by p95 response latency, fastest first; each run with its letter (two runs may share a model). */
export function LatencyRanking({
  rank,
  letters,
}: {
  rank: LatencyRankRow[] | undefined;
  letters: Map<string, string>;
}) {
  if (!rank?.some((r) => r.rank !== null)) return null;
  return (
    <section className="card latency-compare" aria-label="Latency ranking" data-testid="latency-rank">
      <h3>
        Latency <span className="muted small">ranked by p95 response, fastest first</span>
      </h3>
      <table className="latency-table">
        <thead>
          <tr>
            <th>#</th>
            <th>Run</th>
            <th>Model</th>
            <th className="num">p95 response</th>
            <th className="num">p50 response</th>
            <th className="num">p95 first token</th>
            <th className="num">turns</th>
          </tr>
        </thead>
        <tbody>
          {rank.map((r) => (
            <tr key={r.run} data-run={r.run}>
              <td>{r.rank ?? '—'}</td>
              <td title={r.run}>
                <span className="side-tag">{letters.get(r.run) ?? '?'}</span>
              </td>
              <td>{r.model}</td>
              <td className="num">{ms(r.p95_response_ms)}</td>
              <td className="num">{ms(r.p50_response_ms)}</td>
              <td className="num">{ms(r.p95_first_token_ms)}</td>
              <td className="num">{r.turns}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
