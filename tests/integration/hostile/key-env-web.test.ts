/**
 * Issue 39, item 9: a web call names the environment variable a model's key is read from. Only the
 * variables Parley documents for keys (`*_API_KEY`, or one set for an endpoint on the Models page) may be
 * named, and in web mode only towards hosts the user configured. `fixes.diagnose` with
 * `api_key_env: "GITHUB_TOKEN"` pointed at a local server is refused with the reason, and that server
 * sees no request at all (so no Authorization header carries the token).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { REFUND, seedShopRun } from '../../support/fix-fixture.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const TOKEN = 'ghp_CANARYtoken0123456789abcdef';
const t = tempDir();
const seen: http.IncomingHttpHeaders[] = [];
const server = http.createServer((req, res) => {
  seen.push(req.headers);
  res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{"message":"not a model"}}');
});
let base: string;
let store: Store;
let ctx: ApiContext;
let runId: string;

beforeAll(async () => {
  process.env.GITHUB_TOKEN = TOKEN;
  process.env.PARLEY_CANARY_API_KEY = TOKEN;
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  const db = tempDbPath(t.dir);
  ({ runId } = await seedShopRun(db, t.dir, 'good'));
  store = openStore(db);
  ctx = createApiContext(store, 'web');
}, 60_000);

afterAll(async () => {
  delete process.env.GITHUB_TOKEN;
  delete process.env.PARLEY_CANARY_API_KEY;
  await disposeApiContext(ctx);
  store.close();
  await new Promise((r) => server.close(r));
  t.cleanup();
});

const diagnose = (api_key_env: string) =>
  dispatch(ctx, 'fixes.diagnose', {
    run_id: runId,
    test: REFUND,
    judge: { provider: 'openai', model: 'tiny', endpoints: [base], api_key_env },
  });

describe('web mode: api_key_env names only key variables, sent only to configured hosts', () => {
  it('GITHUB_TOKEN is refused with the reason; the server sees no request', async () => {
    const out = await diagnose('GITHUB_TOKEN');
    expect(out.ok).toBe(false);
    if (!out.ok) {
      expect(out.error.code).toBe('invalid_input');
      expect(out.error.path).toBe('judge.api_key_env');
      expect(out.error.message).toMatch(
        /^judge\.api_key_env: api_key_env "GITHUB_TOKEN" is not a variable Parley reads keys from: expected a name ending in _API_KEY/,
      );
      expect(JSON.stringify(out)).not.toContain(TOKEN);
    }
    expect(store.fixes.list()).toEqual([]);
    await new Promise((r) => setTimeout(r, 200));
    expect(seen).toEqual([]);
  });

  it('a *_API_KEY variable towards a host nobody configured is refused too; configured, it is sent there', async () => {
    const out = await diagnose('PARLEY_CANARY_API_KEY');
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.error.message).toMatch(/a host you have not configured: in web mode/);
    expect(seen).toEqual([]);

    // the user adds the endpoint on the Models page: now the key goes there (and only there)
    store.settings.set('models', { openai_endpoints: [{ name: 'local', base_url: base }] });
    const allowed = await diagnose('PARLEY_CANARY_API_KEY');
    if (allowed.ok) await new Promise((r) => setTimeout(r, 500));
    expect(seen.length).toBeGreaterThan(0);
    expect(seen[0].authorization).toBe(`Bearer ${TOKEN}`);
  });

  it('a name set for an endpoint on the Models page may be named', async () => {
    store.settings.set('models', {
      openai_endpoints: [{ name: 'local', base_url: base, api_key_env: 'GITHUB_TOKEN' }],
    });
    seen.length = 0;
    const out = await diagnose('GITHUB_TOKEN');
    if (out.ok) await new Promise((r) => setTimeout(r, 500));
    expect(seen.length).toBeGreaterThan(0);
  });
});
