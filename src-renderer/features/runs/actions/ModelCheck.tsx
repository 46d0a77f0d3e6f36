import type { ModelProblem } from '../../../../src-shared/contract/preflight.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';

export type RunRole = 'agent' | 'caller' | 'judge';

/**
 * The pre-run check's findings for one model of the New run dialog (models.preflight): what is wrong,
 * what to do, and a button for the one-click fix when there is one ("Use a 4,096-token context").
 */
export function ModelCheck({
  role,
  problems,
  checking,
  onFix,
}: {
  role: RunRole;
  problems: ModelProblem[];
  checking: boolean;
  onFix: (role: RunRole, spec: ModelSpecInput) => void;
}) {
  // a problem shared by several roles is shown once, under the first of them (the agent model's picker)
  const mine = problems.filter((p) => p.roles[0] === role);
  if (!mine.length)
    return checking && role === 'agent' ? (
      <div className="muted small model-check" role="status">
        Checking the models…
      </div>
    ) : null;
  return (
    <>
      {mine.map((p, i) => (
        <div
          key={i}
          className={`model-check ${p.severity === 'error' ? 'error-box' : 'warn-box'}`}
          role={p.severity === 'error' ? 'alert' : 'status'}
          data-testid={`model-check-${role}`}
        >
          {p.roles.length > 1 && <strong>{p.roles.map(roleName).join(', ')} model: </strong>}
          {p.problem}
          <div className="model-check-fix">
            <span>What to do: {p.fix}</span>
            {p.fixed_spec && p.fix_label && (
              <button type="button" onClick={() => onFix(role, p.fixed_spec as ModelSpecInput)}>
                {p.fix_label}
              </button>
            )}
          </div>
        </div>
      ))}
    </>
  );
}

const roleName = (r: RunRole) => (r === 'agent' ? 'agent' : r === 'caller' ? 'simulated caller' : 'judge');
