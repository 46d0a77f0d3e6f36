import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import type { ValidationIssue } from '../../../src-shared/contract/agents.js';
import { Dialog } from '../../ui/Dialog.js';
import { useMediaQuery } from '../../ui/use-media-query.js';
import { EditorCanvas } from './canvas/EditorCanvas.js';
import { ImportProblems } from './panels/ImportProblems.js';
import { Palette } from './panels/Palette.js';
import { ValidationPanel } from './panels/ValidationPanel.js';
import { GraphSettings, SelectionInspector } from './RightPanel.js';
import { useEditor, useGraph } from './state/editor-store.js';
import type { ImportDraft } from './state/import-drafts.js';
import { useEditorActions } from './state/use-editor-actions.js';
import { useImportDraft } from './state/use-import-draft.js';
import { useEditorShortcuts } from './state/use-shortcuts.js';
import { useLiveValidation } from './state/use-validation.js';

type Tab = 'checks' | 'inspect' | 'settings';
const TAB_LABELS: Record<Tab, string> = { checks: 'Checks', inspect: 'Inspect', settings: 'Settings' };

/** The graph editor for an import with problems: nothing is stored until a save validates. */
export function ImportDraftWorkspace({ draft }: { draft: ImportDraft }) {
  const graph = useGraph();
  const selection = useEditor((s) => s.selection);
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const [tab, setTab] = useState<Tab>('checks');
  const [discarding, setDiscarding] = useState(false);
  const narrow = useMediaQuery('(max-width: 1199px)');
  const [sideOpen, setSideOpen] = useState(false);
  const validation = useLiveValidation(graph);
  const a = useEditorActions(`import:${draft.id}`);
  const d = useImportDraft(draft, graph, a.setStatus);
  const errors = validation.issues.filter((i) => i.severity === 'error').length;

  // selecting something on the canvas shows it in the inspector
  useEffect(() => {
    if (selection.nodes.length + selection.edges.length) {
      setTab('inspect');
      setSideOpen(true);
    }
  }, [selection]);

  useEditorShortcuts({
    undo: () => useEditor.getState().undo(),
    redo: () => useEditor.getState().redo(),
    save: () => void d.save(),
    deleteSelection: a.deleteSelection,
    duplicate: a.duplicate,
    fit: a.fit,
    clearSelection: () => useEditor.getState().select({ nodes: [], edges: [] }),
  });

  const pickIssue = (i: ValidationIssue) => {
    if (i.node_id && i.transition_id) a.focusEdge(i.node_id, i.transition_id);
    else if (i.node_id && graph.nodes.some((n) => n.id === i.node_id)) a.focusNode(i.node_id);
    else {
      setTab('settings');
      setSideOpen(true);
      a.setStatus({ text: `${i.message} (${i.path || 'agent'})`, kind: 'info' });
    }
  };

  return (
    <div className="ge-page" data-testid="graph-editor" data-import-draft={draft.id}>
      <header className="ge-toolbar">
        <Link href="/agents" className="ge-back">
          ← Agents
        </Link>
        <h1 className="ge-title">{graph.name || draft.file}</h1>
        <span className="ge-tag" data-testid="draft-tag" title="Nothing is stored until a save validates">
          not imported yet
        </span>
        {a.status && (
          <span className={`ge-status is-${a.status.kind}`} role="status" data-testid="save-status">
            {a.status.text}
          </span>
        )}
        <span className="ge-spacer" />
        <button type="button" onClick={() => useEditor.getState().undo()} disabled={!canUndo} aria-label="Undo">
          ↶ <span className="ge-btn-text">Undo</span>
        </button>
        <button type="button" onClick={() => useEditor.getState().redo()} disabled={!canRedo} aria-label="Redo">
          ↷ <span className="ge-btn-text">Redo</span>
        </button>
        <button type="button" onClick={a.tidy} title="Lay the graph out automatically">
          Tidy up
        </button>
        <button type="button" onClick={a.fit} title="Fit the whole graph in view (F)">
          Fit
        </button>
        {narrow && (
          <button type="button" aria-expanded={sideOpen} aria-controls="ge-side" onClick={() => setSideOpen((o) => !o)}>
            Inspector
          </button>
        )}
        <button type="button" className="danger" onClick={() => setDiscarding(true)}>
          Discard
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void d.save()}
          disabled={d.saving}
          title={errors ? 'Saving is refused while the graph has errors' : 'Create the agent (Ctrl+S)'}
        >
          {d.saving ? 'Saving…' : 'Save and import'}
        </button>
      </header>
      <div className="ge-banner" role="note" data-testid="import-draft-banner">
        <span>
          Imported from <strong>{draft.file}</strong> ({draft.format}) with problems. Nothing is stored yet: fix the
          errors, then Save creates the agent. Until then this draft is kept in this browser (Agents page: “waiting to
          be fixed”).
        </span>
      </div>
      <div className={`ge-main${narrow ? ' is-narrow' : ''}`}>
        <Palette onAdd={a.add} />
        <div className="ge-center">
          <EditorCanvas issues={validation.index} />
        </div>
        <aside
          className={`ge-side${narrow ? ' is-drawer' : ''}`}
          id="ge-side"
          aria-label="Inspector"
          hidden={narrow && !sideOpen}
        >
          <div className="ge-tabs" role="tablist">
            {(['checks', 'inspect', 'settings'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={tab === t ? 'is-on' : ''}
                onClick={() => setTab(t)}
              >
                {t === 'checks' && errors ? `Checks (${errors})` : TAB_LABELS[t]}
              </button>
            ))}
          </div>
          <div className="ge-side__body">
            {tab === 'checks' && (
              <ImportProblems file={draft.file} fromFile={draft.problems} live={validation} onPick={pickIssue} />
            )}
            {tab === 'inspect' && (
              <SelectionInspector
                graph={graph}
                selection={selection}
                issues={validation.index}
                onDelete={a.deleteSelection}
                onDuplicate={a.duplicate}
              />
            )}
            {tab === 'settings' && <GraphSettings graph={graph} />}
          </div>
        </aside>
      </div>
      <ValidationPanel state={validation} onPick={pickIssue} />
      {discarding && (
        <DiscardImportDialog file={draft.file} onKeep={() => setDiscarding(false)} onDiscard={d.discard} />
      )}
    </div>
  );
}

/** "Discard this import?": the draft is dropped; nothing was stored. */
function DiscardImportDialog({ file, onKeep, onDiscard }: { file: string; onKeep(): void; onDiscard(): void }) {
  return (
    <Dialog
      title="Discard this import?"
      onClose={onKeep}
      testId="discard-import-dialog"
      actions={
        <>
          <button type="button" onClick={onKeep}>
            Keep fixing
          </button>
          <button type="button" className="danger" onClick={onDiscard}>
            Discard
          </button>
        </>
      }
    >
      Your changes to {file} are dropped. Nothing was stored, so no agent is removed.
    </Dialog>
  );
}
