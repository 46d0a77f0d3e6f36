import type http from 'node:http';
import type { Socket } from 'node:net';

/**
 * How long web mode waits on a client and how many clients it lets wait: a request's headers must
 * arrive within `headersTimeoutMs` and the whole request (headers and body) within `requestTimeoutMs`
 * (Node answers 408 and closes), and at most `maxUnauthenticated` connections may be open that have not
 * yet shown the token (a new one past that is answered 503 and closed). Without these a client could
 * hold connections open indefinitely by sending half a request.
 */
export interface ConnectionLimits {
  headersTimeoutMs: number;
  requestTimeoutMs: number;
  maxUnauthenticated: number;
}

export const DEFAULT_CONNECTION_LIMITS: ConnectionLimits = {
  headersTimeoutMs: 5_000,
  // A 31.5 MB body on 127.0.0.1 arrives in well under a second; this is for a client that trickles it.
  requestTimeoutMs: 15_000,
  // The page loads its files over a handful of connections; an attacker opening hundreds gets none.
  maxUnauthenticated: 64,
};

/** The http.createServer options that make Node check the timeouts often enough to keep them. */
export function serverTimeoutOptions(l: ConnectionLimits): http.ServerOptions {
  return {
    headersTimeout: l.headersTimeoutMs,
    requestTimeout: l.requestTimeoutMs,
    // Node checks the two timeouts on this interval (30 s by default): a fraction of the shorter one.
    connectionsCheckingInterval: Math.max(50, Math.floor(Math.min(l.headersTimeoutMs, l.requestTimeoutMs) / 4)),
  };
}

/** Counts connections until they authenticate; refuses new ones over the cap. */
export function guardConnections(server: http.Server, limits: ConnectionLimits): { authenticated(s: Socket): void } {
  const waiting = new Set<Socket>();
  server.on('connection', (socket: Socket) => {
    if (waiting.size >= limits.maxUnauthenticated) {
      socket.on('error', () => socket.destroy());
      socket.end('HTTP/1.1 503 Service Unavailable\r\nConnection: close\r\nContent-Length: 0\r\n\r\n');
      setTimeout(() => socket.destroy(), 1000).unref();
      return;
    }
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  return { authenticated: (s) => void waiting.delete(s) };
}
