import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel, startRun } from './runs-dialog.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';
import { seedClinic } from '../integration/api/run-control-fixtures.js';

/**
 * A suite on the tiny random-weight GGUF through node-llama-cpp (threads 1, max turns 2), started from
 * the New run dialog in real web mode + Chromium. The words are gibberish; the run must finish and
 * store a result per test with the model's identity (file hash).
 */
describe('run on the tiny GGUF from the UI', () => {
  let app: WebApp;
  let gguf: string;

  beforeAll(async () => {
    gguf = await ensureTinyGguf();
    app = await openWebApp();
    seedClinic(app.ctx.store);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('starts the run with llama-cpp on 1 thread and watches it finish', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await pickModel(dialog, 'Agent model', `llama-cpp:${gguf}`, { threads: '1' });
    await dialog.getByLabel('Max turns').fill('2');
    await dialog.getByLabel('Concurrency').fill('1');
    const t0 = Date.now();
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    const runId = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 90_000 });
    const seconds = (Date.now() - t0) / 1000;
    const run = app.ctx.store.runs.get(runId)!;
    expect(run.models.agent!.spec).toMatchObject({ provider: 'llama-cpp', params: { threads: 1 } });
    expect(run.models.agent!.identity!.digest).toMatch(/^(sha256:)?[0-9a-f]{64}$/);
    const results = app.ctx.store.results.listByRun(runId);
    expect(results).toHaveLength(2);
    for (const r of results) {
      expect(r.turns).toBeLessThanOrEqual(2);
      expect(r.transcript.length).toBeGreaterThan(0);
    }
    await page.getByTestId('run-summary').waitFor();
    await expect.poll(() => page.locator('.results-table tbody tr').count()).toBe(2);
    console.log(
      `tiny GGUF run: ${seconds.toFixed(1)} s from Start to completed; statuses ${results.map((r) => `${r.status}/${r.end_reason}`).join(', ')}`,
    );
  });
});
