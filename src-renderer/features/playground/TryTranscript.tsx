import { useEffect, useRef, type ReactNode } from 'react';
import type { PlaygroundMove } from '../../../src-shared/contract/playground.js';
import type { TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { DecisionLog } from './DecisionLog.js';
import { shownTurns } from './live.js';
import type { TrySession } from './use-try-session.js';

function Bubble({
  turn,
  index,
  callerName,
  nodeName,
  onNode,
  live,
}: {
  turn: TranscriptTurn;
  index: number;
  callerName: string;
  nodeName(id: string): string;
  onNode?(id: string): void;
  live?: boolean;
}) {
  const who =
    turn.role === 'agent' ? 'Agent' : turn.role === 'caller' ? callerName : `Tool${turn.tool ? ` · ${turn.tool}` : ''}`;
  return (
    <li
      className={`tp-turn tp-turn--${turn.role}${live ? ' is-live' : ''}`}
      data-testid={`turn-${turn.role}`}
      data-turn={index}
    >
      <div className="tp-turn__head">
        <span className="tp-who">{who}</span>
        {turn.role === 'agent' &&
          turn.node &&
          (onNode ? (
            <button
              type="button"
              className="tp-node"
              data-testid="node-badge"
              title={`Node ${turn.node}: show on the graph`}
              onClick={() => onNode(turn.node!)}
            >
              {nodeName(turn.node)}
            </button>
          ) : (
            <span className="tp-node" data-testid="node-badge" title={`Node ${turn.node}`}>
              {nodeName(turn.node)}
            </span>
          ))}
      </div>
      <div className="tp-turn__text">{turn.content || <span className="muted">(nothing said)</span>}</div>
    </li>
  );
}

/**
 * The conversation so far: a bubble per turn (agent turns with their node), each step's decision log after
 * its turns, what is being typed or spoken now. Keeps the newest turn in view by scrolling itself only.
 */
export function TryTranscript({
  s,
  busy,
  nodeName,
  current,
  onPickMove,
  onPickNode,
}: {
  s: TrySession;
  busy: boolean;
  nodeName(id: string): string;
  current: string | null;
  onPickMove?(m: PlaygroundMove): void;
  onPickNode?(id: string): void;
}) {
  const view = s.view;
  const state = view.state!;
  const callerName = state.mode === 'simulated' ? (state.persona ?? 'Caller') : 'You';
  const turns = shownTurns(view);
  const listRef = useRef<HTMLOListElement>(null);
  // keep the newest turn in view, inside the transcript's own scroll box (the page never moves)
  useEffect(() => {
    const list = listRef.current;
    if (list && list.scrollHeight > list.clientHeight) list.scrollTop = list.scrollHeight;
  }, [turns.length, view.partial?.text, state.steps.length]);
  const stepOf = new Map<number, number>();
  state.steps.forEach((st, i) => {
    for (let t = st.turns.from; t < st.turns.to; t++) stepOf.set(t, i);
  });
  const items: ReactNode[] = [];
  turns.forEach((turn, i) => {
    items.push(
      <Bubble
        key={`t${i}`}
        turn={turn}
        index={i}
        callerName={callerName}
        nodeName={nodeName}
        onNode={onPickNode}
        live={i >= state.transcript.length}
      />,
    );
    const st = stepOf.get(i);
    if (st !== undefined && state.steps[st].turns.to === i + 1)
      items.push(
        <li key={`l${st}`} className="tp-logrow">
          <DecisionLog
            step={state.steps[st]}
            nodeName={nodeName}
            open={st === state.steps.length - 1}
            onPickMove={onPickMove}
          />
        </li>,
      );
  });
  // steps that said nothing (a silent opening, a stay with no words) still show their log
  state.steps.forEach((st, i) => {
    if (st.turns.from === st.turns.to && (st.moves.length || st.stayed || st.error))
      items.push(
        <li key={`e${i}`} className="tp-logrow">
          <DecisionLog step={st} nodeName={nodeName} open={i === state.steps.length - 1} onPickMove={onPickMove} />
        </li>,
      );
  });
  if (view.typed && !turns.slice(state.transcript.length).some((t) => t.role === 'caller')) {
    items.push(
      <Bubble
        key="typed"
        turn={{ role: 'caller', content: view.typed }}
        index={turns.length}
        callerName={callerName}
        nodeName={nodeName}
        live
      />,
    );
  }
  if (view.partial) {
    items.push(
      <li
        key="partial"
        className={`tp-turn tp-turn--${view.partial.role} is-live is-speaking`}
        aria-live="polite"
        data-testid="speaking"
      >
        <div className="tp-turn__head">
          <span className="tp-who">{view.partial.role === 'agent' ? 'Agent' : callerName}</span>
          {current && <span className="tp-node">{nodeName(current)}</span>}
          <span className="muted small">speaking…</span>
        </div>
        <div className="tp-turn__text">
          {view.partial.text}
          <span className="tp-caret" aria-hidden="true">
            ▍
          </span>
        </div>
      </li>,
    );
  } else if (busy) {
    items.push(
      <li key="wait" className="tp-waiting muted small" role="status">
        {s.acting && state.mode === 'simulated' && !view.typed
          ? 'The persona and the agent are speaking…'
          : 'The agent is answering…'}
      </li>,
    );
  }
  return (
    <ol className="tp-transcript" aria-label="Conversation" ref={listRef}>
      {items}
      {!turns.length && !busy && !view.partial && (
        <li className="muted small">
          The caller speaks first:{' '}
          {state.mode === 'simulated' ? 'press “Persona speaks next”' : 'type the first words below'}.
        </li>
      )}
    </ol>
  );
}
