import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { finishedRun } from './support/finished-run.js';

/** "Re-judge..." in Chromium: judge a finished run again 3 times and see the unstable metrics marked. */
describe('re-judging in Chromium', () => {
  let app: WebApp;
  let runId: string;
  let dir: string;

  beforeAll(async () => {
    app = await openWebApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-rejudge-'));
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    // the judge passes everything, except on seed 2, where it fails the time-slot metric
    const script = writeScript(
      dir,
      'clinic',
      goodScript({ rules: [{ purpose: 'judge', when: { seed: 2, any: 'concrete time slot' }, reply: 0.2 }] }),
    );
    runId = await finishedRun(app.ctx, {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script, params: {} } },
      options: {},
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('re-judges with k = 3 and marks the metric whose verdicts flip', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}`);
    await page.getByTestId('pass-interval').waitFor();
    await expect(page.getByTestId('pass-interval').textContent()).resolves.toBe('95% interval 34–100% (n=2)');
    await page.getByRole('button', { name: 'Re-judge…' }).click();
    const dialog = page.getByTestId('rejudge-run');
    await dialog.getByLabel('k').fill('3');
    await dialog.getByRole('button', { name: 'Re-judge' }).click();
    const card = page.getByTestId('judgements');
    await card.waitFor();
    await expect(card.getByTestId('unstable-judge').allTextContents()).resolves.toEqual([
      'The agent offers a concrete time slot (scripted:clinic.json): unstable judge: 1 of 1 verdicts flip',
    ]);
    expect(app.ctx.store.judgements.countByRun(runId)).toBe(6);
  });

  it('shows live progress while it judges; Cancel keeps the judgements made, as an incomplete batch', async () => {
    const { page } = app;
    // a slow judge: 1.5 s per judgement
    const slow = writeScript(dir, 'slow-judge', goodScript({ defaults: { score: 0.9, delay_ms: 1500 } }));
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}`);
    await page.getByRole('button', { name: 'Re-judge…' }).click();
    const dialog = page.getByTestId('rejudge-run');
    await dialog.getByLabel('k').fill('5');
    await dialog.getByLabel('Judge model provider', { exact: true }).selectOption('scripted');
    const listed = dialog.getByLabel('Judge model model', { exact: true });
    if (await listed.count()) await listed.selectOption('__other');
    await dialog.getByLabel('Judge model model name', { exact: true }).fill(slow);
    await dialog.getByRole('button', { name: 'Re-judge' }).click();
    const progress = dialog.getByRole('status');
    await progress.getByText(/^[1-9]\d* of 10 judgements/).waitFor({ timeout: 30_000 });
    await progress.getByTestId('job-cancel').click();
    await progress.getByText(/^Cancelled · \d+ of 10 judgements/).waitFor({ timeout: 30_000 });
    // kept, and reported apart: reports read complete batches only (a cancelled batch would skew them)
    const [batch] = app.ctx.store.judgements.incompleteBatches(runId);
    expect(batch).toMatchObject({ status: 'cancelled', planned: 10 });
    expect(batch.judgements).toBeGreaterThan(0);
    expect(batch.judgements).toBeLessThan(10);
  });
});
