import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../src-shared/schemas/index.js';
import { createApiContext, disposeApiContext } from '../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../src-main/app/door/context.js';
import { RENDERER_DIR } from '../../src-main/server/renderer-dir.js';
import { startWebServer, type WebServer } from '../../src-main/server/web-server.js';
import { openStore, type Store } from '../../src-main/store/index.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';
import { clinicGraph, goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { tempDbPath, tempDir } from '../support/tmp.js';
import { CHROMIUM_ARGS, launchChromium } from './support/browser.js';
import { pickModel } from './runs-dialog.js';

/**
 * Issue 14 (items 2 and 4) and issue 17 (items 3 and 12) in real web mode + Chromium: the New run
 * dialog checks every model before the run exists (a missing file, a file that is not a GGUF, a
 * context too small for the agent's prompts with its one-click fix), and a server that goes away
 * mid-run shows a reconnecting state and the page picks the live run back up when it returns.
 */
describe('failing well in the app', () => {
  const tmp = tempDir();
  const TOKEN = 'e2e-failing-well-token';
  let store: Store;
  let ctx: ApiContext;
  let server: WebServer;
  let port: number;
  let browser: Browser;
  let page: Page;
  const pageErrors: string[] = [];
  // Screenshots for a person to look at: PARLEY_E2E_SHOTS=DIR keeps them; otherwise they go with the temp dir.
  const shots = process.env.PARLEY_E2E_SHOTS ?? tmp.dir;

  beforeAll(async () => {
    store = openStore(tempDbPath(tmp.dir));
    ctx = createApiContext(store, 'web');
    server = await startWebServer({ ctx, port: 0, staticDir: RENDERER_DIR, token: TOKEN });
    port = Number(new URL(server.url).port);
    browser = await launchChromium(CHROMIUM_ARGS);
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('pageerror', (e) => pageErrors.push(e.message));
  });
  afterAll(async () => {
    await browser?.close();
    await server?.close();
    await disposeApiContext(ctx);
    store.close();
    tmp.cleanup();
  });

  const openDialog = async () => {
    await page.goto(`http://127.0.0.1:${port}/?token=${TOKEN}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    return page.getByRole('dialog', { name: 'New run' });
  };

  it('the New run dialog checks each model first: a missing file and a file that is not a GGUF, in plain words', async () => {
    seedClinic(store);
    const dialog = await openDialog();
    await pickModel(dialog, 'Agent model', `llama-cpp:${path.join(tmp.dir, 'nowhere.gguf')}`);
    const agentCheck = dialog.getByTestId('model-check-agent');
    await expect.poll(() => agentCheck.textContent(), { timeout: 20_000 }).toMatch(/no such GGUF file/);
    expect(await agentCheck.textContent()).toContain('What to do: Check the path');
    expect(await dialog.getByRole('button', { name: 'Start run' }).isDisabled()).toBe(true);

    const notGguf = path.join(tmp.dir, 'judge.gguf');
    fs.writeFileSync(notGguf, 'not a model at all');
    await pickModel(dialog, 'Agent model', `llama-cpp:${await ensureTinyGguf()}`, { threads: '1' });
    await pickModel(dialog, 'Judge model', `llama-cpp:${notGguf}`);
    const judgeCheck = dialog.getByTestId('model-check-judge');
    await expect.poll(() => judgeCheck.textContent(), { timeout: 20_000 }).toMatch(/not a readable GGUF file/);
    expect(await judgeCheck.textContent()).toContain('What to do: Choose a .gguf model file.');
    expect(await dialog.getByTestId('model-check-agent').count()).toBe(0);
    await page.keyboard.press('Escape');
  }, 60_000);

  it('a context too small for the prompts: a warning with the one-click fix "Use a 4,096-token context"', async () => {
    const gguf = await ensureTinyGguf(undefined, 1, { contextLength: 8192 });
    const { suiteId } = seedClinic(store);
    const { agent } = store.agents.create(
      AgentGraph.parse({
        ...clinicGraph(),
        name: 'Long-prompt clinic',
        global_prompt:
          'Always confirm the caller\u2019s full name, date of birth and the reason for the visit. '.repeat(18),
      }),
    );
    const dialog = await openDialog();
    await dialog.getByLabel('Agent', { exact: true }).selectOption(agent.id);
    await dialog.getByLabel('Test suite', { exact: true }).selectOption(suiteId);
    await pickModel(dialog, 'Agent model', `llama-cpp:${gguf}`, { threads: '1' });
    await dialog.getByLabel('Agent model context size', { exact: true }).fill('2048');
    const check = dialog.getByTestId('model-check-agent');
    await expect.poll(() => check.textContent(), { timeout: 30_000 }).toMatch(/context holds 2,048 tokens/);
    expect(await check.textContent()).toMatch(/leaving room for only a few turns/);
    await dialog.screenshot({ path: path.join(shots, 'new-run-model-check.png') });
    await check.getByRole('button', { name: 'Use a 4,096-token context' }).click();
    await expect.poll(() => dialog.getByLabel('Agent model context size', { exact: true }).inputValue()).toBe('4096');
    await expect.poll(() => dialog.getByTestId('model-check-agent').count(), { timeout: 30_000 }).toBe(0);
    await page.keyboard.press('Escape');
  }, 90_000);

  it('the server goes away mid-run: the page says it is reconnecting, then picks the live run back up', async () => {
    const { agentId, suiteId } = seedClinic(store);
    const script = writeScript(
      tmp.dir,
      'slow',
      goodScript({ defaults: { ...(goodScript().defaults as object), delay_ms: 250 } }),
    );
    const out = await fetch(`http://127.0.0.1:${port}/rpc/runs.start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: { provider: 'scripted', model: script } },
        options: { concurrency: 1, repeats: 3 },
      }),
    });
    const { output } = (await out.json()) as { output: { run_id: string } };
    await page.goto(`http://127.0.0.1:${port}/?token=${TOKEN}#/runs/${output.run_id}`);
    await page.getByTestId('run-status').getByText('running').waitFor({ timeout: 20_000 });

    await server.close();
    const banner = page.getByTestId('connection-banner');
    await banner.getByText(/Reconnecting/).waitFor({ timeout: 20_000 });
    await page.screenshot({ path: path.join(shots, 'reconnecting.png') });
    // the run goes on in the app's context while the HTTP server is away
    server = await startWebServer({ ctx, port, staticDir: RENDERER_DIR, token: TOKEN });
    await banner.getByText(/Reconnected/).waitFor({ timeout: 20_000 });
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 60_000 });
    expect(store.runs.get(output.run_id)!.summary.total).toBe(6);
    await expect.poll(() => page.locator('.results-table tbody tr').count(), { timeout: 20_000 }).toBe(6);
    expect(pageErrors).toEqual([]);
  }, 120_000);

  it('the run page counts the conversations that ended at a full context', async () => {
    // one node that never ends the call: only the context can
    const { agent } = store.agents.create(
      AgentGraph.parse({
        name: 'Chatty desk',
        entry_node_id: 'talk',
        nodes: [
          {
            id: 'talk',
            name: 'Talk',
            type: 'conversation',
            instruction: { mode: 'prompt', text: 'Answer briefly.' },
            transitions: [],
          },
        ],
      }),
    );
    const agentId = agent.id;
    const { suiteId } = seedClinic(store, {
      tests: [
        {
          name: 'long caller',
          user_prompt: 'You keep talking.',
          caller_script: Array.from({ length: 8 }, (_, i) => `Line ${i + 1}: ${'and then something else '.repeat(5)}`),
          metrics: ['The agent answers'],
          max_turns: 8,
        },
      ],
    });
    const tiny = writeScript(tmp.dir, 'tiny-context', {
      name: 'tiny-context',
      defaults: { chat: 'OK.', context_tokens: 90 },
    });
    const judge = writeScript(tmp.dir, 'judge', { name: 'judge', defaults: { score: 0.9 } });
    const out = await fetch(`http://127.0.0.1:${port}/rpc/runs.start`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${TOKEN}` },
      body: JSON.stringify({
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: { provider: 'scripted', model: tiny }, judge: { provider: 'scripted', model: judge } },
        options: { concurrency: 1 },
      }),
    });
    const { output } = (await out.json()) as { output: { run_id: string } };
    await page.goto(`http://127.0.0.1:${port}/?token=${TOKEN}#/runs/${output.run_id}`);
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    const full = page.getByTestId('context-full');
    await full.waitFor({ timeout: 20_000 });
    expect(await full.textContent()).toBe('1 ended at a full context');
    expect(await page.getByTestId('pass-rate').textContent()).toBe('100%');
    await page.getByTestId('run-summary').screenshot({ path: path.join(shots, 'run-context-full.png') });
  }, 60_000);
});
