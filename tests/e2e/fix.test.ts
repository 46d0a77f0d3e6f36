import fs from 'node:fs';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../src-shared/schemas/index.js';
import { appOf } from '../../src-main/app/door/app-service.js';
import { REFUND, REFUND_FIX, shopGraph, shopScript, shopSuite, writeShopScript } from '../support/fix-fixture.js';
import { tempDir } from '../support/tmp.js';
import { openWebApp, type WebApp } from './support/browser.js';

/**
 * Issue 25's review screen in real web mode + Chromium: "Diagnose" on a failed result opens the fix
 * review with the fault outlined on the canvas and the evidence turn marked in the transcript; the
 * proposal is edited and "Apply and test" shows original and new scores side by side with the
 * regression check; "Keep this version"; "Diagnose" on a failure group and "Auto-fix". Every answer
 * comes from the scripted model (tests/support/fix-fixture.ts), stored in a real SQLite file.
 */

/**
 * The shop's script with the opening-hours conversations slow to route (1.5 s): the fix's check of the rest
 * of the suite takes that long, so its page can be seen showing the failing tests' scores before it ends.
 */
function slowOpeningHours(): Record<string, unknown> {
  const script = shopScript('good') as { rules: { purpose?: string; when: { last?: string }; reply: unknown }[] };
  for (const r of script.rules)
    if (r.purpose === 'route' && r.when.last?.includes('when are you open'))
      r.reply = { $delay_ms: 1500, transition: r.reply, reason: 'scripted' };
  return script;
}

describe('fix review', () => {
  let app: WebApp;
  let runId: string;
  let agentId: string;
  const scripts = tempDir();
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    const model = writeShopScript(scripts.dir, 'good');
    fs.writeFileSync(model, JSON.stringify(slowOpeningHours()));
    const { agent } = app.ctx.store.agents.create(AgentGraph.parse(shopGraph()));
    agentId = agent.id;
    const doc = app.ctx.store.suites.create(TestSuite.parse(shopSuite({ exchange: true })), 'Shop', {
      agent_id: agent.id,
    });
    const handle = await appOf(app.ctx).runs.start({
      agent: agent.id,
      suite: { id: doc.id, name: doc.name, data: doc.data },
      models: { agent: { provider: 'scripted', model, params: {} } },
    });
    runId = (await handle.done).run.id;
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    scripts.cleanup();
  });
  // each test in a page of its own: the second writes problems straight into the store (this process's
  // connection, no event), which a run page the first test had open would not know of
  beforeEach(async () => {
    await app.freshPage();
  });

  it('Diagnose a failed result, edit the proposal, Apply and test, Keep this version', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${runId}`);
    const refundRow = app.ctx.store.results.listByRun(runId).find((r) => r.test === REFUND)!;
    await page.getByTestId(`test-row-${refundRow.test_index}-0`).click();
    await page.getByTestId('diagnose').click();
    await page.waitForURL(/#\/fixes\/fix_/);
    // the fault: outlined on the canvas, named in the list, its evidence turn marked in the transcript
    const fault = page.getByTestId('fault').first();
    await fault.waitFor({ timeout: 20_000 });
    expect(await fault.textContent()).toContain('Node instruction');
    await page.locator('[data-node-id="refund"].is-fault').waitFor();
    expect(await page.locator('.ge-node.is-fault').count()).toBe(1);
    // the model cited line [3] of the transcript it read: stored index 2, shown as #3 like on the result page
    const evidence = page.locator('[data-testid="fix-transcript"] [data-evidence="true"]');
    expect(await evidence.getAttribute('data-turn')).toBe('2');
    expect(await evidence.locator('.turn-no').textContent()).toBe('#3');
    expect(await fault.textContent()).toContain('turn #3');
    expect(await page.getByTestId('root-cause').textContent()).toContain('never tells the caller how long');
    // the proposal, edited before applying
    const text = page.getByTestId('fix-edit').locator('textarea');
    expect(await text.inputValue()).toBe(REFUND_FIX);
    await text.fill('Say refunds are accepted within 30 days.');
    await page.getByRole('button', { name: 'Apply and test' }).click();
    // the failing test's scores show as soon as they are stored, while the rest of the suite still runs
    const targets = page.getByTestId('fix-targets');
    await page.getByTestId('regression-check-running').waitFor({ timeout: 30_000 });
    const row = (await targets.locator('tbody tr').first().textContent()) ?? '';
    expect(row).toContain('0% (0-49%, n=4)');
    expect(row).toContain('100% (44-100%, n=3)');
    expect(row).toContain('improved');
    expect(await page.getByTestId('regression-check').count()).toBe(0);
    await expect
      .poll(() => page.getByTestId('regression-check').textContent(), { timeout: 60_000 })
      .toBe('Regression check: no regression in 2 other test(s)');
    expect(await page.getByTestId('regression-check-running').count()).toBe(0);
    expect(await page.getByTestId('fix-edit').locator('pre').last().textContent()).toBe(
      'Say refunds are accepted within 30 days.',
    );
    if (process.env.FIX_SHOT) {
      await page.getByTestId('fix-page').locator('h1').scrollIntoViewIfNeeded();
      await page.screenshot({ path: process.env.FIX_SHOT });
      await targets.scrollIntoViewIfNeeded();
      await page.screenshot({ path: process.env.FIX_SHOT.replace('.png', '-scores.png') });
    }
    await page.getByRole('button', { name: 'Keep this version (v2)' }).click();
    await page.getByRole('button', { name: 'v2 kept' }).waitFor({ timeout: 20_000 });
    expect(app.ctx.store.agents.summary(agentId)!.version).toBe(2);
  }, 120_000);

  it('Diagnose a failure group, then Auto-fix until all pass', async () => {
    const { page } = app;
    const failed = app.ctx.store.results.listByRun(runId).filter((r) => r.status === 'fail');
    app.ctx.store.runs.setProblems(runId, {
      groups: [
        {
          label: 'Policies left out',
          description: 'The agent never states the shop policy.',
          severity: 'high',
          occurrences: failed.length,
          examples: failed.map((r, i) => ({
            id: i,
            result_id: r.id,
            test: r.test,
            repeat: 0,
            kind: 'metric',
            what: 'm',
            detail: '',
            turns: [2],
            nodes: [],
          })),
        },
      ],
      ungrouped: [],
      total_failures: failed.length,
      judge: 'scripted:shop-good.json',
      grouped_at: new Date().toISOString(),
    });
    await page.goto(`${base()}#/runs/${runId}`);
    await page.getByTestId('problems').getByTestId('diagnose').click();
    await page.waitForURL(/#\/fixes\/fix_/);
    await page.getByTestId('fix-diagnoses').getByText('Problem “Policies left out”').waitFor({ timeout: 20_000 });
    const auto = page.getByRole('form', { name: 'Auto-fix' });
    await auto.getByLabel('Iterations').fill('3');
    await auto.getByLabel('Stop when').selectOption('all-pass');
    await auto.getByRole('button', { name: 'Auto-fix' }).click();
    const stop = page.getByTestId('fix-stop');
    await stop.waitFor({ timeout: 60_000 });
    expect(await stop.textContent()).toContain('Target reached.');
    expect(await page.locator('.fix-iterations li').count()).toBeGreaterThanOrEqual(2);
  }, 120_000);
});
