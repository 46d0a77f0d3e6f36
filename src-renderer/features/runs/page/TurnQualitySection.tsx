import { TURN_METRICS, type TurnQuality } from '../../../../src-shared/schemas/run.js';
import { turnRef } from '../../../../src-shared/text/turn-number.js';

/** Every agent turn's quality scores (0..1) with the judge's reason; a click shows the turn in the transcript. */
export function TurnQualitySection({
  q,
  names,
  onTurn,
}: {
  q: TurnQuality;
  names: Map<string, string>;
  onTurn: (index: number) => void;
}) {
  return (
    <section data-testid="turn-quality">
      <h4>Turn quality</h4>
      <table className="turn-quality">
        <thead>
          <tr>
            <th>Turn</th>
            <th>Node</th>
            {TURN_METRICS.map((m) => (
              <th key={m} className="num">
                {m}
              </th>
            ))}
            <th>Why</th>
          </tr>
        </thead>
        <tbody>
          {q.turns.map((t) => (
            <tr key={t.index} className="clickable" onClick={() => onTurn(t.index)}>
              <td>{turnRef(t.index)}</td>
              <td>{t.node ? (names.get(t.node) ?? t.node) : '—'}</td>
              {TURN_METRICS.map((m) => (
                <td key={m} className={`num ${t.scores[m] < 0.5 ? 'status-fail' : ''}`}>
                  {t.scores[m].toFixed(2)}
                </td>
              ))}
              <td className="small">{t.reasoning}</td>
            </tr>
          ))}
          {q.mean && (
            <tr className="mean">
              <td colSpan={2}>
                <strong>Mean</strong>
              </td>
              {TURN_METRICS.map((m) => (
                <td key={m} className="num">
                  <strong>{q.mean![m].toFixed(2)}</strong>
                </td>
              ))}
              <td />
            </tr>
          )}
        </tbody>
      </table>
    </section>
  );
}
