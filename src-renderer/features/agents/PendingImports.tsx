import { useState } from 'react';
import { Link } from 'wouter';
import { fmtDate } from '../../ui/common.js';
import { deleteImportDraft, listImportDrafts } from '../graph-editor/state/import-drafts.js';

/** Imports with problems opened in the editor and not saved yet (kept in this browser). */
export function PendingImports() {
  const [drafts, setDrafts] = useState(listImportDrafts);
  if (!drafts.length) return null;
  return (
    <section className="card ag-import" aria-label="Imports waiting to be fixed" data-testid="pending-imports">
      <strong>
        {drafts.length} import{drafts.length === 1 ? '' : 's'} waiting to be fixed (not stored yet, kept in this
        browser)
      </strong>
      <ul className="ag-outcomes">
        {drafts.map((d) => (
          <li key={d.id} className="ag-outcome__head" data-testid="pending-import">
            <strong>{d.file}</strong>
            <span className="muted">
              {d.format} · last edited {fmtDate(d.updated_at)}
            </span>
            <Link href={`/agents/import-draft/${d.id}`}>Open in the editor</Link>
            <button
              type="button"
              className="small ghost"
              aria-label={`Discard the import of ${d.file}`}
              onClick={() => {
                deleteImportDraft(d.id);
                setDrafts(listImportDrafts());
              }}
            >
              Discard
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
