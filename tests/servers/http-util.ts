/** Small helpers shared by the protocol test servers. */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Fault {
  /** Request path the fault applies to, e.g. '/v1/chat/completions'. */
  path: string;
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** How many requests it hits (default 1). */
  times?: number;
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: http.IncomingHttpHeaders;
  body: unknown;
  at: number;
}

export interface RunningServer {
  url: string;
  port: number;
  requests: RecordedRequest[];
  /** Queues a fault for the next matching request(s). */
  fault(f: Fault): void;
  stop(): Promise<void>;
}

export type Handler = (
  req: http.IncomingMessage,
  res: http.ServerResponse,
  body: unknown,
  path: string,
) => Promise<void>;

export async function readJson(req: http.IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export function sendJson(
  res: http.ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Starts an HTTP server on 127.0.0.1 with a random port; records requests; applies queued faults. */
export async function startServer(handler: Handler, faults: Fault[] = []): Promise<RunningServer> {
  const requests: RecordedRequest[] = [];
  const queue = faults.map((f) => ({ ...f, times: f.times ?? 1 }));
  const sockets = new Set<import('node:net').Socket>();
  const server = http.createServer(async (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    try {
      const body = req.method === 'GET' ? undefined : await readJson(req);
      requests.push({ method: req.method ?? 'GET', path, headers: req.headers, body, at: Date.now() });
      const f = queue.find((x) => x.path === path && x.times > 0);
      if (f) {
        f.times--;
        sendJson(res, f.status, f.body ?? { error: `injected ${f.status}` }, f.headers);
        return;
      }
      await handler(req, res, body, path);
    } catch (err) {
      // Like the real servers: a request that does not fit the context is a 400 that says so.
      const overflow = (err as { code?: string }).code === 'context_overflow';
      if (!res.headersSent)
        sendJson(res, overflow ? 400 : 500, {
          error: overflow ? `context length exceeded: ${(err as Error).message}` : (err as Error).message,
        });
      else res.end();
    }
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}`,
    port,
    requests,
    fault: (f) => queue.push({ ...f, times: f.times ?? 1 }),
    stop: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
