import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { appOf } from '../../src-main/app/door/app-service.js';
import { parseModelSpec } from '../../src-shared/schemas/index.js';
import { openWebApp, type WebApp } from './support/browser.js';

/**
 * Issue 38, walk item 1, in real web mode + Chromium: the bundled example run on its own script, "Diagnose" on its
 * failed test, and the fix page says it is the example's demo (not that no edit can help); Apply and test makes
 * the failing test pass with the edit the script proposes, and v2 is kept. A real SQLite store.
 */
describe("the example's fix in the app", () => {
  let app: WebApp;
  let runId: string;
  let agentId: string;
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    const first = (await dispatch(app.ctx, 'app.firstRun', {})) as {
      ok: true;
      output: { agent_id: string; suite_id: string; model_spec: string };
    };
    agentId = first.output.agent_id;
    const doc = app.ctx.store.suites.get(first.output.suite_id)!;
    const handle = await appOf(app.ctx).runs.start({
      agent: agentId,
      suite: { id: doc.id, name: doc.name, data: doc.data },
      models: { agent: parseModelSpec(first.output.model_spec) },
    });
    runId = (await handle.done).run.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
  });

  it('says it is the demo, and the edit it proposes makes the failing test pass', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${base()}#/runs/${runId}`);
    const failed = app.ctx.store.results.listByRun(runId).find((r) => r.status === 'fail')!;
    expect(failed.test).toBe('No free slots: transfers to the front desk');
    await page.getByTestId(`test-row-${failed.test_index}-0`).click();
    await page.getByTestId('diagnose').click();
    await page.waitForURL(/#\/fixes\/fix_/);
    const note = page.getByTestId('fix-scripted-agent');
    await note.waitFor({ timeout: 20_000 });
    expect(await note.textContent()).toContain("Demo: this is the bundled example's scripted demo");
    expect(await note.textContent()).not.toContain('changes nothing');
    // one demo note, not a second one saying the scripted judge cannot read failures
    expect(await page.getByTestId('fix-demo').count()).toBe(0);
    await page.locator('[data-node-id="no_slots"].is-fault').waitFor();
    // the script cites the line the agent said it on: #5, marked in the transcript
    const evidence = page.locator('[data-testid="fix-transcript"] [data-evidence="true"]');
    expect(await evidence.locator('.turn-no').textContent()).toBe('#5');
    expect(await evidence.textContent()).toContain('so they can find a time for you');
    expect(await page.getByTestId('fix-edit').locator('textarea').inputValue()).toContain('call you back today');
    await page.getByRole('button', { name: 'Apply and test' }).click();
    const targets = page.getByTestId('fix-targets');
    await targets.waitFor({ timeout: 30_000 });
    const row = (await targets.locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('0% (0-49%, n=4)');
    expect(row).toContain('100% (44-100%, n=3)');
    await page.screenshot({ path: '/tmp/s41-fix-demo-1024.png', fullPage: false });
    await page.getByRole('button', { name: 'Keep this version (v2)' }).click();
    await page.getByRole('button', { name: 'v2 kept' }).waitFor({ timeout: 20_000 });
    expect(app.ctx.store.agents.summary(agentId)!.version).toBe(2);
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.getByTestId('fix-page').locator('h1').scrollIntoViewIfNeeded();
    await page.screenshot({ path: '/tmp/s41-fix-demo-1440.png' });
  }, 90_000);
});
