import { plural } from '../../../../src-shared/text/plural.js';
import { createContext, useContext } from 'react';
import { useRoutingOverlay } from './routing-overlay.js';

/**
 * True on the editable canvas only: the routing check describes the graph being edited, not the version
 * a run used (the Runs tab's read-only view) nor an old version, so badges show on the editable canvas alone.
 */
export const RoutingOnCanvas = createContext(false);

/** On a node card: how the last routing check went at this decision point (shown for the agent it ran on). */
export function RoutingBadge({ nodeId }: { nodeId: string }) {
  const on = useContext(RoutingOnCanvas);
  const agentId = useRoutingOverlay((s) => s.agentId);
  const r = useRoutingOverlay((s) => (s.stale ? undefined : s.byNode[nodeId]));
  if (!on || !r || !agentId || !globalThis.location?.hash.includes(agentId)) return null;
  const pct = Math.round(r.accuracy * 100);
  if (!r.lines)
    return (
      <span
        className="ge-routing-badge"
        title="Routing check: the model wrote no usable caller line here, so nothing was tested"
        data-testid="routing-badge"
      >
        ⇄ not tested
      </span>
    );
  return (
    <span
      className={`ge-routing-badge ${r.misrouted ? 'is-confused' : 'is-clean'}`}
      title={`Routing check: ${pct}% of ${plural(r.lines, 'caller line')} routed as meant, ${r.misrouted} misrouted`}
      data-testid="routing-badge"
    >
      ⇄ {r.misrouted ? `${r.misrouted} misrouted` : `${pct}%`}
    </span>
  );
}

/** Whether an edge (source::transition) is one of a confused pair in the last routing check. */
export function useConfusedEdge(id: string): boolean {
  const on = useContext(RoutingOnCanvas);
  return useRoutingOverlay((s) => on && !s.stale && s.confused.has(id));
}
