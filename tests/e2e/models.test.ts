import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MethodOutput } from '../../src-shared/contract/index.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';

const FIXTURES = fileURLToPath(new URL('../fixtures/generated', import.meta.url));

/** A localhost port with nothing listening on it (bound, then released). */
async function closedPort(): Promise<number> {
  const srv = net.createServer();
  await new Promise<void>((r) => srv.listen(0, '127.0.0.1', r));
  const { port } = srv.address() as net.AddressInfo;
  await new Promise<void>((r) => srv.close(() => r()));
  return port;
}

describe('models page in Chromium (web mode)', () => {
  let app: WebApp;
  let deadOllama: string;
  beforeAll(async () => {
    await ensureTinyGguf(FIXTURES); // the folder the page scans must hold tiny-1.gguf, whatever ran before
    deadOllama = `http://127.0.0.1:${await closedPort()}`;
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the settings and a clear per-provider error when Ollama is not reachable', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Models', exact: true }).click();
    await page.getByLabel('Models folder').waitFor();
    // web mode says plainly where keys come from
    await page.getByRole('note').getByText('API keys come from environment variables of the server process').waitFor();

    await page.getByRole('button', { name: '+ Add an Ollama URL' }).click();
    await page.getByLabel('Ollama URL 1', { exact: true }).fill(deadOllama);
    await page.getByLabel('Models folder').fill('/no/such/folder');
    await page.getByRole('button', { name: 'Save settings' }).click();

    const ollama = page.getByTestId('provider-ollama');
    await ollama.getByText(`Ollama at ${deadOllama}: connection refused`).waitFor();
    await page
      .getByTestId('provider-llama-cpp')
      .getByText('llama-cpp models folder /no/such/folder: the folder does not exist')
      .waitFor();
    expect(app.ctx.store.settings.get('models')).toMatchObject({
      models_dir: '/no/such/folder',
      ollama_endpoints: [deadOllama],
    });

    // the bundled scripted model is offered
    await page.getByTestId('provider-scripted').getByText('scripted-model.json').first().waitFor();
  });

  it("sets an endpoint's limits (calls at once, requests per minute): a bad value is named and blocks saving; saved ones stay", async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Models', exact: true }).click();
    await page.getByLabel('Models folder').waitFor();
    await page.getByRole('button', { name: '+ Add an endpoint' }).click();
    const n = await page.locator('.endpoint-row').count();
    await page.getByLabel(`Endpoint ${n} name`).fill('GPU box');
    await page.getByLabel(`Endpoint ${n} base URL`).fill(`${deadOllama}/v1`);
    await page.getByLabel(`Endpoint ${n} calls at once`).fill('0');
    await page
      .getByRole('alert')
      .getByText(`Endpoint ${n}: calls at once must be a whole number from 1 to 256 (got 0).`)
      .waitFor();
    expect(await page.getByRole('button', { name: 'Save settings' }).isDisabled()).toBe(true);
    await page.getByLabel(`Endpoint ${n} calls at once`).fill('2');
    await page.getByLabel(`Endpoint ${n} requests / minute`).fill('600');
    await page.getByRole('button', { name: 'Save settings' }).click();
    // the store, not the "Saved" status: an earlier test's save may still show it
    await expect
      .poll(
        () =>
          app.ctx.store.settings
            .get<{ openai_endpoints: { name: string; options?: unknown }[] }>('models')
            ?.openai_endpoints.find((e) => e.name === 'GPU box')?.options,
      )
      .toEqual({ concurrency: 2, rpm: 600 });
    await page.reload();
    await page.getByLabel(`Endpoint ${n} calls at once`).waitFor();
    expect(await page.getByLabel(`Endpoint ${n} calls at once`).inputValue()).toBe('2');
    expect(await page.getByLabel(`Endpoint ${n} tokens / minute`).inputValue()).toBe('');
    await page
      .locator('.endpoint-row')
      .nth(n - 1)
      .screenshot({ path: shotPath('models-endpoint-limits.png') });

    // an Ollama URL's calls at once, kept with its URL
    if (!(await page.getByLabel(/^Ollama URL \d+$/).count()))
      await page.getByRole('button', { name: '+ Add an Ollama URL' }).click();
    const o = await page.getByLabel(/^Ollama URL \d+$/).count();
    await page.getByLabel(`Ollama URL ${o} calls at once`).fill('x');
    await page
      .getByRole('alert')
      .getByText(`Ollama URL ${o}: calls at once must be a whole number from 1 to 256 (got text).`)
      .waitFor();
    await page.getByLabel(`Ollama URL ${o} calls at once`).fill('3');
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() => {
        const m = app.ctx.store.settings.get<{ ollama_endpoints: string[]; ollama_endpoint_options: unknown[] }>(
          'models',
        );
        return m?.ollama_endpoint_options[o - 1];
      })
      .toEqual({ concurrency: 3 });
    await page.getByTestId('provider-ollama').screenshot({ path: shotPath('models-ollama-limit.png') });

    // leave the settings as found: the dead endpoint would slow the next tests' model lists
    await page.getByRole('button', { name: `Remove endpoint ${n}` }).click();
    await page.getByRole('button', { name: 'Save settings' }).click();
    await expect
      .poll(() =>
        app.ctx.store.settings
          .get<{ openai_endpoints: { name: string }[] }>('models')
          ?.openai_endpoints.some((e) => e.name === 'GPU box'),
      )
      .toBe(false);
    // settled: the saved settings are back in the form and the providers' check is done
    await page.getByRole('status').getByText('Saved').waitFor();
    await page.getByRole('button', { name: 'Refresh list' }).waitFor({ timeout: 30_000 });
  });

  it('lists GGUF files of the models folder with size and quantization', async () => {
    const { page } = app;
    await page.getByLabel('Models folder').fill(FIXTURES);
    await page.getByLabel('CPU threads').fill('1');
    await page.getByRole('button', { name: 'Save settings' }).click();
    const llama = page.getByTestId('provider-llama-cpp');
    await llama.getByRole('cell', { name: 'llama-cpp:tiny-1.gguf', exact: true }).waitFor();
    const row = llama.getByRole('row', { name: /tiny-1\.gguf/ });
    expect(await row.textContent()).toMatch(/\d+(\.\d)? (KB|MB|B)/);
    expect(await llama.getByRole('alert').count()).toBe(0);
    expect(app.ctx.store.settings.get('models')).toMatchObject({ models_dir: FIXTURES, threads: 1 });
    expect(path.isAbsolute(FIXTURES)).toBe(true);
  });

  it('reports a failed pull from an unreachable Ollama in the progress area', async () => {
    const { page } = app;
    const ollama = page.getByTestId('provider-ollama');
    await ollama.getByLabel('Model to pull').fill('qwen2.5:0.5b');
    await ollama.getByRole('button', { name: 'Pull model' }).click();
    await ollama.getByRole('status').getByText(`Ollama at ${deadOllama}: connection refused`).waitFor();
    await ollama.getByRole('button', { name: 'Pull model' }).waitFor();
  });

  it('refuses to store a key in web mode with an explanation', async () => {
    const res = await fetch(`http://127.0.0.1:${app.server.port}/rpc/models.setKey`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${app.server.token}` },
      body: JSON.stringify({ name: 'OpenAI', key: 'sk-test' }),
    });
    const body = (await res.json()) as { ok: boolean; error?: { code: string; message: string } };
    expect(body.ok).toBe(false);
    expect(body.error?.code).toBe('unavailable');
    expect(body.error?.message).toMatch(/environment variable of the server process/);
  });
});

describe('models handlers without a browser (desktop keychain, OpenAI-compatible listing)', () => {
  it('stores a key through the keychain in desktop mode and lists an endpoint with that key', async () => {
    const http = await import('node:http');
    const { createApiContext } = await import('../../src-main/app/door/create-context.js');
    const { dispatch } = await import('../../src-main/api/dispatch.js');
    const { openStore } = await import('../../src-main/store/index.js');
    const { tempDir, tempDbPath } = await import('../support/tmp.js');
    const seen: (string | undefined)[] = [];
    const server = http.createServer((req, res) => {
      seen.push(req.headers.authorization);
      if (req.url === '/v1/models') {
        res.setHeader('content-type', 'application/json');
        res.end(JSON.stringify({ data: [{ id: 'tiny-chat', max_model_len: 4096 }] }));
      } else {
        res.statusCode = 404;
        res.end('{}');
      }
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/v1`;
    const tmp = tempDir();
    const store = openStore(tempDbPath(tmp.dir));
    const secrets = new Map<string, string>();
    const keychain = {
      set: async (n: string, s: string) => {
        secrets.set(n, s);
      },
      get: async (n: string) => secrets.get(n),
      has: async (n: string) => secrets.has(n),
    };
    const ctx = createApiContext(store, 'desktop', keychain);
    try {
      const missing = await dispatch(ctx, 'models.setKey', { name: 'Local', key: 'sk-1' });
      expect(missing).toMatchObject({ ok: false, error: { code: 'not_found' } });
      await dispatch(ctx, 'models.saveSettings', {
        ollama_endpoints: [deadOllamaUrl],
        openai_endpoints: [{ name: 'Local', base_url: base }],
      });
      expect(await dispatch(ctx, 'models.setKey', { name: 'Local', key: 'sk-secret-1' })).toEqual({
        ok: true,
        output: { stored: true },
      });
      expect(secrets.get('Local')).toBe('sk-secret-1');
      // the key never lands in the settings (DB)
      expect(JSON.stringify(store.settings.all())).not.toContain('sk-secret-1');
      expect(
        store.settings.get<{ openai_endpoints: { has_key: boolean }[] }>('models')?.openai_endpoints[0].has_key,
      ).toBe(true);

      const listed = await dispatch(ctx, 'models.list', { refresh: true });
      expect(listed.ok).toBe(true);
      if (!listed.ok) return;
      const output = listed.output as MethodOutput<'models.list'>;
      expect(output.models.find((m) => m.provider === 'openai')).toMatchObject({
        name: 'tiny-chat',
        endpoint: base,
        context_length: 4096,
      });
      expect(seen).toContain('Bearer sk-secret-1');
      expect(output.errors.map((e) => e.provider)).toEqual(['ollama']);
      expect(output.models.some((m) => m.provider === 'scripted' && m.spec.endsWith('scripted-model.json'))).toBe(true);
    } finally {
      store.close();
      tmp.cleanup();
      await new Promise<void>((r) => server.close(() => r()));
    }
  });
});

let deadOllamaUrl = 'http://127.0.0.1:9';
beforeAll(async () => {
  deadOllamaUrl = `http://127.0.0.1:${await closedPort()}`;
});
