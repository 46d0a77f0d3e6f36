import { formatProportion, kappaText } from '../../../../src-shared/stats/index.js';
import { useApi } from '../../../api/hooks.js';

/** Each judge of the run (original and re-judges) against the human labels, per metric, with n and 95% intervals. */
export function AgreementPanel({ runId }: { runId: string }) {
  const report = useApi('labels.agreement', { run_id: runId });
  const r = report.data;
  if (!r) return null;
  return (
    <div className="agreement-panel" data-testid="agreement-panel">
      <h4>Judges against the reviewers</h4>
      <p className="muted small" data-testid="labels-count">
        {r.labels} of {r.verdicts} verdicts labelled{r.reviewers.length ? ` by ${r.reviewers.join(', ')}` : ''}.
      </p>
      {!r.rows.length ? (
        <p className="muted small">
          No labels yet: mark verdicts right or wrong to see how far each judge can be trusted.
        </p>
      ) : (
        <table className="data">
          <thead>
            <tr>
              <th>Judge</th>
              <th>Metric</th>
              <th>n</th>
              <th>Agrees (95% interval)</th>
              <th>Cohen's kappa</th>
              <th>Precision of fail</th>
              <th>Recall of fail</th>
            </tr>
          </thead>
          <tbody>
            {r.rows.map((row) => (
              <tr key={`${row.judge} ${row.criterion}`} data-testid="agreement-row">
                <td>{row.judge === 'original' ? `original (${row.judge_model})` : row.judge}</td>
                <td>{row.criterion ?? <em>all metrics</em>}</td>
                <td>{row.n}</td>
                <td data-testid="agreement-accuracy">{formatProportion(row.accuracy)}</td>
                <td data-testid="agreement-kappa">
                  {kappaText({ n: row.n, kappa: row.kappa, low: row.kappa_low, high: row.kappa_high })}
                </td>
                <td>{formatProportion(row.precision_fail)}</td>
                <td>{formatProportion(row.recall_fail)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {r.calibration.length > 0 && (
        <ul className="small calibration" aria-label="Calibration hints">
          {r.calibration.map((c) => (
            <li key={`${c.judge} ${c.criterion}`}>
              <strong>{c.criterion}</strong> ({c.judge === 'original' ? 'original judge' : c.judge}): {c.summary}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
