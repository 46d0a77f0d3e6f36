import { useEffect, useMemo, useRef, useState } from 'react';
import type { z } from 'zod';
import type { AgentSummary, AgentVersionMeta, ValidationIssue } from '../../../src-shared/contract/agents.js';
import type { PlaygroundMove } from '../../../src-shared/contract/playground.js';
import { api } from '../../api/client.js';
import { useApi } from '../../api/hooks.js';
import { EditorCanvas } from './canvas/EditorCanvas.js';
import { needsLayout, withLayout } from './model/layout.js';
import { searchNodes } from './model/search.js';
import { DraftBanner } from './panels/DraftBanner.js';
import { LeaveDialog, RestoreDialog } from './panels/EditorDialogs.js';
import { EditorSide } from './panels/EditorSide.js';
import { EditorToolbar } from './panels/EditorToolbar.js';
import { Palette } from './panels/Palette.js';
import { RunOverlay } from './panels/RunOverlay.js';
import type { OverlayChoice } from './panels/RunsPanel.js';
import { TestDock } from './panels/TestDock.js';
import { ValidationPanel } from './panels/ValidationPanel.js';
import { useEditor, useGraph } from './state/editor-store.js';
import { useEditorActions } from './state/use-editor-actions.js';
import { clearDraft, useDraftAutosave, type Draft } from './state/use-draft.js';
import { useDirty } from './state/use-edit.js';
import { useLeaveGuard } from './state/use-leave-guard.js';
import { useEditorShortcuts } from './state/use-shortcuts.js';
import { useSideDrawer } from './state/use-side-drawer.js';
import { useLiveValidation } from './state/use-validation.js';
import { GraphView } from './view/GraphView.js';

type Version = z.infer<typeof AgentVersionMeta>;

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
  const baseVersionId = useEditor((s) => s.baseVersionId);
  const dirty = useDirty();
  const [viewing, setViewing] = useState<string | null>(null);
  const [query, setQuery] = useState('');
  const [restoring, setRestoring] = useState<Version | null>(null);
  const [noting, setNoting] = useState(false);
  const [overlay, setOverlay] = useState<OverlayChoice | null>(null);
  const [testOpen, setTestOpen] = useState(false);
  const [liveNode, setLiveNode] = useState<string | null>(null);
  /** Below 1200 px the inspector is a drawer over the canvas, opened from the toolbar or by selecting. */
  const drawer = useSideDrawer();
  const { narrow, setTab, setSideOpen, showTab } = drawer;
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
  }, [selection, selCount, overlay, setTab, setSideOpen]);

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
    <div className={`ge-page${testOpen ? ' is-trying' : ''}`} data-testid="graph-editor">
      <EditorToolbar
        agentId={id}
        agentName={agent.name}
        current={current}
        dirty={dirty}
        away={away}
        a={a}
        drawer={drawer}
        query={query}
        onQuery={setQuery}
        results={results}
        testOpen={testOpen}
        onToggleTest={() => setTestOpen((o) => !o)}
        noting={noting}
        setNoting={setNoting}
      />
      {draft && (
        <DraftBanner
          draft={draft}
          onRestore={() => {
            useEditor.getState().apply(() => draft.graph);
            onDraftHandled();
          }}
          onDiscard={() => {
            clearDraft(id);
            onDraftHandled();
          }}
        />
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
        <EditorSide
          agentId={id}
          versions={versions}
          dirty={dirty}
          issues={validation.index}
          a={a}
          drawer={drawer}
          pickIssue={pickIssue}
          overlay={overlay}
          setOverlay={setOverlay}
          viewing={viewing}
          setViewing={setViewing}
          setRestoring={setRestoring}
        />
      </div>
      <ValidationPanel state={validation} onPick={pickIssue} />
      {restoring && (
        <RestoreDialog
          version={restoring}
          dirty={dirty}
          onCancel={() => setRestoring(null)}
          onRestore={() => void restore(restoring)}
        />
      )}
      {guard.pending && (
        <LeaveDialog
          onStay={guard.stay}
          onDiscard={() => {
            clearDraft(id);
            useEditor.getState().markSaved(useEditor.getState().history.present, baseVersionId ?? '');
            guard.leave();
          }}
          onSaveAndLeave={() =>
            void a.save().then((ok) => {
              if (ok) guard.leave();
              else guard.stay();
            })
          }
        />
      )}
    </div>
  );
}
