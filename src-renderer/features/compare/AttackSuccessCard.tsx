import type { CompareRunDiff } from '../../../src-shared/contract/compare-shapes.js';
import { attackChangeText, attackSideText } from '../../../src-shared/text/attack-success.js';

/** Two red-team runs: attack success per category before (A) and after (B), with intervals and the change's p-value. */
export function AttackSuccessCard({ rows }: { rows: NonNullable<CompareRunDiff['attack_success']> }) {
  return (
    <section className="card" data-testid="attack-success" aria-label="Attack success by category">
      <h3>Attack success by category</h3>
      <p className="small muted">
        Red team: A before, B after. Each figure is successful attacks of finished attempts with its 95% interval; 0
        successes is an interval, not safety.
      </p>
      <table>
        <thead>
          <tr>
            <th>Category</th>
            <th>A</th>
            <th>B</th>
            <th>Change</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.id}>
              <td title={r.id}>
                {r.label} <span className="muted small">{r.owasp}</span>
              </td>
              <td>{attackSideText(r.a)}</td>
              <td>{attackSideText(r.b)}</td>
              <td>{attackChangeText(r)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
