import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import { TryItDrawer } from '../playground/index.js';
import { graphVariables } from './agent-facts.js';
import { AgentSelect, useSuggestionAgent } from '../../ui/AgentSelect.js';
import {
  emptyDraft,
  markdownToDraft,
  toDraft,
  toPersona,
  validateDraft,
  type FieldError,
  type PersonaDraft,
} from './persona-form.js';
import { PersonaForm } from './PersonaForm.js';
import { PersonaPreview } from './PersonaPreview.js';
import { clearPendingNewPersona, peekPendingNewPersona } from './pending.js';
import { useDraft } from '../../ui/use-draft.js';
import { ConfirmDialog, FieldErrors } from '../../ui/widgets.js';
import { useFlash } from '../../ui/use-flash.js';
import { RestoredDraftNotice } from '../../ui/RestoredDraftNotice.js';

export const personaDraftKey = (id: string) => `parley.draft.persona.${id}`;
/** A new persona's editor is replaced by the saved one's: this carries the "Saved" note across. */
let savedJustNow: string | null = null;

/** Loads the persona (or starts a new one) and mounts the editor once the baseline is known. */
export function PersonaEditorPage({ id }: { id: string }) {
  const isNew = id === 'new';
  const doc = useApi('personas.get', { id }, { enabled: !isNew });
  const [pending] = useState(() => (isNew ? peekPendingNewPersona() : undefined));
  useEffect(() => {
    if (isNew) clearPendingNewPersona();
  }, [isNew]);
  if (!isNew && doc.isLoading) return <Loading />;
  if (!isNew && doc.error)
    return (
      <>
        <PageHeader title="Persona" />
        <ErrorBox error={doc.error} />
        <Link href="/personas">Back to the persona library</Link>
      </>
    );
  const baseline = isNew ? (pending ? toDraft(pending) : emptyDraft()) : toDraft(doc.data!.data);
  return <PersonaEditor key={id} id={isNew ? undefined : id} baseline={baseline} updatedAt={doc.data?.updated_at} />;
}

function PersonaEditor({ id, baseline }: { id?: string; baseline: PersonaDraft; updatedAt?: string }) {
  const [, navigate] = useLocation();
  const storageKey = personaDraftKey(id ?? 'new');
  const { draft, setDraft, dirty, restored, discard, markSaved, dismissRestored } = useDraft(storageKey, baseline);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const [trying, setTrying] = useState(false);
  const [savedFlash, setSavedFlash] = useFlash<true>(
    () => (!!id && savedJustNow === id) || null,
    2500,
    () => {
      savedJustNow = null;
    },
  );
  const save = useApiMutation('personas.save', ['personas.list', 'personas.get']);
  const del = useApiMutation('personas.delete', ['personas.list']);
  const { agentId, setAgentId, agents, graph } = useSuggestionAgent();
  const suggestions = useMemo(() => graphVariables(graph), [graph]);
  const persona = useMemo(() => toPersona(draft, id), [draft, id]);
  const liveErrors = errors.length ? validateDraft(draft) : [];

  const onSave = async () => {
    const problems = validateDraft(draft);
    setErrors(problems);
    if (problems.length) return;
    const doc = await save.mutateAsync({ id, persona: toPersona(draft) }).catch(() => undefined);
    if (!doc) return;
    markSaved(toDraft(doc.data), personaDraftKey('new'));
    setSavedFlash(true);
    if (!id) {
      savedJustNow = doc.id;
      navigate(`/personas/${doc.id}`, { replace: true });
    }
  };

  const onDelete = async () => {
    if (!id) return;
    await del.mutateAsync({ id });
    localStorage.removeItem(storageKey);
    navigate('/personas');
  };

  return (
    <>
      <PageHeader
        title={draft.name.trim() || (id ? 'Persona' : 'New persona')}
        actions={
          <>
            <Link href="/personas" className="button">
              Back to library
            </Link>
            {id && (
              <button type="button" className="danger" onClick={() => setConfirmDelete(true)}>
                Delete
              </button>
            )}
            <button
              type="button"
              onClick={() => setTrying(true)}
              title="Talk to an agent with this caller, turn by turn"
            >
              Try it
            </button>
            <button type="button" className="primary" onClick={() => void onSave()} disabled={save.isPending}>
              {save.isPending ? 'Saving…' : 'Save persona'}
            </button>
          </>
        }
      >
        {dirty ? (
          <span className="unsaved" role="status">
            Unsaved changes (kept on this computer until you save)
          </span>
        ) : savedFlash ? (
          <span className="saved" role="status">
            Saved
          </span>
        ) : (
          'Describe a caller in plain words. The preview shows exactly what the simulated caller is told.'
        )}
      </PageHeader>
      {restored && <RestoredDraftNotice onKeep={dismissRestored} onDiscard={discard} />}
      <FieldErrors errors={liveErrors} />
      <ErrorBox error={save.error} />
      <div className="persona-layout">
        <div>
          {draft.markdown ? (
            <MarkdownMode draft={draft} onChange={setDraft} />
          ) : (
            <PersonaForm
              draft={draft}
              onChange={setDraft}
              suggestions={suggestions}
              errors={liveErrors}
              agentPicker={<AgentSelect agentId={agentId} onChange={setAgentId} agents={agents} />}
            />
          )}
        </div>
        <PersonaPreview persona={persona} />
      </div>
      {trying && (
        <TryItDrawer
          title={`Try it: ${draft.name.trim() || 'this persona'}`}
          onClose={() => setTrying(false)}
          persona={persona}
          agentId={agentId || undefined}
          chooseAgent
          defaultMode="simulated"
        />
      )}
      {confirmDelete && (
        <ConfirmDialog
          danger
          title="Delete this persona?"
          confirmLabel="Delete persona"
          message={
            <>
              “{draft.name}” will be removed from the library. Suites that use it by reference will no longer find it.
            </>
          }
          onCancel={() => setConfirmDelete(false)}
          onConfirm={() => {
            setConfirmDelete(false);
            void onDelete();
          }}
        />
      )}
    </>
  );
}

/** An imported markdown persona: the caller gets the text verbatim until the user switches to the form. */
function MarkdownMode({ draft, onChange }: { draft: PersonaDraft; onChange: (d: PersonaDraft) => void }) {
  return (
    <div className="card form-section">
      <h2>Imported caller briefing</h2>
      <div className="info-box">
        This persona was imported from markdown, so the caller is told this text exactly as written. Switch to the form
        to use the plain-language controls: the facts, goal and personality are copied into the form fields.
      </div>
      <label>
        Persona name
        <input
          aria-label="Persona name"
          value={draft.name}
          onChange={(e) => onChange({ ...draft, name: e.target.value })}
        />
      </label>
      <label>
        Briefing (## Identity / ## Goal / ## Personality)
        <textarea
          aria-label="Markdown briefing"
          rows={14}
          value={draft.markdown ?? ''}
          onChange={(e) => onChange({ ...draft, markdown: e.target.value })}
        />
      </label>
      <button type="button" className="primary" onClick={() => onChange(markdownToDraft(draft))}>
        Switch to the form
      </button>
    </div>
  );
}
