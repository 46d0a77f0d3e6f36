import { useEffect, useRef, useState, type ReactNode } from 'react';
import type { PlaygroundMove } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { DecisionLog, short } from './DecisionLog.js';
import { shownTurns, type LiveView } from './live.js';
import type { TrySession } from './use-try-session.js';
import { VoiceControls } from './voice/VoiceControls.js';

const END_TEXT: Record<string, string> = {
  caller_done: 'The caller hung up.',
  max_turns: 'The turn limit was reached.',
  end_node: 'The agent ended the call.',
  transfer: 'The agent transferred the call.',
  error: 'The conversation stopped because of an error.',
  cancelled: 'The conversation was stopped.',
};

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

/** The running conversation: header, bubbles with node badges and a decision log per step, and the composer. */
export function TryConversation({
  s,
  graph,
  onPickMove,
  onPickNode,
  onRestart,
  aside,
}: {
  s: TrySession;
  graph?: AgentGraph;
  onPickMove?(m: PlaygroundMove): void;
  onPickNode?(id: string): void;
  /** Restart with the current choices (default: the same as last time). */
  onRestart?(): void;
  aside?: ReactNode;
}) {
  const restart = onRestart ?? (() => void s.restart());
  const view: LiveView = s.view;
  const state = view.state!;
  const [text, setText] = useState('');
  const [autoplay, setAutoplay] = useState(false);
  const listRef = useRef<HTMLOListElement>(null);
  const byId = new Map(graph?.nodes.map((n) => [n.id, n]) ?? []);
  const nodeName = (id: string) => byId.get(id)?.name || id;
  const callerName = state.mode === 'simulated' ? (state.persona ?? 'Caller') : 'You';
  const busy = state.busy || s.acting;
  const step = s.step;
  const turns = shownTurns(view);
  const current = view.liveNode ?? state.current_node;
  const onDigit = current ? byId.get(current)?.type === 'press_digit' : false;

  // keep the newest turn in view
  useEffect(() => {
    listRef.current?.lastElementChild?.scrollIntoView({ block: 'nearest' });
  }, [turns.length, view.partial?.text, state.steps.length]);
  // auto-play: the persona speaks again as soon as the agent has answered
  useEffect(() => {
    if (!autoplay || state.mode !== 'simulated' || state.ended || busy || s.error) return;
    const t = setTimeout(() => void step(), 500);
    return () => clearTimeout(t);
  }, [autoplay, state.mode, state.ended, state.steps.length, busy, s.error, step]);
  useEffect(() => {
    if (state.ended || s.error) setAutoplay(false);
  }, [state.ended, s.error]);

  const send = (done = false) => {
    if (busy || (!text.trim() && !done)) return;
    void s.say(text, done);
    setText('');
  };

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
    <div className="tp-conv">
      <div className="tp-conv__head">
        <div className="tp-status" role="status" data-testid="try-status">
          {state.ended ? (
            <span className="tp-pill is-ended">Ended</span>
          ) : busy ? (
            <span className="tp-pill is-busy">Speaking…</span>
          ) : (
            <span className="tp-pill is-wait">Your turn</span>
          )}
          <span>
            on <strong data-testid="try-current-node">{current ? nodeName(current) : '—'}</strong>
          </span>
          <span className="muted small">
            turn {state.turns}/{state.max_turns} · {state.models.agent}
            {state.version_id === null ? ' · unsaved graph' : ''}
          </span>
        </div>
        <div className="tp-actions">
          {!state.ended && (
            <button type="button" className="small" onClick={() => void s.stop()} disabled={!!state.ended}>
              Stop
            </button>
          )}
          <button type="button" className="small" onClick={restart} disabled={s.starting}>
            Restart
          </button>
          <button type="button" className="small ghost" onClick={s.close} title="Stop and change the setup">
            Change setup
          </button>
        </div>
      </div>
      <div className="tp-conv__body">
        <div className="tp-chat">
          <ol className="tp-transcript" aria-label="Conversation" ref={listRef}>
            {items}
            {!turns.length && !busy && !view.partial && (
              <li className="muted small">
                The caller speaks first:{' '}
                {state.mode === 'simulated' ? 'press “Persona speaks next”' : 'type the first words below'}.
              </li>
            )}
          </ol>
          {state.ended && (
            <div
              className={state.end_reason === 'error' ? 'error-box' : 'tp-ended'}
              role={state.end_reason === 'error' ? 'alert' : 'status'}
              data-testid="try-ended"
            >
              {END_TEXT[state.end_reason ?? ''] ?? 'The conversation ended.'}
              {state.error && state.end_reason !== 'error' && state.error !== 'stopped by the user'
                ? ` (${state.error})`
                : ''}
              {state.end_reason === 'error' && state.error ? <div>{state.error}</div> : null}{' '}
              <button type="button" className="small primary" onClick={restart}>
                Restart
              </button>
            </div>
          )}
          {s.error && (
            <div className="error-box" role="alert">
              {s.error.message}
            </div>
          )}
          {!state.ended && (
            <div className="tp-composer">
              {state.mode === 'simulated' && (
                <div className="tp-row">
                  <button type="button" className="primary" onClick={() => void s.step()} disabled={busy}>
                    Persona speaks next
                  </button>
                  <label className="tp-switch">
                    <input
                      type="checkbox"
                      role="switch"
                      aria-label="Auto-play"
                      checked={autoplay}
                      onChange={(e) => setAutoplay(e.target.checked)}
                    />{' '}
                    Auto-play
                  </label>
                </div>
              )}
              <form
                className="tp-row"
                onSubmit={(e) => {
                  e.preventDefault();
                  send();
                }}
              >
                <input
                  aria-label="Caller message"
                  value={text}
                  onChange={(e) => setText(e.target.value)}
                  disabled={busy && !text}
                  placeholder={
                    onDigit
                      ? 'The agent waits for a key: type 0-9, * or #'
                      : state.mode === 'simulated'
                        ? 'Or type the caller’s next words yourself…'
                        : 'Type what the caller says…'
                  }
                />
                <button type="submit" disabled={busy || !text.trim()}>
                  Send
                </button>
                <button
                  type="button"
                  className="ghost"
                  onClick={() => send(true)}
                  disabled={busy}
                  title="The caller says these words (if any) and hangs up"
                >
                  Hang up
                </button>
              </form>
              <VoiceControls busy={busy} turns={state.transcript} onHeard={(heard) => void s.say(heard)} />
            </div>
          )}
        </div>
        <aside className="tp-side" aria-label="Call state">
          <div className="tp-label">Variables</div>
          {Object.keys(state.variables).length ? (
            <dl className="tp-vars" data-testid="try-variables">
              {Object.entries(state.variables).map(([k, v]) => (
                <div key={k}>
                  <dt>
                    <code>{k}</code>
                  </dt>
                  <dd>
                    <code>{short(v, 60)}</code>
                  </dd>
                </div>
              ))}
            </dl>
          ) : (
            <div className="muted small">None yet: extract nodes and tools set them as the call goes.</div>
          )}
          <div className="tp-label">Tokens</div>
          <div className="small muted">
            {state.tokens.prompt} prompt · {state.tokens.completion} generated
          </div>
          {aside}
        </aside>
      </div>
    </div>
  );
}
