import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import type { MethodInput } from '../../../src-shared/contract/index.js';
import type { PlaygroundEvent } from '../../../src-shared/contract/events.js';
import type { PlaygroundState } from '../../../src-shared/contract/playground.js';
import { api, ApiClientError } from '../../api/client.js';
import { useAppEvents } from '../../api/hooks.js';
import { emptyView, reduceView } from './live.js';

export interface PanelError {
  message: string;
  path?: string;
  code?: string;
}

const toError = (e: unknown): PanelError =>
  e instanceof ApiClientError
    ? { message: e.error.message, ...(e.error.path ? { path: e.error.path } : {}), code: e.error.code }
    : { message: (e as Error)?.message ?? String(e) };

/**
 * One Try-it conversation at a time: start, say, step, stop and restart through the API; the view
 * follows the `playground.*` events (streamed tokens, turns, node changes) between answers.
 * The conversation is stopped when the panel unmounts.
 */
export function useTrySession() {
  const [view, dispatch] = useReducer(reduceView, emptyView);
  const [error, setError] = useState<PanelError | null>(null);
  const [starting, setStarting] = useState(false);
  const [acting, setActing] = useState(false);
  const session = useRef<string | null>(null);
  const startingRef = useRef(false);
  const lastStart = useRef<MethodInput<'playground.start'> | null>(null);

  useAppEvents((e) => {
    if (!e.type.startsWith('playground.')) return;
    const pe = e as PlaygroundEvent;
    // the opening streams before `start` answers: follow the new session meanwhile
    if (startingRef.current && !session.current && pe.type !== 'playground.state') {
      session.current = pe.session_id;
      dispatch({ type: 'adopt', sessionId: pe.session_id });
    }
    dispatch({ type: 'event', e });
  });

  const stopQuietly = (id: string | null) => {
    if (id) void api.call('playground.stop', { session_id: id }).catch(() => undefined);
  };
  useEffect(() => () => stopQuietly(session.current), []);

  const start = useCallback(async (input: MethodInput<'playground.start'>) => {
    stopQuietly(session.current);
    session.current = null;
    dispatch({ type: 'reset' });
    setError(null);
    setStarting(true);
    startingRef.current = true;
    lastStart.current = input;
    try {
      const out = await api.call('playground.start', input);
      session.current = out.session_id;
      dispatch({ type: 'adopt', sessionId: out.session_id });
      dispatch({ type: 'state', state: out.state });
    } catch (e) {
      session.current = null;
      dispatch({ type: 'reset' });
      setError(toError(e));
    } finally {
      startingRef.current = false;
      setStarting(false);
    }
  }, []);

  const act = useCallback(async (call: (id: string) => Promise<PlaygroundState>) => {
    const id = session.current;
    if (!id) return;
    setError(null);
    setActing(true);
    try {
      dispatch({ type: 'state', state: await call(id) });
    } catch (e) {
      dispatch({ type: 'typed', text: null });
      setError(toError(e));
    } finally {
      setActing(false);
    }
  }, []);

  const say = useCallback(
    (text: string, done = false) => {
      dispatch({ type: 'typed', text: text.trim() || null });
      return act((id) => api.call('playground.say', { session_id: id, text, done }));
    },
    [act],
  );

  const step = useCallback(() => act((id) => api.call('playground.step', { session_id: id })), [act]);

  const stop = useCallback(async () => {
    const id = session.current;
    if (!id) return;
    try {
      await api.call('playground.stop', { session_id: id });
      dispatch({ type: 'state', state: await api.call('playground.state', { session_id: id }) });
    } catch (e) {
      setError(toError(e));
    }
  }, []);

  /** Starts again with the same choices. */
  const restart = useCallback(() => (lastStart.current ? start(lastStart.current) : Promise.resolve()), [start]);

  /** Back to the setup: the conversation is stopped and cleared. */
  const close = useCallback(() => {
    stopQuietly(session.current);
    session.current = null;
    dispatch({ type: 'reset' });
    setError(null);
  }, []);

  return { view, error, setError, starting, acting, start, say, step, stop, restart, close };
}

export type TrySession = ReturnType<typeof useTrySession>;
