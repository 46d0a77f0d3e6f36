import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel, startRun } from './runs-dialog.js';
import { tempDir } from '../support/tmp.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { shotPath } from './support/shots.js';

/** The New run dialog's options stored with the run, in Chromium: the judge's long reasoning, caller behaviours. */
describe('long judge reasoning from the New run dialog', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    app = await openWebApp();
    tmp = tempDir();
    seedClinic(app.ctx.store);
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('is off by default; checked, the run is stored with judge_reasoning: full', async () => {
    const { page } = app;
    const script = writeScript(tmp.dir, 'good', goodScript());
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.waitFor();
    await expect.poll(() => dialog.getByLabel('Test suite').inputValue()).not.toBe('');
    await pickModel(dialog, 'Agent model', `scripted:${script}`);
    const box = dialog.getByLabel('Long judge reasoning');
    expect(await box.isChecked()).toBe(false);
    await box.check();
    await dialog.getByText('up to 300 characters per verdict').waitFor();
    await page.screenshot({ path: shotPath('new-run-judge-reasoning.png') });
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    const runId = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    expect(app.ctx.store.runs.get(runId)!.options.judge_reasoning).toBe('full');
  });

  it('caller behaviours: barge-in and silence typed in the dialog are stored as the run option; noise asks for caller speech', async () => {
    const page = await app.freshPage();
    const script = writeScript(tmp.dir, 'good', goodScript());
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await expect.poll(() => dialog.getByLabel('Test suite').inputValue()).not.toBe('');
    await pickModel(dialog, 'Agent model', `scripted:${script}`);
    const behaviours = dialog.getByTestId('run-behaviours');
    await behaviours.getByLabel('Background noise').selectOption('street');
    await dialog.getByText('turn on "Caller through speech recognition"').waitFor();
    await behaviours.getByLabel('Background noise').selectOption('');
    await behaviours.getByLabel('Barge in after words').fill('3');
    await behaviours.getByLabel('Barge-in chance per turn (%)').fill('50');
    await behaviours.getByLabel('Silence (seconds)').fill('6');
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    const runId = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    expect(app.ctx.store.runs.get(runId)!.options.perturbations).toEqual({
      barge_in: { after_words: 3, probability: 0.5 },
      silence: { seconds: 6, probability: 1 },
    });
  });
});
