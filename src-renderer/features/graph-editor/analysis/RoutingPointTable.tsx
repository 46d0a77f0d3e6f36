import type { RoutingPoint } from '../../../../src-shared/contract/analysis.js';
import {
  conditionList,
  labelOf,
  misroutedLine,
  pointName,
  pointSummary,
  routingLabels,
  stealSentences,
  type NamedNode,
} from '../../../../src-shared/text/routing-text.js';

/**
 * One decision point of a routing check in the canvas's words: the node's name (its id in a tooltip),
 * the confusion table headed by where each condition leads (condition text and id in a tooltip), which
 * condition took lines meant for another, and the misrouted lines.
 */
export function RoutingPointTable({
  p,
  nodes,
  onPickNode,
}: {
  p: RoutingPoint;
  nodes: readonly NamedNode[];
  onPickNode(id: string): void;
}) {
  const labels = routingLabels(p, nodes);
  const tip = (key: string) => {
    const l = labelOf(labels, key);
    return [l.condition && `when “${l.condition}”`, key !== 'none' && `id: ${key}`].filter(Boolean).join(' · ');
  };
  const wrong = p.utterances.filter((u) => u.intended !== u.chosen);
  const untested = new Set(p.no_lines);
  const never = p.never_wins.filter((k) => !untested.has(k));
  return (
    <div className="ge-routing__point" data-testid="routing-point" data-node-id={p.node_id}>
      <button
        type="button"
        className="link"
        title={`node id: ${p.node_id}`}
        onClick={() => onPickNode(p.node_id)}
        data-testid="routing-point-name"
      >
        {pointName(p, nodes)}
      </button>{' '}
      <span className={`small ${p.misrouted ? 'warn' : 'ok'}`}>{pointSummary(p)}</span>
      <table className="ge-routing__matrix small">
        <thead>
          <tr>
            <th>meant \ chosen</th>
            {p.keys.map((k) => (
              <th key={k} title={tip(k)}>
                {labelOf(labels, k).head}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.keys.map((k, i) => (
            <tr key={k}>
              <th title={tip(k)}>{labelOf(labels, k).head}</th>
              {p.matrix[i].map((n, j) => (
                <td key={j} className={n && i !== j ? 'is-off' : n ? 'is-on' : ''}>
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {stealSentences(p, nodes).map((s) => (
        <p
          key={`${s.from}-${s.to}`}
          className="small warn"
          title={`ids: ${s.to} took from ${s.from}`}
          data-testid="routing-steal"
        >
          {s.text}
        </p>
      ))}
      {p.no_lines.length > 0 && (
        <p className="small warn" data-testid="routing-no-lines" title={`ids: ${p.no_lines.join(', ')}`}>
          The model wrote no usable caller line for {conditionList(p.no_lines, p, nodes)}: not tested (try another model
          or more lines per condition).
        </p>
      )}
      {never.length > 0 && (
        <p className="small" title={`ids: ${never.join(', ')}`}>
          Never chosen: {conditionList(never, p, nodes)}.
        </p>
      )}
      {wrong.length > 0 && (
        <ul className="small">
          {wrong.map((u, k) => (
            <li key={k} data-testid="routing-misrouted" title={`ids: meant ${u.intended}, went to ${u.chosen}`}>
              {misroutedLine(u, p, nodes)}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
