import { useMemo, useState } from 'react';
import type { z } from 'zod';
import type { AgentSummary, AgentVersionMeta } from '../../../src-shared/contract/agents.js';
import { api } from '../../api/client.js';
import { useRoutingFollowsGraph } from './analysis/routing-overlay.js';
import { useRoutingCheckOutcome } from './analysis/use-routing-job.js';
import { EditorCanvas } from './canvas/EditorCanvas.js';
import { needsLayout, withLayout } from './model/layout.js';
import { searchNodes } from './model/search.js';
import { DraftBanner } from './panels/DraftBanner.js';
import { EditorLeaveDialog, RestoreDialog } from './panels/EditorDialogs.js';
import { EditorSide } from './panels/EditorSide.js';
import { EditorToolbar } from './panels/EditorToolbar.js';
import { OldVersionView } from './panels/OldVersionView.js';
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
import { useInspectOnSelect, workspacePicks } from './state/use-workspace-picks.js';
import { useSideDrawer } from './state/use-side-drawer.js';
import { useLiveValidation } from './state/use-validation.js';

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
  const { narrow } = drawer;
  /** Looking at an old version or a run: the canvas is read-only and edit commands are off. */
  const away = !!viewing || !!overlay;
  const validation = useLiveValidation(graph, !away);
  const a = useEditorActions(id);
  const guard = useLeaveGuard(dirty);
  useDraftAutosave(id, baseVersionId, graph, dirty);
  useRoutingFollowsGraph(id, graph);
  useRoutingCheckOutcome(id);

  const results = useMemo(() => searchNodes(graph, query), [graph, query]);
  const matches = useMemo(() => (query.trim() ? new Set(results) : undefined), [query, results]);
  useInspectOnSelect(selection, overlay, drawer);

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
  const { pickIssue, pickMove, pickNode } = workspacePicks(graph, a, drawer);

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
      <div
        className={`ge-main${away ? ' is-away' : ''}${narrow ? ' is-narrow' : ''}${narrow && drawer.sideOpen ? ' has-drawer' : ''}`}
      >
        {!away && <Palette onAdd={a.add} />}
        <div className="ge-center">
          {viewing ? (
            <OldVersionView
              agentId={id}
              versionId={viewing}
              version={versions.find((v) => v.id === viewing)?.version}
              onRestore={() => setRestoring(versions.find((v) => v.id === viewing)!)}
              onBack={() => setViewing(null)}
            />
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
            onPickNode={pickNode}
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
      {guard.pending && <EditorLeaveDialog agentId={id} guard={guard} save={a.save} />}
    </div>
  );
}
