import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { finishedRun } from './support/finished-run.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { tempDir } from '../support/tmp.js';

/** Issue 38 item 4: the run page's "Rerun failed" and "Rerun selected" in real Chromium (web mode). */
describe('rerunning tests from the run page', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;
  let runId: string;
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    await app.page.setViewportSize({ width: 1024, height: 700 });
    tmp = tempDir();
    const seeded = seedClinic(app.ctx.store);
    // the judge fails the time-slot verdict: "books a cleaning" fails, "says goodbye" passes
    const failing = writeScript(
      tmp.dir,
      'failing',
      goodScript({ rules: [{ purpose: 'judge', when: { any: 'concrete time slot' }, reply: 0.2 }] }),
    );
    runId = await finishedRun(app.ctx, {
      agent_id: seeded.agentId,
      suite_id: seeded.suiteId,
      models: { agent: { provider: 'scripted', model: failing } },
      options: {},
    });
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('Rerun failed opens a new run of exactly the failed test, started from this run; Rerun selected runs the ticked one', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${runId}`);
    const failedButton = page.getByRole('button', { name: 'Rerun failed (1)' });
    await failedButton.waitFor();
    expect(await page.getByRole('button', { name: 'Rerun selected' }).isDisabled()).toBe(true);
    await failedButton.click();
    await page.waitForURL((u) => /#\/runs\/run/.test(u.hash) && !u.hash.includes(runId));
    const newId = /#\/runs\/([^?]+)/.exec(new URL(page.url()).hash)![1];
    await page.getByText(`run ${runId}`).waitFor(); // "started from run ..."
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 20_000 });
    const stored = await appOf(app).results(newId);
    expect(stored.map((r) => r.test)).toEqual(['books a cleaning']);
    expect(app.ctx.store.runs.get(newId)?.source_run_id).toBe(runId);

    // back on the first run: tick the passing test and rerun it
    await page.goto(`${base()}#/runs/${runId}`);
    await page.getByRole('checkbox', { name: 'Select says goodbye to rerun' }).check();
    await page.getByRole('button', { name: 'Rerun selected (1)' }).click();
    await page.waitForURL((u) => /#\/runs\/run/.test(u.hash) && !u.hash.includes(runId) && !u.hash.includes(newId));
    const picked = /#\/runs\/([^?]+)/.exec(new URL(page.url()).hash)![1];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 20_000 });
    expect((await appOf(app).results(picked)).map((r) => r.test)).toEqual(['says goodbye']);
  });
});

/** The results a run stored, read from the app's own store. */
function appOf(app: WebApp) {
  return { results: async (id: string) => app.ctx.store.results.listByRun(id) };
}
