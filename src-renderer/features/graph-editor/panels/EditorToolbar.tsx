import { Link } from 'wouter';
import type { z } from 'zod';
import type { AgentVersionMeta } from '../../../../src-shared/contract/agents.js';
import { useEditor, useGraph } from '../state/editor-store.js';
import type { useEditorActions } from '../state/use-editor-actions.js';
import type { SideDrawer } from '../state/use-side-drawer.js';
import { ExportMenu } from './ExportMenu.js';
import { SaveNoteDialog } from './SaveNoteDialog.js';
import { SearchBox } from './SearchBox.js';

/** The agent's Red team page (docs/red-team.md), as the agents list's row opens it. */
function RedteamLink({ agentId }: { agentId: string }) {
  return (
    <Link
      href={`/agents/${agentId}/redteam`}
      className="ge-link"
      title="Red team: simulated attackers try to get the prompt, someone else's data or an action without its steps"
    >
      Red team
    </Link>
  );
}

/** The graph editor's toolbar: name, version, unsaved mark, search, undo/redo, layout, test, red team, export, save. */
export function EditorToolbar({
  agentId,
  agentName,
  current,
  dirty,
  away,
  a,
  drawer,
  query,
  onQuery,
  results,
  testOpen,
  onToggleTest,
  noting,
  setNoting,
}: {
  agentId: string;
  agentName: string;
  current: z.infer<typeof AgentVersionMeta> | undefined;
  dirty: boolean;
  /** Looking at an old version or a run: edit commands are off. */
  away: boolean;
  a: ReturnType<typeof useEditorActions>;
  drawer: SideDrawer;
  query: string;
  onQuery(q: string): void;
  results: string[];
  testOpen: boolean;
  onToggleTest(): void;
  noting: boolean;
  setNoting(on: boolean): void;
}) {
  const graph = useGraph();
  const canUndo = useEditor((s) => s.history.past.length > 0);
  const canRedo = useEditor((s) => s.history.future.length > 0);
  const baseVersionId = useEditor((s) => s.baseVersionId);
  return (
    <header className="ge-toolbar">
      <Link href="/agents" className="ge-back" title="Back to the agents list">
        ←<span className="ge-back__text"> Agents</span>
      </Link>
      <h1 className="ge-title" title={agentId}>
        {graph.name || agentName}
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
      <SearchBox graph={graph} query={query} onQuery={onQuery} results={results} onPick={(nid) => a.focusNode(nid)} />
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
        onClick={onToggleTest}
        aria-pressed={testOpen}
        title="Try it: chat with the agent in a panel under the canvas"
      >
        Try it
      </button>
      <RedteamLink agentId={agentId} />
      {drawer.narrow && (
        <button
          type="button"
          aria-expanded={drawer.sideOpen}
          aria-controls="ge-side"
          ref={drawer.sideToggle}
          onClick={drawer.toggleSide}
          title="Show or hide the inspector, settings, versions and runs"
        >
          Inspector
        </button>
      )}
      <ExportMenu
        agentId={agentId}
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
        <span className="ge-btn-icon" aria-hidden="true">
          ✎
        </span>
        <span className="ge-btn-text">+ note</span>
      </button>
      {noting && (
        <SaveNoteDialog
          saving={a.saving}
          onClose={() => setNoting(false)}
          onSave={(note) => void a.save(note).then((ok) => ok && setNoting(false))}
        />
      )}
    </header>
  );
}
