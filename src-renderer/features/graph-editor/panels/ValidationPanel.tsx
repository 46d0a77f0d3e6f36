import { useState } from 'react';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import type { ValidationState } from '../state/use-validation.js';

/** Errors and warnings of the graph; clicking one selects its node or edge. Never blocks editing. */
export function ValidationPanel({ state, onPick }: { state: ValidationState; onPick(i: ValidationIssue): void }) {
  const [open, setOpen] = useState(true);
  const errors = state.issues.filter((i) => i.severity === 'error').length;
  const warnings = state.issues.length - errors;
  const summary =
    state.status === 'unavailable'
      ? 'Checks are not available in this version (agents.validate is not built)'
      : state.status === 'failed'
        ? `Checks failed: ${state.message}`
        : state.status === 'idle'
          ? 'Not checked yet'
          : !state.issues.length
            ? state.status === 'checking'
              ? 'Checking…'
              : 'No problems found'
            : `${errors} error${errors === 1 ? '' : 's'}, ${warnings} warning${warnings === 1 ? '' : 's'}${state.status === 'checking' ? ' (checking…)' : ''}`;
  return (
    <section className={`ge-problems ${open ? 'is-open' : ''}`} aria-label="Problems" data-testid="validation-panel">
      <button type="button" className="ge-problems__head" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className={errors ? 'error' : warnings ? 'warn' : 'ok'}>{errors ? '●' : warnings ? '●' : '✓'}</span>
        <strong>Problems</strong>{' '}
        <span className="muted" data-testid="validation-summary">
          {summary}
        </span>
        <span className="muted small ge-problems__toggle">{open ? 'hide' : 'show'}</span>
      </button>
      {open && state.issues.length > 0 && (
        <ul className="ge-problems__list">
          {state.issues.map((i, k) => (
            <li key={k}>
              <button
                type="button"
                className={`ge-problem is-${i.severity}`}
                onClick={() => onPick(i)}
                data-testid="validation-issue"
              >
                <span className="ge-problem__sev">{i.severity}</span>
                <span>{i.message}</span>
                {(i.node_id || i.path) && (
                  <code className="small">
                    {i.node_id ? `${i.node_id}${i.transition_id ? ` → ${i.transition_id}` : ''}` : i.path}
                  </code>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
