import { useEffect, useState, type ReactNode } from 'react';
import type { PlaygroundMove } from '../../../src-shared/contract/playground.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { endReasonText } from '../../../src-shared/text/end-reason.js';
import type { LiveView } from './live.js';
import { TryCallState, TryComposer } from './TryComposer.js';
import { TryTranscript } from './TryTranscript.js';
import { TrySave } from './TrySave.js';
import type { TrySession } from './use-try-session.js';

/** "The caller hung up." — an end reason as a sentence. */
const endSentence = (reason: string | null) => {
  const t = reason ? endReasonText(reason) : 'the conversation ended';
  return `${t.charAt(0).toUpperCase()}${t.slice(1)}.`;
};

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
  const [autoplay, setAutoplay] = useState(false);
  const byId = new Map(graph?.nodes.map((n) => [n.id, n]) ?? []);
  const nodeName = (id: string) => byId.get(id)?.name || id;
  const busy = state.busy || s.acting;
  const step = s.step;
  const current = view.liveNode ?? state.current_node;
  const onDigit = current ? byId.get(current)?.type === 'press_digit' : false;

  // auto-play: the persona speaks again as soon as the agent has answered
  useEffect(() => {
    if (!autoplay || state.mode !== 'simulated' || state.ended || busy || s.error) return;
    const t = setTimeout(() => void step(), 500);
    return () => clearTimeout(t);
  }, [autoplay, state.mode, state.ended, state.steps.length, busy, s.error, step]);
  useEffect(() => {
    if (state.ended || s.error) setAutoplay(false);
  }, [state.ended, s.error]);

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
            {state.version_id === null ? ' · your unsaved changes' : ''}
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
          <TryTranscript
            s={s}
            busy={busy}
            nodeName={nodeName}
            current={current}
            onPickMove={onPickMove}
            onPickNode={onPickNode}
          />
          {state.ended && (
            <div
              className={state.end_reason === 'error' ? 'error-box' : 'tp-ended'}
              role={state.end_reason === 'error' ? 'alert' : 'status'}
              data-testid="try-ended"
            >
              {endSentence(state.end_reason)}
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
          <TrySave state={state} />
          {!state.ended && (
            <TryComposer s={s} busy={busy} onDigit={onDigit} autoplay={autoplay} onAutoplay={setAutoplay} />
          )}
        </div>
        <TryCallState state={state}>{aside}</TryCallState>
      </div>
    </div>
  );
}
