import { createContext, memo, useContext, type CSSProperties } from 'react';
import { BaseEdge, EdgeLabelRenderer, getBezierPath, type EdgeProps, type EdgeTypes } from '@xyflow/react';
import type { ConditionEdgeT } from '../model/to-flow.js';
import { useConfusedEdge } from '../analysis/RoutingBadge.js';

/** Lets an edge label select its edge (labels sit outside the SVG, so xyflow's edge click does not see them). */
export const EdgeLabelClick = createContext<((edgeId: string) => void) | null>(null);

/** Vertical distance between the labels of parallel edges (a label is about 20 px tall). */
const LANE_PX = 26;

const ConditionEdge = memo((p: EdgeProps<ConditionEdgeT>) => {
  const onLabel = useContext(EdgeLabelClick);
  const d = p.data!;
  const confused = useConfusedEdge(p.id);
  const [path, lx, midY] = getBezierPath(p);
  // Parallel edges share one curve: their labels stack around its middle.
  const ly = midY + (d.lane ?? 0) * LANE_PX;
  const cls = [
    'ge-edge',
    `ge-edge--${d.kind}`,
    p.selected && 'is-selected',
    d.taken && 'is-taken',
    d.dim && 'is-dim',
    confused && 'is-confused',
    d.fault && 'is-fault',
    d.issues?.errors ? 'has-error' : d.issues?.warnings ? 'has-warning' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const heatWidth = d.heat !== undefined ? 1.5 + d.heat * 6 : undefined;
  const style: CSSProperties = {
    ...(heatWidth ? { strokeWidth: heatWidth } : {}),
    ...(d.jump ? { strokeDasharray: '6 4' } : {}),
  };
  return (
    <>
      <BaseEdge id={p.id} path={path} className={cls} style={style} interactionWidth={16} markerEnd="url(#ge-arrow)" />
      <EdgeLabelRenderer>
        <div
          className={`ge-edge-label nodrag nopan ${cls}`}
          style={{ transform: `translate(-50%, -50%) translate(${lx}px, ${ly}px)` }}
          data-testid="edge-label"
          data-edge-id={p.id}
          title={d.issues ? d.issues.messages.join('\n') : d.label}
          onClick={
            onLabel && !d.jump
              ? (e) => {
                  e.stopPropagation();
                  onLabel(p.id);
                }
              : undefined
          }
        >
          {d.rank !== undefined && (
            <span className="ge-edge-rank" title="Evaluation order among this node's conditions">
              {d.rank}
            </span>
          )}
          {d.kind === 'equation' ? <code>{d.label}</code> : <span>{d.label}</span>}
          {d.taken && <span className="ge-visits">#{d.taken.join(', #')}</span>}
          {d.count !== undefined && <span className="ge-count">×{d.count}</span>}
          {d.issues && (
            <span className={`ge-lint ${d.issues.errors ? 'is-error' : 'is-warning'}`} aria-label="edge problem">
              !
            </span>
          )}
        </div>
      </EdgeLabelRenderer>
    </>
  );
});

export const EDGE_COMPONENTS: EdgeTypes = { condition: ConditionEdge };

/** Arrow marker shared by every edge (one SVG def instead of one per edge). */
export function ArrowDefs() {
  return (
    <svg style={{ position: 'absolute', width: 0, height: 0 }} aria-hidden="true">
      <defs>
        <marker
          id="ge-arrow"
          viewBox="0 0 10 10"
          refX="9"
          refY="5"
          markerWidth="10"
          markerHeight="10"
          markerUnits="userSpaceOnUse"
          orient="auto-start-reverse"
        >
          <path d="M 0 0 L 10 5 L 0 10 z" className="ge-arrow-head" />
        </marker>
      </defs>
    </svg>
  );
}
