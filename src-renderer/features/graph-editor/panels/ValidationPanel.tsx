import { useState } from 'react';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import type { ValidationState } from '../state/use-validation.js';
import { useGraph } from '../state/editor-store.js';
import { idsTip, inNodeNames, nodeLabel } from '../model/labels.js';

/** Errors and warnings of the graph; clicking one selects its node or edge. Never blocks editing. */
export function ValidationPanel({ state, onPick }: { state: ValidationState; onPick(i: ValidationIssue): void }) {
  const [open, setOpen] = useState(true);
  const graph = useGraph();
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
                title={idsTip(i, graph.nodes)}
              >
                <span className="ge-problem__sev">{i.severity}</span>
                <span>{inNodeNames(i.message, graph.nodes)}</span>
                {(i.node_id || i.path) && (
                  <span className="small muted">
                    {i.node_id ? nodeLabel(i.node_id, graph.nodes) : <code>{i.path}</code>}
                  </span>
                )}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
