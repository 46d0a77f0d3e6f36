import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import { startWebServer, type WebServer } from '../../../src-main/server/web-server.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

/**
 * Issue 39 item 6: web mode must not wait on requests it can never accept. Raw TCP clients against a
 * real server on 127.0.0.1 (its timeouts shortened for the test): a declared Content-Length over the
 * limit, half-sent headers and bodies, and a crowd of connections without the token.
 */

const t = tempDir();
let store: Store;
let ctx: ReturnType<typeof createApiContext>;
let server: WebServer;
const LIMITS = { headersTimeoutMs: 400, requestTimeoutMs: 800, maxUnauthenticated: 20 };

beforeAll(async () => {
  store = openStore(tempDbPath(t.dir));
  ctx = createApiContext(store, 'web');
  server = await startWebServer({ ctx, staticDir: t.dir, connectionLimits: LIMITS });
});
afterAll(async () => {
  await server.close();
  disposeApiContext(ctx);
  store.close();
  t.cleanup();
});

interface Outcome {
  /** What the server sent before it closed the connection. */
  text: string;
  /** Milliseconds from connecting until the server closed it. */
  closedAfterMs: number;
}

/** Sends `first`, then keeps the connection open (sending nothing more) until the server closes it or `giveUpMs` passes. */
function hold(first: string, giveUpMs = 5000): Promise<Outcome> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(first));
    const timer = setTimeout(() => {
      socket.destroy();
      reject(
        new Error(`still open after ${giveUpMs} ms; received ${JSON.stringify(Buffer.concat(chunks).toString())}`),
      );
    }, giveUpMs);
    socket.on('data', (c: Buffer) => chunks.push(c));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearTimeout(timer);
      resolve({ text: Buffer.concat(chunks).toString('utf8'), closedAfterMs: Date.now() - started });
    });
  });
}

const rpcHead = (headers: Record<string, string | number>) =>
  `POST /rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n` +
  Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}\r\n`)
    .join('') +
  '\r\n';

describe('web mode and requests it can never accept', () => {
  it('answers 413 at once to a declared Content-Length over the limit (10^12 bytes, 10 sent) and closes', async () => {
    const r = await hold(
      rpcHead({
        Authorization: `Bearer ${server.token}`,
        'Content-Type': 'application/json',
        'Content-Length': 10 ** 12,
      }) + '{"a":12345',
    );
    expect(r.text).toMatch(/^HTTP\/1\.1 413/);
    expect(r.text).toContain('1000000000000 bytes declared');
    expect(r.closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs);
  });

  it('closes a connection whose headers never finish', async () => {
    const r = await hold(`POST /rpc/app.info HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Slow: `);
    expect(r.closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 2000);
    expect(r.text === '' || /^HTTP\/1\.1 408/.test(r.text)).toBe(true);
  });

  it('closes a connection whose body never finishes (408)', async () => {
    const r = await hold(
      rpcHead({ Authorization: `Bearer ${server.token}`, 'Content-Type': 'application/json', 'Content-Length': 100 }) +
        '{"half":',
    );
    expect(r.text).toMatch(/^HTTP\/1\.1 408/);
    expect(r.closedAfterMs).toBeLessThan(LIMITS.requestTimeoutMs + 2000);
  });

  it('answers 401 to a half-sent request without the token and closes instead of waiting for its body', async () => {
    const r = await hold(rpcHead({ 'Content-Type': 'application/json', 'Content-Length': 1_000_000 }) + '{');
    expect(r.text).toMatch(/^HTTP\/1\.1 401/);
    expect(r.closedAfterMs).toBeLessThan(LIMITS.headersTimeoutMs);
  });

  it('caps connections that have not shown the token; the holder of the token still gets in once they go', async () => {
    const crowd: net.Socket[] = [];
    const refused: string[] = [];
    try {
      for (let i = 0; i < LIMITS.maxUnauthenticated + 10; i++) {
        const s = net.connect(server.port, '127.0.0.1');
        s.on('error', () => undefined);
        s.on('data', (c: Buffer) => refused.push(c.toString()));
        crowd.push(s);
        await new Promise((r) => s.once('connect', r));
      }
      await new Promise((r) => setTimeout(r, 100));
      expect(refused.filter((x) => x.startsWith('HTTP/1.1 503')).length).toBeGreaterThanOrEqual(10);
    } finally {
      for (const s of crowd) s.destroy();
    }
    await new Promise((r) => setTimeout(r, 100));
    const ok = await fetch(`http://127.0.0.1:${server.port}/rpc/app.info`, {
      method: 'POST',
      headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(ok.status).toBe(200);
  });
});
