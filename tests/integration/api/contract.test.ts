import { MAX_REQUEST_BODY_BYTES } from '../../../src-shared/limits.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { RpcResult } from '../../../src-shared/contract/index.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { startWebServer, type WebServer } from '../../../src-main/server/web-server.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { smallGraph } from '../../support/graphs.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the answer of the method it called
type Call = (method: string, input: unknown) => Promise<RpcResult<any>>;

interface Harness {
  call: Call;
  ctx: ApiContext;
  close(): Promise<void>;
}

function inProcess(): Harness {
  const t = tempDir();
  const store = openStore(tempDbPath(t.dir));
  const ctx = createApiContext(store, 'web');
  return {
    ctx,
    call: (m, i) => dispatch(ctx, m, i),
    close: async () => {
      await disposeApiContext(ctx);
      store.close();
      t.cleanup();
    },
  };
}

async function overHttp(): Promise<Harness & { server: WebServer; store: Store }> {
  const t = tempDir();
  const store = openStore(tempDbPath(t.dir));
  const ctx = createApiContext(store, 'web');
  const server = await startWebServer({ ctx, port: 0, staticDir: t.dir });
  const call: Call = async (m, i) => {
    const res = await fetch(`http://127.0.0.1:${server.port}/rpc/${m}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${server.token}` },
      body: JSON.stringify(i),
    });
    return res.json() as ReturnType<Call>;
  };
  return {
    ctx,
    call,
    server,
    store,
    close: async () => {
      await server.close();
      await disposeApiContext(ctx);
      store.close();
      t.cleanup();
    },
  };
}

const transports: [string, () => Promise<Harness>][] = [
  ['in-process dispatch', async () => inProcess()],
  ['HTTP on 127.0.0.1', overHttp],
];

describe.each(transports)('the API contract over %s', (_name, make) => {
  let h: Harness;
  beforeAll(async () => {
    h = await make();
  });
  afterAll(async () => {
    await h.close();
  });

  it('creates, lists and gets an agent', async () => {
    const created = await h.call('agents.create', { graph: smallGraph(), name: 'Clinic' });
    expect(created.ok).toBe(true);
    const list = await h.call('agents.list', {});
    expect(list.ok && list.output.map((a: { name: string }) => a.name)).toEqual(['Clinic']);
    const got = await h.call('agents.get', { id: 'Clinic' });
    expect(got.ok && got.output.graph.nodes.map((n: { id: string }) => n.id)).toEqual(['greeting', 'bye']);
  });

  it('returns a validation error naming the field for bad input', async () => {
    const graph = smallGraph() as unknown as { nodes: { id: unknown }[] };
    graph.nodes[1].id = 42;
    const r = await h.call('agents.create', { graph });
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error.code).toBe('invalid_input');
    expect(r.error.path).toBe('graph.nodes[1].id');
    expect(r.error.message).toContain('graph.nodes[1].id');
  });

  it('reports unknown methods and missing records with codes', async () => {
    const u = await h.call('agents.explode', {});
    expect(!u.ok && u.error.code).toBe('unknown_method');
    const nf = await h.call('runs.get', { id: 'run_missing' });
    expect(!nf.ok && nf.error.code).toBe('not_found');
  });

  it('keeps personas and suites', async () => {
    const p = await h.call('personas.save', { persona: { name: 'Impatient Ian', goal: 'Get a refund fast' } });
    expect(p.ok).toBe(true);
    const s = await h.call('suites.save', {
      suite: { name: 'Smoke', tests: [{ name: 'hello', user_prompt: 'Say hello', type: 'simulation' }] },
    });
    expect(s.ok && s.output.data.tests[0].type).toBe('llm');
    const list = await h.call('personas.list', {});
    expect(list.ok && list.output[0].data.goal).toBe('Get a refund fast');
  });
});

describe('web mode security', () => {
  let h: Awaited<ReturnType<typeof overHttp>>;
  beforeAll(async () => {
    h = await overHttp();
  });
  afterAll(async () => {
    await h.close();
  });
  const base = () => `http://127.0.0.1:${h.server.port}`;

  it('binds 127.0.0.1 and prints a URL carrying the token', () => {
    expect(h.server.url).toBe(`http://127.0.0.1:${h.server.port}/?token=${h.server.token}`);
    expect(h.server.token.length).toBeGreaterThanOrEqual(32);
  });

  it('answers 401 to every /rpc call without the right token, before looking at anything else', async () => {
    const cases: [string, RequestInit][] = [
      ['/rpc/agents.list', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' }],
      [
        '/rpc/agents.list',
        { method: 'POST', headers: { 'Content-Type': 'application/json', Authorization: 'Bearer wrong' }, body: '{}' },
      ],
      ['/rpc/no.such.method', { method: 'GET' }],
      [
        '/rpc/agents.create',
        {
          method: 'POST',
          headers: { 'Content-Type': 'text/plain', Host: 'evil.example' },
          body: 'x'.repeat(11 * 1024 * 1024),
        },
      ],
    ];
    for (const [path, init] of cases) {
      const res = await fetch(base() + path, init);
      expect(res.status, path).toBe(401);
    }
    expect(h.store.agents.list()).toEqual([]);
  });

  it('refuses a foreign Host (DNS rebinding) and a cross-site Origin', async () => {
    const http = await import('node:http');
    const status = (headers: Record<string, string>) =>
      new Promise<number>((resolve, reject) => {
        const req = http.request(
          {
            host: '127.0.0.1',
            port: h.server.port,
            path: '/rpc/agents.list',
            method: 'POST',
            headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.server.token}`, ...headers },
          },
          (res) => {
            res.resume();
            resolve(res.statusCode!);
          },
        );
        req.on('error', reject);
        req.end('{}');
      });
    expect(await status({ Host: 'attacker.example:80' })).toBe(403);
    expect(await status({ Origin: 'http://attacker.example' })).toBe(403);
    expect(await status({ Origin: `http://127.0.0.1:${h.server.port}` })).toBe(200);
  });

  it('sets CSP and no-sniff headers', async () => {
    const res = await fetch(base() + '/rpc/agents.list', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${h.server.token}` },
      body: '{}',
    });
    expect(res.headers.get('content-security-policy')).toContain("default-src 'self'");
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  });

  it('rejects an oversized body with 413 and a non-JSON body with 400', async () => {
    const headers = { 'Content-Type': 'application/json', Authorization: `Bearer ${h.server.token}` };
    const big = await fetch(base() + '/rpc/agents.create', {
      method: 'POST',
      headers,
      body: '"' + 'x'.repeat(MAX_REQUEST_BODY_BYTES + 1024) + '"',
    });
    expect(big.status).toBe(413);
    expect(((await big.json()) as { error: { code: string } }).error.code).toBe('too_large');
    const bad = await fetch(base() + '/rpc/agents.create', { method: 'POST', headers, body: '{not json' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { error: { message: string } }).error.message).toMatch(/not JSON/);
  });

  it('refuses the event socket without the token and delivers events with it', async () => {
    const refused = new WebSocket(`ws://127.0.0.1:${h.server.port}/events`);
    await expect(
      new Promise((resolve, reject) => {
        refused.on('open', resolve);
        refused.on('error', reject);
      }),
    ).rejects.toThrow(/401/);
    const ws = new WebSocket(`ws://127.0.0.1:${h.server.port}/events?token=${h.server.token}`);
    await new Promise((resolve) => ws.on('open', resolve));
    const got = new Promise<unknown>((resolve) => ws.on('message', (m) => resolve(JSON.parse(String(m)))));
    h.ctx.events.emit({ type: 'run.started', run_id: 'run_x', total: 3 });
    expect(await got).toEqual({ type: 'run.started', run_id: 'run_x', total: 3 });
    ws.close();
  });
});
