/**
 * Issue 12, section 6 in Chromium (web mode): the Models page's Check button runs the readiness
 * check on a scripted model, shows progress and a Cancel button, then the verdict per role.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { tempDir } from '../support/tmp.js';
import { shotPath } from './support/shots.js';

describe('readiness check on the Models page (Chromium, web mode)', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;
  beforeAll(async () => {
    tmp = tempDir();
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('Check shows progress, can be cancelled, and lists the verdict per role', async () => {
    // judges every transcript "pass" (score 1), routes "none", says "Okay." as the caller
    const file = path.join(tmp.dir, 'always-pass.json');
    fs.writeFileSync(file, JSON.stringify({ name: 'always-pass', defaults: { score: 1, delay_ms: 60 } }));
    const { page } = app;
    await page.getByRole('link', { name: 'Models', exact: true }).click();
    const section = page.getByTestId('readiness');
    await section.getByText('No model checked yet.').waitFor();
    await section.getByLabel('Model to check provider', { exact: true }).selectOption('scripted');
    const listed = section.getByLabel('Model to check model', { exact: true });
    if (await listed.count()) await listed.selectOption('__other');
    await section.getByLabel('Model to check model name', { exact: true }).fill(file);

    // first run: cancel it while it runs
    await section.getByRole('button', { name: 'Check', exact: true }).click();
    await section
      .getByLabel('Readiness progress')
      .getByRole('status')
      .getByText(/\d+ of 80 tasks/)
      .waitFor();
    await section.getByRole('button', { name: 'Cancel' }).click();
    await section.getByText(/^Cancelled: the \d+ tasks that finished are stored/).waitFor();
    expect(app.ctx.store.modelChecks.list()[0].cancelled).toBe(true);

    // second run: the judge role only, to the end
    fs.writeFileSync(file, JSON.stringify({ name: 'always-pass', defaults: { score: 1 } }));
    await section.getByLabel('Agent (routing, extraction)').uncheck();
    await section.getByLabel('Caller').uncheck();
    await section.getByRole('button', { name: 'Check', exact: true }).click();
    const card = section.getByTestId('readiness-report').first();
    await card
      .getByText('not fit as judge: 10/20 right (30-70%, 95% interval) - weak on transcripts that miss the criterion')
      .waitFor();
    await card.getByRole('button', { name: /Details \(10 missed\)/ }).click();
    await card.getByText('judging/dob-skipped').waitFor();
    expect(await card.getByRole('row', { name: /judging 10\/20 30-70% 20\/20/ }).count()).toBe(1);
    await section.screenshot({ path: shotPath('models-readiness.png') });
    const stored = app.ctx.store.modelChecks.list();
    expect(stored).toHaveLength(2);
    expect(stored[0].verdicts.map((v) => v.text)).toEqual([
      'not fit as judge: 10/20 right (30-70%, 95% interval) - weak on transcripts that miss the criterion',
    ]);
  });
});
