import type { Result } from '../../../../src-shared/schemas/run.js';

/**
 * Run option caller_fidelity: the conversations whose simulated caller broke character. They test
 * nothing about the agent, so they are counted apart from its failures and listed here so the
 * persona can be fixed.
 */
export function InvalidCallersCard({
  results,
  onOpenResult,
}: {
  results: Result[];
  onOpenResult: (id: string) => void;
}) {
  const checked = results.filter((r) => r.caller_fidelity);
  if (!checked.length) return null;
  const bad = results.filter((r) => r.caller_invalid);
  return (
    <section className="card judgements" data-testid="caller-fidelity" aria-label="Caller fidelity">
      <h3>Was the test valid?</h3>
      {!bad.length ? (
        <p className="muted small">
          Every simulated caller stayed in character ({checked.length} checked by the judge).
        </p>
      ) : (
        <>
          <div className="warning" role="alert">
            Invalid caller: {bad.length} of {checked.length} conversations. The simulated caller broke character, so
            these conversations say nothing about the agent: they are not counted as agent failures and compare never
            calls them regressions. Fix the persona, then run again.
          </div>
          <table className="data">
            <thead>
              <tr>
                <th>Conversation</th>
                <th>In character</th>
                <th>Pursued goal</th>
                <th>Why</th>
              </tr>
            </thead>
            <tbody>
              {bad.map((r) => (
                <tr key={r.id}>
                  <td>
                    <button type="button" className="link" onClick={() => onOpenResult(r.id)}>
                      {r.test} #{r.repeat + 1}
                    </button>
                  </td>
                  <td>{r.caller_fidelity!.in_character.toFixed(2)}</td>
                  <td>{r.caller_fidelity!.pursued_goal.toFixed(2)}</td>
                  <td className="small">{r.caller_fidelity!.reasoning}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </section>
  );
}
