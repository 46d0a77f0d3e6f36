import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import type { ValidationState } from '../state/use-validation.js';

/**
 * The Checks tab of an import being fixed: what is still wrong with the graph (live, click to show it
 * on the canvas) and what the import found in the file (with paths in the file).
 */
export function ImportProblems({
  file,
  fromFile,
  live,
  onPick,
}: {
  file: string;
  fromFile: ValidationIssue[];
  live: ValidationState;
  onPick(i: ValidationIssue): void;
}) {
  const errors = live.issues.filter((i) => i.severity === 'error');
  return (
    <div className="ge-inspector" data-testid="import-problems">
      <div className="ge-inspector__title">
        {live.status !== 'done'
          ? 'Checking…'
          : errors.length
            ? `${errors.length} error${errors.length === 1 ? '' : 's'} to fix before saving`
            : 'No errors left: Save creates the agent'}
      </div>
      {errors.length > 0 && (
        <ul className="ge-problems__list">
          {errors.map((i, k) => (
            <li key={k}>
              <button
                type="button"
                className="ge-problem is-error"
                onClick={() => onPick(i)}
                data-testid="draft-problem"
              >
                <span className="ge-problem__sev">error</span>
                <span>{i.message}</span>
                {i.node_id && (
                  <code className="small">
                    {i.node_id}
                    {i.transition_id ? ` → ${i.transition_id}` : ''}
                  </code>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
      <details open={live.status === 'done' && !errors.length ? undefined : true}>
        <summary className="small">What the import found in {file}</summary>
        <ul className="ge-import-found">
          {fromFile.map((i, k) => (
            <li key={k} className={i.severity === 'error' ? 'error' : 'warn'}>
              <strong>{i.severity}</strong> {i.path && <code>{i.path}</code>} <span>{i.message}</span>
            </li>
          ))}
        </ul>
      </details>
    </div>
  );
}
