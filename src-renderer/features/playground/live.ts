import type { AppEvent, PlaygroundEvent } from '../../../src-shared/contract/events.js';
import type { PlaygroundState } from '../../../src-shared/contract/playground.js';
import type { TranscriptTurn } from '../../../src-shared/schemas/run.js';

/**
 * What the Try-it panel shows: the last full state from the server plus what streamed since (turns
 * of the step in progress, the text being spoken, the node the conversation is on). Pure: unit-tested.
 */
export interface LiveView {
  sessionId: string | null;
  state: PlaygroundState | null;
  /** Turns of the step in progress, by transcript index. */
  pending: Record<number, TranscriptTurn>;
  /** The turn being spoken (streamed tokens so far). */
  partial: { role: 'agent' | 'caller'; text: string } | null;
  /** The node the conversation is on right now (moves before the step's state arrives). */
  liveNode: string | null;
  /** What the user just typed, shown until the server's turn replaces it. */
  typed: string | null;
}

export const emptyView: LiveView = {
  sessionId: null,
  state: null,
  pending: {},
  partial: null,
  liveNode: null,
  typed: null,
};

export type ViewAction =
  | { type: 'event'; e: AppEvent }
  | { type: 'state'; state: PlaygroundState }
  | { type: 'adopt'; sessionId: string }
  | { type: 'typed'; text: string | null }
  | { type: 'reset' };

const isPlayground = (e: AppEvent): e is PlaygroundEvent => e.type.startsWith('playground.');

/** Steps the state already holds: events of those steps arrived late and are ignored. */
const doneSteps = (v: LiveView) => v.state?.steps.length ?? 0;

function withState(v: LiveView, state: PlaygroundState): LiveView {
  if (v.sessionId && v.sessionId !== state.session_id) return v;
  // an older state (a late response after a newer event) never replaces a newer one
  if (v.state && v.state.session_id === state.session_id && state.steps.length < v.state.steps.length) return v;
  const settled = !state.busy;
  return {
    sessionId: state.session_id,
    state,
    pending: settled
      ? {}
      : Object.fromEntries(Object.entries(v.pending).filter(([i]) => Number(i) >= state.transcript.length)),
    partial: settled ? null : v.partial,
    liveNode: settled ? state.current_node : (v.liveNode ?? state.current_node),
    typed: settled ? null : v.typed,
  };
}

export function reduceView(v: LiveView, a: ViewAction): LiveView {
  switch (a.type) {
    case 'reset':
      return emptyView;
    case 'adopt':
      return v.sessionId === a.sessionId ? v : { ...emptyView, sessionId: a.sessionId };
    case 'typed':
      return { ...v, typed: a.text };
    case 'state':
      return withState(v, a.state);
    case 'event': {
      const e = a.e;
      if (!isPlayground(e) || e.session_id !== v.sessionId) return v;
      if (e.type === 'playground.state') return withState(v, e.state);
      if (e.step < doneSteps(v)) return v;
      switch (e.type) {
        case 'playground.token':
          return {
            ...v,
            partial: { role: e.role, text: (v.partial?.role === e.role ? v.partial.text : '') + e.chunk },
          };
        case 'playground.turn':
          if (v.state && e.index < v.state.transcript.length) return v;
          return {
            ...v,
            pending: { ...v.pending, [e.index]: e.turn },
            partial: null,
            typed: e.turn.role === 'caller' ? null : v.typed,
          };
        case 'playground.node':
          return { ...v, liveNode: e.node };
      }
    }
  }
}

/** The transcript to draw: the state's turns, then the streamed turns of the step in progress, in order. */
export function shownTurns(v: LiveView): TranscriptTurn[] {
  const base = v.state?.transcript ?? [];
  const extra = Object.entries(v.pending)
    .map(([i, t]) => [Number(i), t] as const)
    .filter(([i]) => i >= base.length)
    .sort((a, b) => a[0] - b[0]);
  return [...base, ...extra.map(([, t]) => t)];
}
