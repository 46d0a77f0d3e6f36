import { formatProportion, kappaText } from '../../../../src-shared/stats/index.js';
import { useApi } from '../../../api/hooks.js';

const f2 = (x: number | null) => (x === null ? '—' : x.toFixed(2));

/** The run's re-judgements: judge consistency per metric (flips, spread) and judge against judge. */
export function JudgementsCard({ runId, onOpenResult }: { runId: string; onOpenResult: (id: string) => void }) {
  const report = useApi('runs.judgements', { id: runId });
  const r = report.data;
  if (!r || (!r.judges.length && !r.incomplete_batches?.length)) return null;
  return (
    <section className="card judgements" data-testid="judgements" aria-label="Judge consistency">
      <h3>Can these verdicts be trusted?</h3>
      {r.incomplete_batches?.map((b) => (
        <p key={b.batch_id} className="muted small" data-testid="incomplete-rejudge">
          A re-judge batch did not complete ({b.status === 'running' ? 'stopped, or still running' : b.status}):{' '}
          {b.judgements} of {b.planned} judgements, not counted below.
        </p>
      ))}
      {r.unstable.map((u) => (
        <div key={u} className="warning" role="alert" data-testid="unstable-judge">
          {u}
        </div>
      ))}
      <p className="muted small">
        Original judge {r.original_judge}; re-judged by{' '}
        {r.judges.map((j) => `${j.judge} (k=${j.k}${j.errors ? `, ${j.errors} failed` : ''})`).join(', ')}.
      </p>
      {r.judges
        .filter((j) => j.first_error)
        .map((j) => (
          <p key={j.judge} className="error-text small" data-testid="rejudge-error">
            {j.judge}: {j.errors} judge call{j.errors === 1 ? '' : 's'} failed; the first: {j.first_error}
          </p>
        ))}
      {r.consistency.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th>Metric</th>
              <th>Judge</th>
              <th>Verdicts that flip</th>
              <th>Agreement (95% interval)</th>
              <th>Score spread (mean / max)</th>
            </tr>
          </thead>
          <tbody>
            {r.consistency.map((c) => (
              <tr key={`${c.judge} ${c.criterion}`} className={c.unstable ? 'unstable' : undefined}>
                <td>{c.criterion}</td>
                <td>{c.judge}</td>
                <td>
                  {c.flips} of {c.conversations}
                  {c.flipped.slice(0, 5).map((x) => (
                    <button key={x.result_id} className="link small" onClick={() => onOpenResult(x.result_id)}>
                      {x.test}
                    </button>
                  ))}
                </td>
                <td>{formatProportion(c.agreement)}</td>
                <td>
                  {c.mean_spread.toFixed(2)} / {c.max_spread.toFixed(2)}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {r.pairs.length > 0 && (
        <table className="data">
          <thead>
            <tr>
              <th>Metric</th>
              <th>Judges</th>
              <th>Agreement (95% interval)</th>
              <th>Cohen&apos;s kappa</th>
              <th>Spearman</th>
              <th>Both fail / only A / only B / both pass</th>
            </tr>
          </thead>
          <tbody>
            {r.pairs.map((p) => (
              <tr key={`${p.a} ${p.b} ${p.criterion}`}>
                <td>{p.criterion}</td>
                <td>
                  {p.a === 'original' ? `original (${r.original_judge})` : p.a} vs {p.b}
                </td>
                <td>{formatProportion(p.accuracy)}</td>
                <td>{kappaText({ n: p.accuracy.n, kappa: p.kappa, low: p.kappa_low, high: p.kappa_high })}</td>
                <td>{f2(p.spearman)}</td>
                <td>
                  {p.table.fail_fail} / {p.table.fail_pass} / {p.table.pass_fail} / {p.table.pass_pass}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {r.pairs.some((p) => p.disagreements.length) && (
        <details>
          <summary>Disagreements, with both reasonings</summary>
          <ul className="disagreements">
            {r.pairs.flatMap((p) =>
              p.disagreements.map((d) => (
                <li key={`${p.a} ${p.b} ${p.criterion} ${d.result_id}`}>
                  <button className="link" onClick={() => onOpenResult(d.result_id)}>
                    {d.test}
                  </button>{' '}
                  · {p.criterion}
                  <div className="small">
                    A ({p.a}) {d.a.passed ? 'pass' : 'fail'} {d.a.score.toFixed(2)}: {d.a.reasoning || '—'}
                  </div>
                  <div className="small">
                    B ({p.b}) {d.b.passed ? 'pass' : 'fail'} {d.b.score.toFixed(2)}: {d.b.reasoning || '—'}
                  </div>
                </li>
              )),
            )}
          </ul>
        </details>
      )}
    </section>
  );
}
