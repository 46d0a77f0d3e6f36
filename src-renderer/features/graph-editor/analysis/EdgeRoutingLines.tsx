import { plural } from '../../../../src-shared/text/plural.js';
import { labelOf, routingLabels } from '../../../../src-shared/text/routing-text.js';
import type { GraphNode } from '../../../../src-shared/schemas/index.js';
import { useRoutingOverlay } from './routing-overlay.js';

/**
 * In the edge inspector: the caller lines the last routing check wrote for this edge's condition and
 * where the router sent each, plus the lines meant for another condition that it sent here. Shown for
 * the agent the check ran on.
 */
export function EdgeRoutingLines({
  nodeId,
  transitionId,
  nodes,
}: {
  nodeId: string;
  transitionId: string;
  /** The graph's nodes: the other conditions are named by where they lead. */
  nodes: readonly Pick<GraphNode, 'id' | 'name'>[];
}) {
  const agentId = useRoutingOverlay((s) => s.agentId);
  const p = useRoutingOverlay((s) => (s.stale ? undefined : s.points[nodeId]));
  if (!p || !agentId || !globalThis.location?.hash.includes(agentId)) return null;
  if (!p.options.some((o) => o.key === transitionId)) return null;
  const meant = p.utterances.filter((u) => u.intended === transitionId);
  const stolen = p.utterances.filter((u) => u.chosen === transitionId && u.intended !== transitionId);
  const right = meant.filter((u) => u.chosen === transitionId).length;
  const labels = routingLabels(p, nodes);
  const say = (key: string) => labelOf(labels, key).noun;
  return (
    <fieldset className="ge-fieldset" data-testid="edge-routing-lines">
      <legend>Routing check: caller lines</legend>
      {meant.length === 0 ? (
        <p className="warn small" data-testid="edge-routing-no-lines">
          The model wrote no usable caller line for this condition: the check says nothing about it. Try another model
          or more lines per condition.
        </p>
      ) : (
        <p className="small">
          {right} of {plural(meant.length, 'line')} meant for this condition {right === 1 ? 'was' : 'were'} routed here.
        </p>
      )}
      <ul className="small ge-routing__lines">
        {meant.map((u, i) => (
          <li key={`m${i}`} className={u.chosen === transitionId ? 'ok' : 'warn'} title={`chosen: ${u.chosen}`}>
            “{u.text}”{' '}
            {u.chosen === transitionId ? '✓' : u.chosen === 'none' ? '→ went nowhere' : `→ went to ${say(u.chosen)}`}
            {u.reason && u.chosen !== transitionId ? <span className="muted"> ({u.reason})</span> : null}
          </li>
        ))}
      </ul>
      {stolen.length > 0 && (
        <>
          <p className="small warn">Taken here although meant for another condition:</p>
          <ul className="small ge-routing__lines">
            {stolen.map((u, i) => (
              <li key={`s${i}`} className="warn" title={`meant: ${u.intended}`}>
                “{u.text}” (meant for {say(u.intended)})
              </li>
            ))}
          </ul>
        </>
      )}
    </fieldset>
  );
}
