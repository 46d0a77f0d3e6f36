import { randomBytes } from 'node:crypto';
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { WebSocketServer } from 'ws';
import type { ApiContext } from '../app/door/context.js';
import { dispatch } from '../api/dispatch.js';
import { storeChanges } from '../api/store-changes.js';
import { MAX_REQUEST_BODY_BYTES } from '../../src-shared/limits.js';
import { hostAllowed, originAllowed, requestToken, SECURITY_HEADERS, tokenMatches } from './security.js';
import { serveStatic } from './static-files.js';
import {
  DEFAULT_CONNECTION_LIMITS,
  guardConnections,
  serverTimeoutOptions,
  type ConnectionLimits,
} from './connection-limits.js';

export interface WebServerOptions {
  ctx: ApiContext;
  /** 0 = a free port. */
  port?: number;
  /** Built renderer folder. */
  staticDir: string;
  /** Fixed token (tests); random per start by default. */
  token?: string;
  /** Max request body (default MAX_REQUEST_BODY_BYTES: room for any file the CLI imports, see src-shared/limits.ts). */
  maxBodyBytes?: number;
  /** Timeouts and the cap on connections without the token (default DEFAULT_CONNECTION_LIMITS; tests shorten them). */
  connectionLimits?: Partial<ConnectionLimits>;
}

export interface WebServer {
  url: string;
  port: number;
  token: string;
  close(): Promise<void>;
}

const HTTP_STATUS: Record<string, number> = {
  invalid_input: 400,
  unknown_method: 404,
  not_found: 404,
  conflict: 409,
  too_large: 413,
  not_built: 501,
  unavailable: 503,
  invalid_output: 500,
  internal: 500,
  unauthorized: 401,
};

function sendJson(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, {
    ...SECURITY_HEADERS,
    'Content-Type': 'application/json; charset=utf-8',
    'Cache-Control': 'no-store',
  });
  res.end(JSON.stringify(body));
}

/** The event socket is one-way (server to page); a client has nothing to send but small control frames. */
const MAX_EVENT_SOCKET_PAYLOAD = 64 * 1024;

const BAD_PERCENT_ENCODING = {
  ok: false,
  error: {
    code: 'invalid_input',
    message: 'the URL has malformed percent-encoding (expected %XX with two hex digits)',
  },
};

/** decodeURIComponent, or undefined for malformed percent-encoding (`%E0%A4%A`, `%zz`). */
function decodePath(p: string): string | undefined {
  try {
    return decodeURIComponent(p);
  } catch {
    return undefined;
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<string> {
  return new Promise((resolve, reject) => {
    let size = 0;
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > limit) {
        req.removeAllListeners('data');
        req.resume();
        reject(Object.assign(new Error('too large'), { tooLarge: true }));
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    req.on('error', reject);
  });
}

/**
 * Web mode: the built renderer plus the API contract over HTTP (`POST /rpc/<method>`) and one
 * WebSocket (`/events`) for events, on 127.0.0.1 only. Every /rpc call and the socket need the
 * per-start random token; Host and Origin are checked against this server's own address.
 */
export async function startWebServer(opts: WebServerOptions): Promise<WebServer> {
  const token = opts.token ?? randomBytes(24).toString('base64url');
  const limit = opts.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
  let port = opts.port ?? 0;

  const limits = { ...DEFAULT_CONNECTION_LIMITS, ...opts.connectionLimits };

  const server = http.createServer(serverTimeoutOptions(limits), async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    try {
      if (url.pathname.startsWith('/rpc/')) {
        // The token is checked before anything else is looked at. A refusal closes the connection:
        // a body the server will not read must not keep it open.
        if (!tokenMatches(token, requestToken(req, url, false))) {
          res.setHeader('Connection', 'close');
          return sendJson(res, 401, { ok: false, error: { code: 'unauthorized', message: 'missing or wrong token' } });
        }
        guard.authenticated(req.socket);
        if (!hostAllowed(req.headers.host, port))
          return sendJson(res, 403, { ok: false, error: { code: 'unauthorized', message: 'Host not allowed' } });
        if (!originAllowed(req.headers.origin, port))
          return sendJson(res, 403, {
            ok: false,
            error: { code: 'unauthorized', message: 'cross-origin call refused' },
          });
        if (req.method !== 'POST')
          return sendJson(res, 405, { ok: false, error: { code: 'invalid_input', message: 'use POST' } });
        const ctype = req.headers['content-type'] ?? '';
        if (!ctype.startsWith('application/json'))
          return sendJson(res, 415, {
            ok: false,
            error: { code: 'invalid_input', message: 'Content-Type must be application/json' },
          });
        const declared = Number(req.headers['content-length'] ?? 0);
        if (declared > limit) {
          // Refused at once from the header: waiting for a body that can never be accepted would hold the connection.
          res.setHeader('Connection', 'close');
          return sendJson(res, 413, {
            ok: false,
            error: { code: 'too_large', message: `request body of ${declared} bytes declared, over ${limit} bytes` },
          });
        }
        let body: string;
        try {
          body = await readBody(req, limit);
        } catch {
          res.setHeader('Connection', 'close');
          return sendJson(res, 413, {
            ok: false,
            error: { code: 'too_large', message: `request body over ${limit} bytes` },
          });
        }
        let input: unknown = {};
        if (body.trim()) {
          try {
            input = JSON.parse(body);
          } catch (e) {
            return sendJson(res, 400, {
              ok: false,
              error: { code: 'invalid_input', message: `request body is not JSON: ${(e as Error).message}` },
            });
          }
        }
        const method = decodePath(url.pathname.slice('/rpc/'.length));
        if (method === undefined) return sendJson(res, 400, BAD_PERCENT_ENCODING);
        const result = await dispatch(opts.ctx, method, input);
        return sendJson(res, result.ok ? 200 : (HTTP_STATUS[result.error.code] ?? 500), result);
      }
      if (!hostAllowed(req.headers.host, port)) {
        res.writeHead(403).end('Host not allowed');
        return;
      }
      if (req.method !== 'GET' && req.method !== 'HEAD') {
        res.writeHead(405).end();
        return;
      }
      if (decodePath(url.pathname) === undefined) return sendJson(res, 400, BAD_PERCENT_ENCODING);
      serveStatic(opts.staticDir, url.pathname, res);
    } catch (e) {
      if (!res.headersSent)
        sendJson(res, 500, { ok: false, error: { code: 'internal', message: (e as Error).message } });
    }
  });

  const guard = guardConnections(server, limits);

  // A malformed frame (too large, unmasked, bad UTF-8, reserved opcode or RSV bits, a 2^63 length)
  // makes `ws` emit 'error' on that socket; with no listener Node would exit the whole server.
  // Every socket and the server handle errors: the bad client is dropped, everyone else carries on.
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_EVENT_SOCKET_PAYLOAD });
  wss.on('error', () => {
    /* per-socket errors are handled below; nothing here can stop the server */
  });
  server.on('upgrade', (req, socket, head) => {
    socket.on('error', () => socket.destroy());
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    const ok =
      url.pathname === '/events' &&
      tokenMatches(token, requestToken(req, url, true)) &&
      hostAllowed(req.headers.host, port) &&
      originAllowed(req.headers.origin, port);
    if (!ok) {
      socket.write('HTTP/1.1 401 Unauthorized\r\nConnection: close\r\n\r\n');
      socket.destroy();
      return;
    }
    guard.authenticated(socket as Socket);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.on('error', () => ws.terminate());
      const off = opts.ctx.events.on((event) => {
        if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(event));
      });
      // while a page listens, writes by other processes to the same database reach it as `store.changed`
      const release = storeChanges(opts.ctx).hold();
      ws.on('close', () => {
        off();
        release();
      });
      ws.on('message', () => {
        /* the socket is one-way: events only */
      });
    });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  port = (server.address() as AddressInfo).port;
  server.on('error', () => {
    /* after listening, a server error must not end web mode (per-request errors are answered above) */
  });
  return {
    url: `http://127.0.0.1:${port}/?token=${token}`,
    port,
    token,
    close: () =>
      new Promise<void>((resolve) => {
        for (const c of wss.clients) c.terminate();
        wss.close();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
