import { Link, useLocation } from 'wouter';
import type { ImportFileOutcome, ValidationIssue } from '../../../src-shared/contract/agents.js';
import { createImportDraft } from '../graph-editor/state/import-drafts.js';
import type { ImportState } from './use-import.js';

function IssueLine({ i }: { i: ValidationIssue }) {
  return (
    <li className={`ag-issue is-${i.severity}`}>
      <span className="ag-issue__sev">{i.severity}</span>
      {i.path && <code>{i.path}</code>}
      <span>{i.message}</span>
    </li>
  );
}

/** For a file whose graph has problems: open it in the editor, where the first valid save creates the agent. */
function FixInEditor({ o }: { o: ImportFileOutcome }) {
  const [, navigate] = useLocation();
  if (!o.fixable) return null;
  const fixable = o.fixable;
  const open = () => {
    const d = createImportDraft({ file: o.file, format: fixable.format, problems: o.errors, graph: fixable.graph });
    navigate(`/agents/import-draft/${d.id}`);
  };
  return (
    <div className="ag-outcome__fix">
      <span className="muted">The file was read, but its graph has the problems below.</span>
      <button type="button" className="small primary" onClick={open}>
        Open in the editor to fix
      </button>
      <span className="muted small">(the agent is created when a valid graph is saved)</span>
    </div>
  );
}

function Outcome({ o }: { o: ImportFileOutcome }) {
  const href = o.kind === 'suite' ? `/suites/${o.id}` : `/agents/${o.id}`;
  return (
    <li className={`ag-outcome ${o.ok ? 'is-ok' : 'is-failed'}`} data-testid="import-outcome" data-file={o.file}>
      <div className="ag-outcome__head">
        <span className="ag-outcome__mark" aria-hidden="true">
          {o.ok ? '✓' : '✕'}
        </span>
        <strong>{o.file}</strong>
        {o.ok ? (
          <span>
            imported as {o.kind === 'suite' ? 'suite' : 'agent'} <Link href={href}>{o.name ?? o.id}</Link>
            <span className="muted">
              {' '}
              · {o.format}
              {o.nodes !== undefined ? ` · ${o.nodes} node${o.nodes === 1 ? '' : 's'}` : ''}
            </span>
          </span>
        ) : (
          <span className="error">not imported — nothing was written</span>
        )}
      </div>
      <FixInEditor o={o} />
      {(o.errors.length > 0 || o.warnings.length > 0) && (
        <ul className="ag-issues">
          {o.errors.map((i, k) => (
            <IssueLine key={`e${k}`} i={i} />
          ))}
          {o.warnings.map((i, k) => (
            <IssueLine key={`w${k}`} i={i} />
          ))}
        </ul>
      )}
    </li>
  );
}

/** Per-file outcome of an import: what was created, and every warning and error with its JSON path. */
export function ImportResults({ state, onClose }: { state: ImportState; onClose(): void }) {
  if (!state.total) return null;
  const ok = state.outcomes.filter((o) => o.ok).length;
  return (
    <section className="card ag-import" aria-label="Import results" data-testid="import-results">
      <div className="ag-import__head">
        <strong>
          {state.busy
            ? `Importing ${state.done + 1} of ${state.total}…`
            : `Imported ${ok} of ${state.total} file${state.total === 1 ? '' : 's'}`}
        </strong>
        {state.busy && <progress max={state.total} value={state.done} aria-label="Import progress" />}
        {!state.busy && (
          <button type="button" className="ghost small" onClick={onClose}>
            Dismiss
          </button>
        )}
      </div>
      <ul className="ag-outcomes">
        {state.outcomes.map((o, i) => (
          <Outcome key={i} o={o} />
        ))}
      </ul>
    </section>
  );
}
