import { useCallback, useEffect, useRef, useState } from 'react';
import { useReactFlow } from '@xyflow/react';
import type { PlaygroundMove } from '../../../../src-shared/contract/playground.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { TryItPanel } from '../../playground/index.js';
import { useEditor } from '../state/editor-store.js';

/**
 * "Try it", docked under the canvas: chat with the agent being edited (its unsaved edits when it has
 * any, else the version on the canvas), or let a persona speak. Collapsing keeps the conversation; the panel mounts the
 * first time it is opened.
 */
export function TestDock({
  agentId,
  graph,
  dirty,
  open,
  onToggle,
  onLiveNode,
  onPickMove,
  onPickNode,
}: {
  agentId: string;
  graph: AgentGraph;
  dirty: boolean;
  open: boolean;
  onToggle(): void;
  onLiveNode(node: string | null): void;
  onPickMove(m: PlaygroundMove): void;
  onPickNode(node: string): void;
}) {
  const [mounted, setMounted] = useState(open);
  const baseVersionId = useEditor((st) => st.baseVersionId);
  useEffect(() => {
    if (open) setMounted(true);
  }, [open]);
  const rf = useReactFlow();
  // the canvas changes size when the dock opens or closes: show the whole graph again
  const firstRender = useRef(true);
  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    const t = setTimeout(() => void rf.fitView({ padding: 0.12, duration: 200, maxZoom: 1 }), 60);
    return () => clearTimeout(t);
  }, [open, rf]);
  // keep the live node in view (pan only, at the current zoom) as the conversation moves
  const follow = useCallback(
    (node: string | null) => {
      onLiveNode(node);
      const n = node ? rf.getNode(node) : undefined;
      const box = document.querySelector('.ge-main .ge-canvas')?.getBoundingClientRect();
      if (!n || !box) return;
      const w = n.measured?.width ?? 240;
      const h = n.measured?.height ?? 110;
      const tl = rf.flowToScreenPosition(n.position);
      const br = rf.flowToScreenPosition({ x: n.position.x + w, y: n.position.y + h });
      if (tl.x >= box.left && tl.y >= box.top && br.x <= box.right && br.y <= box.bottom) return;
      void rf.setCenter(n.position.x + w / 2, n.position.y + h / 2, { zoom: rf.getZoom(), duration: 300 });
    },
    [onLiveNode, rf],
  );
  return (
    <div className={`ge-dock${open ? ' is-open' : ''}`} data-testid="test-dock">
      <button
        type="button"
        className="ge-dock__head"
        aria-expanded={open}
        aria-controls="ge-dock-body"
        onClick={onToggle}
      >
        <strong>Try it</strong>
        <span className="muted small">
          chat with it or let a persona speak; the node it is on is highlighted on the canvas
        </span>
        <span className="ge-problems__toggle">{open ? '▾ Hide' : '▸ Show'}</span>
      </button>
      {mounted && (
        <div className="ge-dock__body" id="ge-dock-body" hidden={!open}>
          <TryItPanel
            agentId={agentId}
            graph={graph}
            unsaved={dirty}
            versionId={baseVersionId}
            defaultMode="manual"
            onLiveNode={follow}
            onPickMove={onPickMove}
            onPickNode={onPickNode}
            note={
              dirty ? 'Your unsaved changes are tried: what you see on the canvas is what the agent runs.' : undefined
            }
            testId="graph-try-it"
          />
        </div>
      )}
    </div>
  );
}
