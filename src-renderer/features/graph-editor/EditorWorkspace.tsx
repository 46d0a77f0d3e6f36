import { useEffect, useMemo, useRef, useState } from 'react';
import { Link } from 'wouter';
import type { z } from 'zod';
import type { AgentSummary, AgentVersionMeta, ValidationIssue } from '../../../src-shared/contract/agents.js';
import type { PlaygroundMove } from '../../../src-shared/contract/playground.js';
import { api } from '../../api/client.js';
import { useApi } from '../../api/hooks.js';
import { fmtDate } from '../../ui/common.js';
import { Dialog } from '../../ui/Dialog.js';
import { useMediaQuery } from '../../ui/use-media-query.js';
import { SaveNoteDialog } from './panels/SaveNoteDialog.js';
import { EditorCanvas } from './canvas/EditorCanvas.js';
import { needsLayout, withLayout } from './model/layout.js';
import { searchNodes } from './model/search.js';
import { ExportMenu } from './panels/ExportMenu.js';
import { Palette } from './panels/Palette.js';
import { RunOverlay } from './panels/RunOverlay.js';
import { RunsPanel, type OverlayChoice } from './panels/RunsPanel.js';
import { SearchBox } from './panels/SearchBox.js';
import { TestDock } from './panels/TestDock.js';
import { ValidationPanel } from './panels/ValidationPanel.js';
import { ChecksPanel } from './analysis/ChecksPanel.js';
import { VersionHistory } from './panels/VersionHistory.js';
import { GraphSettings, SelectionInspector, type PanelTab } from './RightPanel.js';
import { useEditor, useGraph } from './state/editor-store.js';
import { useEditorActions } from './state/use-editor-actions.js';
import { clearDraft, useDraftAutosave, type Draft } from './state/use-draft.js';
import { useDirty } from './state/use-edit.js';
import { useLeaveGuard } from './state/use-leave-guard.js';
import { useEditorShortcuts } from './state/use-shortcuts.js';
import { useLiveValidation } from './state/use-validation.js';
import { GraphView } from './view/GraphView.js';

type Version = z.infer<typeof AgentVersionMeta>;

/** Window widths at which the side panels collapse (palette to icons, inspector to a drawer). */
const NARROW = '(max-width: 1199px)';

export function EditorWorkspace({
  id,
  agent,
  versions,
  draft,
  onDraftHandled,
}: {
  id: string;
  agent: z.infer<typeof AgentSummary>;
  versions: Version[];
  draft: Draft | null;
  onDraftHandled(): void;
}) {
  const graph = useGraph();
  const selection = useEditor((s) => s.selection);
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const baseVersionId = useEditor((s) => s.baseVersionId);
  const dirty = useDirty();
  const [viewing, setViewing] = useState<string | null>(null);
  const [tab, setTab] = useState<PanelTab>('inspect');
  const [query, setQuery] = useState('');
  const [restoring, setRestoring] = useState<Version | null>(null);
  const [noting, setNoting] = useState(false);
  const [overlay, setOverlay] = useState<OverlayChoice | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [liveNode, setLiveNode] = useState<string | null>(null);
  /** Below 1200 px the inspector is a drawer over the canvas, opened from the toolbar or by selecting. */
  const narrow = useMediaQuery(NARROW);
  const [sideOpen, setSideOpen] = useState(false);
  const sideToggle = useRef<HTMLButtonElement>(null);
  const side = useRef<HTMLElement>(null);
  /** Opening the drawer from the toolbar moves the focus to its current tab; Escape in it gives it back. */
  const toggleSide = () => {
    if (sideOpen) return setSideOpen(false);
    setSideOpen(true);
    requestAnimationFrame(() =>
      side.current?.querySelector<HTMLElement>('[role="tab"][aria-selected="true"]')?.focus(),
    );
  };
  const closeSide = () => {
    setSideOpen(false);
    sideToggle.current?.focus();
  };
  const showTab = (t: PanelTab) => {
    setTab(t);
    setSideOpen(true);
  };
  /** Looking at an old version or a run: the canvas is read-only and edit commands are off. */
  const away = !!viewing || !!overlay;
  const validation = useLiveValidation(graph, !away);
  const a = useEditorActions(id);
  const guard = useLeaveGuard(dirty);
  useDraftAutosave(id, baseVersionId, graph, dirty);

  const results = useMemo(() => searchNodes(graph, query), [graph, query]);
  const matches = useMemo(() => (query.trim() ? new Set(results) : undefined), [query, results]);
  const selCount = selection.nodes.length + selection.edges.length;
  // A new selection opens the inspector (not a change of overlay with the selection unchanged).
  const inspected = useRef(selection);
  useEffect(() => {
    if (inspected.current === selection) return;
    inspected.current = selection;
    if (selCount && !overlay) {
      setTab('inspect');
      setSideOpen(true);
    }
  }, [selection, selCount, overlay]);

  useEditorShortcuts(
    {
      undo: () => useEditor.getState().undo(),
      redo: () => useEditor.getState().redo(),
      save: () => void a.save(),
      deleteSelection: a.deleteSelection,
      duplicate: a.duplicate,
      fit: a.fit,
      clearSelection: () => useEditor.getState().select({ nodes: [], edges: [] }),
    },
    !away,
  );

  const current = versions.find((v) => v.id === baseVersionId);
  const viewed = useApi('agents.get', { id, version_id: viewing ?? '' }, { enabled: !!viewing });

  const pickIssue = (i: ValidationIssue) => {
    if (
      i.node_id &&
      i.transition_id &&
      graph.nodes.some((n) => n.id === i.node_id && n.transitions.some((t) => t.id === i.transition_id))
    )
      a.focusEdge(i.node_id, i.transition_id);
    else if (i.node_id && graph.nodes.some((n) => n.id === i.node_id)) a.focusNode(i.node_id);
    else {
      showTab('settings');
      a.setStatus({ text: `${i.message} (${i.path || 'agent'})`, kind: 'info' });
    }
  };

  const pickMove = (m: PlaygroundMove) => {
    const from = m.from ? graph.nodes.find((n) => n.id === m.from) : undefined;
    if (from && m.via && from.transitions.some((t) => t.id === m.via)) a.focusEdge(from.id, m.via);
    else if (graph.nodes.some((n) => n.id === m.to)) a.focusNode(m.to);
  };

  const restore = async (v: Version) => {
    setRestoring(null);
    try {
      const old = await api.call('agents.get', { id, version_id: v.id });
      useEditor.getState().apply(() => (needsLayout(old.graph) ? withLayout(old.graph) : old.graph));
      const ok = await a.save(`restored from v${v.version}`);
      if (ok) setViewing(null);
    } catch (e) {
      a.setStatus({ text: `Could not restore v${v.version}: ${(e as Error).message}`, kind: 'error' });
    }
  };

  return (
    <div className="ge-page" data-testid="graph-editor">
      <header className="ge-toolbar">
        <Link href="/agents" className="ge-back">
          ← Agents
        </Link>
        <h1 className="ge-title" title={agent.id}>
          {graph.name || agent.name}
        </h1>
        <span className="ge-tag" data-testid="current-version">
          {current ? `v${current.version}` : ''}
        </span>
        {dirty && (
          <span className="ge-dirty" data-testid="dirty-indicator" title="Unsaved changes">
            ● <span className="ge-dirty__text">Unsaved changes</span>
          </span>
        )}
        {a.status && (
          <span className={`ge-status is-${a.status.kind}`} role="status" data-testid="save-status">
            {a.status.text}
          </span>
        )}
        <span className="ge-spacer" />
        <SearchBox
          graph={graph}
          query={query}
          onQuery={setQuery}
          results={results}
          onPick={(nid) => a.focusNode(nid)}
        />
        <button
          type="button"
          onClick={() => useEditor.getState().undo()}
          disabled={!canUndo || away}
          title="Undo (Ctrl+Z)"
          aria-label="Undo"
        >
          <span className="ge-btn-icon" aria-hidden="true">
            ↶
          </span>
          <span className="ge-btn-text">Undo</span>
        </button>
        <button
          type="button"
          onClick={() => useEditor.getState().redo()}
          disabled={!canRedo || away}
          title="Redo (Ctrl+Shift+Z or Ctrl+Y)"
          aria-label="Redo"
        >
          <span className="ge-btn-icon" aria-hidden="true">
            ↷
          </span>
          <span className="ge-btn-text">Redo</span>
        </button>
        <button type="button" onClick={a.tidy} disabled={away} title="Lay the graph out automatically">
          Tidy up
        </button>
        <button type="button" onClick={a.fit} disabled={away} title="Fit the whole graph in view (F)">
          Fit
        </button>
        <button
          type="button"
          onClick={() => setTestOpen((o) => !o)}
          aria-pressed={testOpen}
          title="Chat with the agent in a panel under the canvas"
        >
          Test
        </button>
        {narrow && (
          <button
            type="button"
            aria-expanded={sideOpen}
            aria-controls="ge-side"
            ref={sideToggle}
            onClick={toggleSide}
            title="Show or hide the inspector, settings, versions and runs"
          >
            Inspector
          </button>
        )}
        <ExportMenu
          agentId={id}
          versionId={baseVersionId ?? undefined}
          versionLabel={current ? `v${current.version}` : 'the latest version'}
          dirty={dirty}
        />
        <button
          type="button"
          className="primary"
          onClick={() => void a.save()}
          disabled={a.saving || away}
          title="Save a new version (Ctrl+S)"
        >
          {a.saving ? 'Saving…' : 'Save'}
        </button>
        <button
          type="button"
          onClick={() => setNoting(true)}
          disabled={a.saving || away}
          aria-label="Save with a note"
          title="Save a new version with a note saying what changed"
        >
          + note
        </button>
        {noting && (
          <SaveNoteDialog
            saving={a.saving}
            onClose={() => setNoting(false)}
            onSave={(note) => void a.save(note).then((ok) => ok && setNoting(false))}
          />
        )}
      </header>
      {draft && (
        <div className="ge-banner" role="alert">
          Unsaved changes from {fmtDate(draft.saved_at)} were found for this agent.
          <button
            type="button"
            className="small primary"
            onClick={() => {
              useEditor.getState().apply(() => draft.graph);
              onDraftHandled();
            }}
          >
            Restore them
          </button>
          <button
            type="button"
            className="small"
            onClick={() => {
              clearDraft(id);
              onDraftHandled();
            }}
          >
            Discard
          </button>
        </div>
      )}
      <div className={`ge-main${away ? ' is-away' : ''}${narrow ? ' is-narrow' : ''}`}>
        {!away && <Palette onAdd={a.add} />}
        <div className="ge-center">
          {viewing ? (
            <div className="ge-viewing">
              <div className="ge-banner">
                Viewing v{versions.find((v) => v.id === viewing)?.version} (read-only).
                <button
                  type="button"
                  className="small primary"
                  onClick={() => setRestoring(versions.find((v) => v.id === viewing)!)}
                >
                  Restore this version
                </button>
                <button type="button" className="small" onClick={() => setViewing(null)}>
                  Back to editing
                </button>
              </div>
              {viewed.data ? (
                <GraphView graph={viewed.data.graph} height="100%" label="Old version (read-only)" />
              ) : (
                <div className="muted">Loading…</div>
              )}
            </div>
          ) : overlay ? (
            <RunOverlay agentId={id} choice={overlay} onClose={() => setOverlay(null)} />
          ) : (
            <EditorCanvas issues={validation.index} matches={matches} liveNode={liveNode} />
          )}
          <TestDock
            agentId={id}
            graph={graph}
            dirty={dirty}
            open={testOpen}
            onToggle={() => setTestOpen((o) => !o)}
            onLiveNode={setLiveNode}
            onPickMove={pickMove}
            onPickNode={(n) => {
              if (graph.nodes.some((x) => x.id === n)) a.focusNode(n);
            }}
          />
        </div>
        <aside
          className={`ge-side${narrow ? ' is-drawer' : ''}`}
          id="ge-side"
          aria-label="Inspector"
          hidden={narrow && !sideOpen}
          ref={side}
          onKeyDown={
            narrow
              ? (e) => {
                  if (e.key !== 'Escape') return;
                  e.stopPropagation();
                  closeSide();
                }
              : undefined
          }
        >
          <div className="ge-tabs" role="tablist">
            {(['inspect', 'settings', 'checks', 'versions', 'runs'] as const).map((t) => (
              <button
                key={t}
                type="button"
                role="tab"
                aria-selected={tab === t}
                className={tab === t ? 'is-on' : ''}
                onClick={() => setTab(t)}
              >
                {t === 'inspect'
                  ? 'Inspect'
                  : t === 'settings'
                    ? 'Settings'
                    : t === 'runs'
                      ? 'Runs'
                      : t === 'checks'
                        ? 'Checks'
                        : `Versions (${versions.length})`}
              </button>
            ))}
            {narrow && (
              <button
                type="button"
                className="ge-side__close"
                aria-label="Close the inspector"
                title="Close the inspector"
                onClick={closeSide}
              >
                ×
              </button>
            )}
          </div>
          <div className="ge-side__body">
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
            {tab === 'checks' && (
              <ChecksPanel
                agentId={id}
                graph={graph}
                versionId={baseVersionId}
                dirty={dirty}
                onPick={(f) => pickIssue({ ...f, severity: 'warning' })}
                onStatus={a.setStatus}
              />
            )}
            {tab === 'runs' && (
              <RunsPanel
                agentId={id}
                choice={overlay}
                onChoose={(c) => {
                  setOverlay(c);
                  if (c) setViewing(null);
                }}
              />
            )}
            {tab === 'versions' && (
              <VersionHistory
                versions={versions}
                currentId={versions[0]?.id ?? null}
                viewingId={viewing}
                onOpen={(v) => {
                  setViewing(v);
                  if (v) setOverlay(null);
                }}
                onRestore={(v) => setRestoring(v)}
              />
            )}
          </div>
        </aside>
      </div>
      <ValidationPanel state={validation} onPick={pickIssue} />
      {restoring && (
        <Dialog
          title={`Restore v${restoring.version}?`}
          onClose={() => setRestoring(null)}
          testId="restore-dialog"
          actions={
            <>
              <button type="button" onClick={() => setRestoring(null)}>
                Cancel
              </button>
              <button type="button" className="primary" onClick={() => void restore(restoring)}>
                Restore as a new version
              </button>
            </>
          }
        >
          The graph of v{restoring.version} is saved as a new version; no version is deleted.
          {dirty && <p className="error">Your unsaved changes will be replaced (you can still undo).</p>}
        </Dialog>
      )}
      {guard.pending && (
        <Dialog
          title="Leave without saving?"
          onClose={guard.stay}
          testId="leave-dialog"
          actions={
            <>
              <button type="button" onClick={guard.stay}>
                Stay
              </button>
              <button
                type="button"
                className="danger"
                onClick={() => {
                  clearDraft(id);
                  useEditor.getState().markSaved(useEditor.getState().history.present, baseVersionId ?? '');
                  guard.leave();
                }}
              >
                Discard changes
              </button>
              <button
                type="button"
                className="primary"
                onClick={() =>
                  void a.save().then((ok) => {
                    if (ok) guard.leave();
                    else guard.stay();
                  })
                }
              >
                Save and leave
              </button>
            </>
          }
        >
          This agent has changes that are not saved as a version yet.
        </Dialog>
      )}
    </div>
  );
}
