import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, nodeCard, openEditor } from './support/graph-editor.js';
import { pickModel } from './runs-dialog.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
declare const window: { location: { hash: string } };

const root = path.resolve(import.meta.dirname, '../..');

/**
 * A slow scripted router (docs/scripted-model.md, `$delay_ms`): writing each condition's lines takes a
 * second, each routing decision two, so the check is still running after a switch of tabs and back.
 */
const slowRouter = {
  name: 'slow-router',
  chat: ['Hello, Maple Clinic, how can I help?'],
  rules: [
    {
      purpose: 'utterances',
      when: { last: 'clearly true:\n"Caller wants to book' },
      reply: { $delay_ms: 1000, utterances: ['I want to book a visit', 'Can I get an appointment'] },
    },
    {
      purpose: 'utterances',
      when: { last: 'clearly true:\n"Caller wants to cancel' },
      reply: { $delay_ms: 1000, utterances: ['Please cancel my visit'] },
    },
    {
      purpose: 'route',
      when: { last: 'Caller: I want to book' },
      reply: { $delay_ms: 2000, transition: 'to_book', reason: 'ok' },
    },
    {
      purpose: 'route',
      when: { last: 'Caller: Can I get an appointment' },
      reply: { $delay_ms: 2000, transition: 'to_cancel', reason: 'confused' },
    },
    {
      purpose: 'route',
      when: { last: 'Caller: Please cancel' },
      reply: { $delay_ms: 2000, transition: 'to_cancel', reason: 'ok' },
    },
  ],
  defaults: { route: 'none' },
};

/**
 * A routing check keeps running when the Checks tab closes (its job lives in the routing overlay
 * store, not in the tab): coming back shows its live progress and then its result, a check that ends
 * while another tab is open puts its badges on the canvas at once, and leaving the editor does not lose it.
 */
describe('routing check across a switch of tabs (Chromium)', () => {
  let app: WebApp;
  let agent = '';
  let script = '';
  beforeAll(async () => {
    app = await openWebApp();
    const graph = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8'));
    agent = createAgent(app, graph);
    script = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-')), 'slow-router.json');
    writeFileSync(script, JSON.stringify(slowRouter));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the running check again after Checks -> Inspect -> Checks, then its result', async () => {
    const { page } = app;
    await openEditor(page, agent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    const panel = page.getByTestId('routing-check');
    await pickModel(panel, 'Routing model', `scripted:${script}`);
    await page.getByLabel('Lines per condition').fill('2');
    await page.getByTestId('routing-run').click();
    await panel.getByTestId('routing-progress').waitFor();

    await page.getByRole('tab', { name: 'Inspect' }).click();
    await panel.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Checks' }).click();
    // the same job, still running: its progress in model calls, Cancel, and no second check to start
    const progress = panel.getByTestId('routing-progress');
    await progress.waitFor();
    expect(await progress.textContent()).toMatch(/\d+ of \d+ model calls/);
    expect(await progress.getByRole('button', { name: /cancel/i }).count()).toBe(1);
    expect(await page.getByTestId('routing-run').isDisabled()).toBe(true);

    await panel.getByTestId('routing-summary').waitFor();
    expect(await panel.getByTestId('routing-summary').textContent()).toMatch(/^3 decision points, \d+ model calls/);
    expect(await progress.count()).toBe(0);
    expect(await panel.locator('.error').count()).toBe(0);
    expect(await nodeCard(page, 'greet').getByTestId('routing-badge').textContent()).toContain('1 misrouted');
  });

  it('puts the result of a check that ends while another tab is open on the canvas, and in the tab', async () => {
    const { page } = app;
    const badge = nodeCard(page, 'greet').getByTestId('routing-badge');
    await page.getByTestId('routing-run').click();
    // the new check took the last one's badges away
    await badge.waitFor({ state: 'detached' });
    await page.getByRole('tab', { name: 'Inspect' }).click();
    await badge.waitFor();
    expect(await badge.textContent()).toContain('1 misrouted');
    await page.getByRole('tab', { name: 'Checks' }).click();
    const panel = page.getByTestId('routing-check');
    await panel.getByTestId('routing-summary').waitFor();
    expect(await panel.getByTestId('routing-progress').count()).toBe(0);
    expect(await page.getByTestId('routing-run').isDisabled()).toBe(false);
  });

  it('follows a running check again after leaving the editor and coming back', async () => {
    const { page } = app;
    await page.getByTestId('routing-run').click();
    await page.getByTestId('routing-progress').waitFor();
    await page.evaluate(() => {
      window.location.hash = '#/agents';
    });
    await page.getByTestId('graph-editor').waitFor({ state: 'detached' });
    await openEditor(page, agent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    const panel = page.getByTestId('routing-check');
    // the result went with the editor; the check did not
    await panel.getByTestId('routing-progress').or(panel.getByTestId('routing-summary')).first().waitFor();
    expect(await panel.getByTestId('routing-progress').count()).toBe(1);
    await panel.getByTestId('routing-summary').waitFor();
    expect(await nodeCard(page, 'greet').getByTestId('routing-badge').textContent()).toContain('1 misrouted');
  });
});
