import { useState } from 'react';
import type { PlaygroundState } from '../../../src-shared/contract/playground.js';
import type { ReactNode } from 'react';
import { short } from './DecisionLog.js';
import type { TrySession } from './use-try-session.js';
import { VoiceControls } from './voice/VoiceControls.js';

/** What the caller says next: the persona's turn (or auto-play), typed words, hanging up, or the microphone. */
export function TryComposer({
  s,
  busy,
  onDigit,
  autoplay,
  onAutoplay,
}: {
  s: TrySession;
  busy: boolean;
  /** The agent waits for a key press. */
  onDigit: boolean;
  autoplay: boolean;
  onAutoplay(v: boolean): void;
}) {
  const state = s.view.state!;
  const [text, setText] = useState('');
  const send = (done = false) => {
    if (busy || (!text.trim() && !done)) return;
    void s.say(text, done);
    setText('');
  };
  const setAutoplay = onAutoplay;
  return (
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
  );
}

/** The call's variables and tokens so far, beside the conversation. */
export function TryCallState({ state, children }: { state: PlaygroundState; children?: ReactNode }) {
  return (
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
      {children}
    </aside>
  );
}
