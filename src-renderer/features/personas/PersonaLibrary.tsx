import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import type { Persona } from '../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { Empty, ErrorBox, fmtDate, Loading, PageHeader } from '../../ui/common.js';
import { ImportMarkdownDialog } from './ImportMarkdownDialog.js';
import { GeneratePersonasDialog } from './GeneratePersonasDialog.js';
import { qualityWarnings } from './persona-form.js';
import { personaDraftKey } from './PersonaEditor.js';
import { setPendingNewPersona } from './pending.js';
import { PERSONA_TEMPLATES } from './templates.js';
import { hasStoredDraft } from '../../ui/use-draft.js';
import { ConfirmDialog } from '../../ui/widgets.js';
import { traits } from './traits.js';

export function PersonaLibrary() {
  const list = useApi('personas.list');
  const save = useApiMutation('personas.save', ['personas.list']);
  const del = useApiMutation('personas.delete', ['personas.list']);
  const [, navigate] = useLocation();
  const [query, setQuery] = useState('');
  const [toDelete, setToDelete] = useState<{ id: string; name: string } | null>(null);
  const [importing, setImporting] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [flash, setFlash] = useState<string | null>(null);

  const q = query.trim().toLowerCase();
  const rows = (list.data ?? []).filter(
    (d) =>
      !q ||
      [d.name, d.data.goal, ...d.data.tags, ...traits(d.data), ...Object.values(d.data.identity)].some((s) =>
        s.toLowerCase().includes(q),
      ),
  );

  const startFrom = (p: Persona | (typeof PERSONA_TEMPLATES)[number]['persona']) => {
    localStorage.removeItem(personaDraftKey('new'));
    setPendingNewPersona(p);
    navigate('/personas/new');
  };

  const clone = async (id: string) => {
    const doc = list.data?.find((d) => d.id === id);
    if (!doc) return;
    const { id: _omit, ...rest } = doc.data;
    const copy = await save.mutateAsync({ persona: { ...rest, name: `${doc.name} (copy)` } }).catch(() => undefined);
    if (copy) setFlash(`Created “${copy.name}”.`);
  };

  return (
    <>
      <PageHeader
        title="Personas"
        actions={
          <>
            <button type="button" onClick={() => setGenerating(true)}>
              Generate from an agent…
            </button>
            <button type="button" onClick={() => setImporting(true)}>
              Import markdown persona
            </button>
            <button type="button" className="primary" onClick={() => startFrom({ name: '' })}>
              New persona
            </button>
          </>
        }
      >
        Simulated callers, reusable across suites. Start from a template or describe your own.
      </PageHeader>
      <ErrorBox error={list.error ?? save.error ?? del.error} />
      {flash && (
        <div className="info-box" role="status">
          {flash}
        </div>
      )}

      <TemplateGrid onPick={startFrom} />

      <section aria-label="Library">
        <div className="library-head">
          <h2 className="sub">
            Your personas {list.data ? <span className="muted">({list.data.length})</span> : null}
          </h2>
          <input
            type="search"
            aria-label="Search personas"
            placeholder="Search by name, goal, trait…"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
          />
        </div>
        {list.isLoading && <Loading />}
        {list.data?.length === 0 && (
          <Empty>
            No personas yet. Pick a template above, click “New persona”, or import a Retell-style markdown persona.
          </Empty>
        )}
        {!!list.data?.length && rows.length === 0 && <Empty>No persona matches “{query}”.</Empty>}
        {rows.length > 0 && (
          <PersonaTable
            rows={rows}
            onClone={(id) => void clone(id)}
            onDelete={(id, name) => setToDelete({ id, name })}
          />
        )}
      </section>

      {toDelete && (
        <ConfirmDialog
          danger
          title="Delete this persona?"
          confirmLabel="Delete persona"
          message={
            <>
              “{toDelete.name}” will be removed from the library. Suites that use it by reference will no longer find
              it.
            </>
          }
          onCancel={() => setToDelete(null)}
          onConfirm={() => {
            const t = toDelete;
            setToDelete(null);
            void del.mutateAsync({ id: t.id }).then(() => setFlash(`Deleted “${t.name}”.`));
          }}
        />
      )}
      {generating && (
        <GeneratePersonasDialog
          onClose={() => setGenerating(false)}
          onSaved={(n) => {
            setGenerating(false);
            setFlash(`Saved ${n} generated persona${n === 1 ? '' : 's'} to the library.`);
          }}
        />
      )}
      {importing && (
        <ImportMarkdownDialog
          onClose={() => setImporting(false)}
          onImported={(id) => {
            setImporting(false);
            navigate(`/personas/${id}`);
          }}
        />
      )}
    </>
  );
}

type PersonaRow = NonNullable<ReturnType<typeof useApi<'personas.list'>>['data']>[number];

/** The library, one row per persona: its traits (and "too vague"), Edit, Clone and Delete. */
function PersonaTable({
  rows,
  onClone,
  onDelete,
}: {
  rows: PersonaRow[];
  onClone(id: string): void;
  onDelete(id: string, name: string): void;
}) {
  return (
    <table className="persona-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Goal</th>
          <th>Traits</th>
          <th>Updated</th>
          <th aria-label="Actions" />
        </tr>
      </thead>
      <tbody>
        {rows.map((d) => {
          const vague = qualityWarnings(d.data).some((w) => w.kind === 'label_only');
          return (
            <tr key={d.id}>
              <td>
                <Link href={`/personas/${d.id}`}>{d.name}</Link>
                {hasStoredDraft(personaDraftKey(d.id)) && (
                  <span className="badge unsaved-badge" title="You have unsaved changes to this persona">
                    unsaved
                  </span>
                )}
              </td>
              <td className="goal-cell">{d.data.goal || <span className="muted">—</span>}</td>
              <td>
                {traits(d.data).map((t) => (
                  <span key={t} className="trait">
                    {t}
                  </span>
                ))}
                {vague && (
                  <span className="trait warn" title="Only a label: add a behaviour or personality control">
                    too vague
                  </span>
                )}
              </td>
              <td className="nowrap">{fmtDate(d.updated_at)}</td>
              <td className="nowrap row-actions">
                <Link href={`/personas/${d.id}`} className="button small-btn">
                  Edit
                </Link>
                <button
                  type="button"
                  className="small-btn"
                  onClick={() => onClone(d.id)}
                  aria-label={`Clone ${d.name}`}
                >
                  Clone
                </button>
                <button
                  type="button"
                  className="small-btn danger"
                  onClick={() => onDelete(d.id, d.name)}
                  aria-label={`Delete ${d.name}`}
                >
                  Delete
                </button>
              </td>
            </tr>
          );
        })}
      </tbody>
    </table>
  );
}

/** The templates a new persona can start from. */
function TemplateGrid({ onPick }: { onPick(p: (typeof PERSONA_TEMPLATES)[number]['persona']): void }) {
  return (
    <section aria-label="Templates" className="templates">
      <h2 className="sub">Start from a template</h2>
      <div className="template-grid">
        {PERSONA_TEMPLATES.map((t) => (
          <button
            type="button"
            key={t.id}
            className="template-card"
            onClick={() => onPick(t.persona)}
            aria-label={`Use template ${t.title}`}
          >
            <strong>{t.title}</strong>
            <span className="muted small">{t.summary}</span>
          </button>
        ))}
      </div>
    </section>
  );
}
