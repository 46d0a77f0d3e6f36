import type { TranscriptTurn } from '../../../src-shared/schemas/run.js';

/** A conversation: caller on one side, agent on the other with the node that spoke each turn, tool turns in between. */
export function Transcript({
  turns,
  partial,
  nodeNames,
  emptyText = 'No turns yet.',
  onNode,
}: {
  turns: TranscriptTurn[];
  partial?: { role: 'agent' | 'caller'; text: string } | null;
  nodeNames?: Map<string, string>;
  emptyText?: string;
  onNode?: (node: string) => void;
}) {
  if (!turns.length && !partial) return <div className="muted small">{emptyText}</div>;
  return (
    <ol className="transcript" aria-label="Transcript">
      {turns.map((t, i) => (
        <Turn key={i} index={i} turn={t} nodeNames={nodeNames} onNode={onNode} />
      ))}
      {partial && (
        <li className={`turn turn-${partial.role} speaking`} aria-live="polite" data-testid="speaking">
          <div className="turn-head">
            <span className="role">{partial.role}</span>
            <span className="muted small">speaking…</span>
          </div>
          <div className="turn-text">
            {partial.text}
            <span className="caret" aria-hidden>
              ▍
            </span>
          </div>
        </li>
      )}
    </ol>
  );
}

export function NodeBadge({ node, name, onClick }: { node: string; name?: string; onClick?: (node: string) => void }) {
  const label = name && name !== node ? `${name}` : node;
  return onClick ? (
    <button
      type="button"
      className="node-badge"
      title={`node ${node}: show on the graph`}
      onClick={() => onClick(node)}
    >
      {label}
    </button>
  ) : (
    <span className="node-badge" title={`node ${node}`}>
      {label}
    </span>
  );
}

function Turn({
  turn,
  index,
  nodeNames,
  onNode,
}: {
  turn: TranscriptTurn;
  index: number;
  nodeNames?: Map<string, string>;
  onNode?: (node: string) => void;
}) {
  return (
    <li className={`turn turn-${turn.role}`} data-turn={index}>
      <div className="turn-head">
        <span className="role">{turn.role === 'tool' ? `tool${turn.tool ? ` · ${turn.tool}` : ''}` : turn.role}</span>
        {turn.role === 'agent' && turn.node && (
          <NodeBadge node={turn.node} name={nodeNames?.get(turn.node)} onClick={onNode} />
        )}
        <span className="muted small turn-no">#{index}</span>
      </div>
      <div className="turn-text">{turn.content}</div>
    </li>
  );
}
