import type { AppEvent, RpcResult } from '../../src-shared/contract/index.js';

/** How the renderer reaches the main process: Electron IPC or web mode HTTP + WebSocket. */
export interface Transport {
  invoke(method: string, input: unknown): Promise<RpcResult<unknown>>;
  subscribe(listener: (event: AppEvent) => void): () => void;
  /** Web mode: the event connection was lost ('lost') or is back ('back'); events in between were missed. */
  onConnection?(listener: (state: ConnectionState) => void): () => void;
}

export type ConnectionState = 'lost' | 'back';

/** What a call answers when the server cannot be reached (stopped, restarting, network gone). */
export const SERVER_GONE =
  'The Parley server is not answering (it may have stopped or be restarting). This page reconnects by itself; if it does not, start `parley serve` again.';

/** The one bridge the preload script exposes (see src-preload/index.ts). */
export interface ParleyBridge {
  invoke(method: string, input: unknown): Promise<RpcResult<unknown>>;
  on(listener: (event: AppEvent) => void): () => void;
}

declare global {
  interface Window {
    parley?: ParleyBridge;
  }
}

export function ipcTransport(bridge: ParleyBridge): Transport {
  return { invoke: (m, i) => bridge.invoke(m, i), subscribe: (l) => bridge.on(l) };
}

const TOKEN_KEY = 'parley.token';

/** Web mode: the token arrives once in `?token=`, is kept for the tab's session and removed from the address bar. */
export function readWebToken(): string {
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get('token');
  if (fromUrl) {
    sessionStorage.setItem(TOKEN_KEY, fromUrl);
    url.searchParams.delete('token');
    window.history.replaceState(null, '', url.pathname + url.search + url.hash);
    return fromUrl;
  }
  return sessionStorage.getItem(TOKEN_KEY) ?? '';
}

export function webTransport(token: string): Transport {
  const listeners = new Set<(e: AppEvent) => void>();
  const watchers = new Set<(s: ConnectionState) => void>();
  let socket: WebSocket | null = null;
  let retry = 0;
  let lost = false;
  const tell = (s: ConnectionState) => {
    for (const w of watchers) w(s);
  };
  const connect = () => {
    const proto = window.location.protocol === 'https:' ? 'wss' : 'ws';
    socket = new WebSocket(`${proto}://${window.location.host}/events?token=${encodeURIComponent(token)}`);
    socket.onopen = () => {
      retry = 0;
      if (lost) {
        lost = false;
        tell('back');
      }
    };
    socket.onmessage = (m) => {
      const event = JSON.parse(String(m.data)) as AppEvent;
      for (const l of listeners) l(event);
    };
    socket.onclose = () => {
      socket = null;
      if (!lost) {
        lost = true;
        tell('lost');
      }
      // Keep the event stream up for the whole page: events between two subscribers must not be lost.
      setTimeout(connect, Math.min(5000, 250 * 2 ** retry++));
    };
  };
  return {
    async invoke(method, input) {
      let res: Response;
      try {
        res = await fetch(`/rpc/${encodeURIComponent(method)}`, {
          method: 'POST',
          headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${token}` },
          body: JSON.stringify(input ?? {}),
        });
      } catch {
        return { ok: false, error: { code: 'unavailable', message: SERVER_GONE } };
      }
      if (res.status === 401)
        return {
          ok: false,
          error: {
            code: 'unauthorized',
            message: 'This page has no valid session token. Open the URL printed by `parley serve`.',
          },
        };
      try {
        return (await res.json()) as RpcResult<unknown>;
      } catch {
        return { ok: false, error: { code: 'unavailable', message: SERVER_GONE } };
      }
    },
    onConnection(listener) {
      watchers.add(listener);
      if (!socket) connect();
      return () => {
        watchers.delete(listener);
      };
    },
    subscribe(listener) {
      listeners.add(listener);
      if (!socket) connect();
      return () => {
        listeners.delete(listener);
      };
    },
  };
}
