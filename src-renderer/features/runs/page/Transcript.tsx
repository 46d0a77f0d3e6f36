import type { ReactNode } from 'react';
import { PlayButton } from '../../../ui/speech/PlayButton.js';
import { Link } from 'wouter';
import type { TranscriptTurn } from '../../../../src-shared/schemas/run.js';
import type { TurnRow } from './transcript-view.js';
import { TurnLatencyChip } from './TurnLatencyChip.js';
import { perturbationText } from '../../../../src-shared/speech/perturbation-text.js';
import { turnNumber, turnRef } from '../../../../src-shared/text/turn-number.js';
import { TurnHeard } from './TurnHeard.js';
import { LeakText } from '../../../ui/LeakText.js';
import type { LeakMark } from '../../../../src-shared/text/leak-spans.js';

/**
 * A conversation: caller on one side, agent on the other with the node that spoke each turn, tool turns in between;
 * with speech on, what the other side heard under each spoken turn. Turns are numbered from 1 (text/turn-number.ts).
 */
export function Transcript({
  turns,
  partial,
  nodeNames,
  emptyText = 'No turns yet.',
  onNode,
  rows,
  flagged,
  current,
  onGap,
  turnAction,
  leaks,
}: {
  turns: TranscriptTurn[];
  partial?: { role: 'agent' | 'caller'; text: string } | null;
  nodeNames?: Map<string, string>;
  emptyText?: string;
  onNode?: (node: string) => void;
  /** Which turns to show (folded, searched); all when absent. */
  rows?: TurnRow[];
  /** Turns a failed check rests on: marked. */
  flagged?: Set<number>;
  /** The turn just jumped to: highlighted. */
  current?: number | null;
  /** A click on a hidden run of turns ("7 turns hidden"). */
  onGap?: () => void;
  /** An action shown on each turn it returns something for ("Make a test from this turn"). */
  turnAction?: (index: number, turn: TranscriptTurn) => ReactNode;
  /** Red-team findings by turn index: their leaked words are marked in the turn's text. */
  leaks?: Map<number, LeakMark[]>;
}) {
  if (!turns.length && !partial) return <div className="muted small">{emptyText}</div>;
  const list = rows ?? turns.map((_, index) => ({ kind: 'turn' as const, index }));
  return (
    <ol className="transcript" aria-label="Transcript">
      {list.map((row) =>
        row.kind === 'gap' ? (
          <li key={`gap-${row.from}`} className="turn-gap">
            <button type="button" className="link-button small" onClick={onGap}>
              {row.to - row.from + 1} turn{row.to > row.from ? 's' : ''} hidden ({turnRef(row.from)}–{turnRef(row.to)}):
              show all
            </button>
          </li>
        ) : (
          <Turn
            key={row.index}
            index={row.index}
            turn={turns[row.index]}
            nodeNames={nodeNames}
            onNode={onNode}
            flagged={flagged?.has(row.index)}
            current={current === row.index}
            action={turnAction?.(row.index, turns[row.index])}
            leaks={leaks?.get(row.index)}
          />
        ),
      )}
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

export function NodeBadge({
  node,
  name,
  onClick,
  href,
}: {
  node: string;
  name?: string;
  onClick?: (node: string) => void;
  /** Opens this address (the node in the agent editor) instead of calling onClick. */
  href?: string;
}) {
  const label = name && name !== node ? `${name}` : node;
  if (href)
    return (
      <Link href={href} className="node-badge" title={`node ${node}: open it in the editor`}>
        {label} ↗
      </Link>
    );
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
  flagged,
  current,
  action,
  leaks,
}: {
  turn: TranscriptTurn;
  index: number;
  nodeNames?: Map<string, string>;
  onNode?: (node: string) => void;
  flagged?: boolean;
  current?: boolean;
  action?: ReactNode;
  leaks?: LeakMark[];
}) {
  return (
    <li
      className={`turn turn-${turn.role}${flagged ? ' turn-flagged' : ''}${current ? ' turn-current' : ''}`}
      data-turn={index}
      tabIndex={current ? -1 : undefined}
    >
      <div className="turn-head">
        <span className="role">{turn.role === 'tool' ? `tool${turn.tool ? ` · ${turn.tool}` : ''}` : turn.role}</span>
        {turn.role === 'agent' && turn.node && (
          <NodeBadge node={turn.node} name={nodeNames?.get(turn.node)} onClick={onNode} />
        )}
        {flagged && <span className="flag small">flagged</span>}
        {turn.role === 'agent' && turn.latency && <TurnLatencyChip latency={turn.latency} />}
        {turn.role !== 'tool' && turn.content && (
          <PlayButton text={turn.content} label={`Play turn ${turnNumber(index)}`} />
        )}
        {action}
        <span className="muted small turn-no">{turnRef(index)}</span>
      </div>
      <div className="turn-text">
        {turn.content ? (
          leaks?.length ? (
            <LeakText text={turn.content} leaks={leaks} />
          ) : (
            turn.content
          )
        ) : turn.perturbation?.silence_ms !== undefined ? (
          <em className="muted">(silence)</em>
        ) : (
          ''
        )}
        {turn.perturbation?.interrupted && (
          <span className="muted" title="what the agent was going to say when the caller cut in">
            {' '}
            <s>{turn.perturbation.interrupted.unsaid}</s>
          </span>
        )}
      </div>
      <TurnHeard turn={turn} />
      {turn.perturbation && (
        <div className="muted small turn-perturbation" data-testid="turn-perturbation">
          {perturbationText(turn)}
        </div>
      )}
    </li>
  );
}
