import type { z } from 'zod';
import type { AgentVersionMeta, ValidationIssue } from '../../../../src-shared/contract/agents.js';
import { ChecksPanel } from '../analysis/ChecksPanel.js';
import type { IssueIndex } from '../model/issues.js';
import { GraphSettings, SelectionInspector } from '../RightPanel.js';
import { useEditor, useGraph } from '../state/editor-store.js';
import type { useEditorActions } from '../state/use-editor-actions.js';
import type { SideDrawer } from '../state/use-side-drawer.js';
import { RunsPanel, type OverlayChoice } from './RunsPanel.js';
import { VersionHistory } from './VersionHistory.js';

type Version = z.infer<typeof AgentVersionMeta>;

/** The editor's side panel (a drawer below 1200 px): inspector, settings, checks, runs, versions. */
export function EditorSide({
  agentId,
  versions,
  dirty,
  issues,
  a,
  drawer,
  pickIssue,
  overlay,
  setOverlay,
  viewing,
  setViewing,
  setRestoring,
}: {
  agentId: string;
  versions: Version[];
  dirty: boolean;
  issues: IssueIndex;
  a: ReturnType<typeof useEditorActions>;
  drawer: SideDrawer;
  pickIssue(i: ValidationIssue): void;
  overlay: OverlayChoice | null;
  setOverlay(c: OverlayChoice | null): void;
  viewing: string | null;
  setViewing(id: string | null): void;
  setRestoring(v: Version): void;
}) {
  const graph = useGraph();
  const selection = useEditor((s) => s.selection);
  const baseVersionId = useEditor((s) => s.baseVersionId);
  return (
    <aside
      className={`ge-side${drawer.narrow ? ' is-drawer' : ''}`}
      id="ge-side"
      aria-label="Inspector"
      hidden={drawer.narrow && !drawer.sideOpen}
      ref={drawer.side}
      onKeyDown={
        drawer.narrow
          ? (e) => {
              if (e.key !== 'Escape') return;
              e.stopPropagation();
              drawer.closeSide();
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
            aria-selected={drawer.tab === t}
            className={drawer.tab === t ? 'is-on' : ''}
            onClick={() => drawer.setTab(t)}
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
        {drawer.narrow && (
          <button
            type="button"
            className="ge-side__close"
            aria-label="Close the inspector"
            title="Close the inspector"
            onClick={drawer.closeSide}
          >
            ×
          </button>
        )}
      </div>
      <div className="ge-side__body">
        {drawer.tab === 'inspect' && (
          <SelectionInspector
            graph={graph}
            selection={selection}
            issues={issues}
            onDelete={a.deleteSelection}
            onDuplicate={a.duplicate}
          />
        )}
        {drawer.tab === 'settings' && <GraphSettings graph={graph} />}
        {drawer.tab === 'checks' && (
          <ChecksPanel
            agentId={agentId}
            graph={graph}
            versionId={baseVersionId}
            dirty={dirty}
            onPick={(f) => pickIssue({ ...f, severity: 'warning' })}
            onStatus={a.setStatus}
          />
        )}
        {drawer.tab === 'runs' && (
          <RunsPanel
            agentId={agentId}
            choice={overlay}
            onChoose={(c) => {
              setOverlay(c);
              if (c) setViewing(null);
            }}
          />
        )}
        {drawer.tab === 'versions' && (
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
  );
}
