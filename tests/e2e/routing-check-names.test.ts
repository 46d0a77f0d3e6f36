import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, edgeLabel, nodeCard, openEditor } from './support/graph-editor.js';
import { pickModel } from './runs-dialog.js';

const root = path.resolve(import.meta.dirname, '../..');
/** Waits for the check's result; a failure shows what the panel says. */
async function resultShown(page: WebApp['page']): Promise<void> {
  const panel = page.getByTestId('routing-check');
  await panel.getByTestId('routing-summary').or(panel.locator('.error')).first().waitFor();
  if (await panel.locator('.error').count()) throw new Error(`routing check failed: ${await panel.textContent()}`);
}

const NAMES: Record<string, string> = { greet: 'Greeting', book: 'Book a visit', cancel: 'Cancel a visit' };

/**
 * The routing check in the editor speaks in the canvas's names (ids only in tooltips), offers the
 * agent's last judge model in the provider/model picker, and its badges leave the canvas when the
 * result no longer describes the graph (edit; undo brings them back) or is gone (new check, Clear).
 */
describe('routing check: names, the model picker, badges that go with the result (Chromium)', () => {
  let app: WebApp;
  let agent = '';
  let script = '';
  beforeAll(async () => {
    app = await openWebApp();
    const graph = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8'));
    graph.nodes = graph.nodes.map((n: { id: string }) => ({ ...n, name: NAMES[n.id] }));
    agent = createAgent(app, graph);
    // a run whose judge is a real model: the check offers it first
    const v = app.ctx.store.agents.latest(agent)!;
    app.ctx.store.runs.create({
      kind: 'simulated',
      agent_id: agent,
      agent_version_id: v.id,
      agent_name: v.graph.name,
      suite_id: null,
      suite_name: 'Earlier run',
      models: {
        agent: { spec: { provider: 'scripted', model: '/nowhere/agent.json', params: {} } },
        judge: { spec: { provider: 'ollama', model: 'qwen2.5:0.5b', params: {} } },
      },
      options: { concurrency: 1 },
    });
    script = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-')), 'router.json');
    writeFileSync(
      script,
      JSON.stringify({
        name: 'confused-router',
        chat: ['Hello, Maple Clinic, how can I help?'],
        rules: [
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to book' },
            reply: { utterances: ['I want to book a visit', 'Can I get an appointment'] },
          },
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to cancel' },
            reply: { utterances: ['Please cancel my visit'] },
          },
          {
            purpose: 'route',
            when: { last: 'Caller: I want to book' },
            reply: { transition: 'to_book', reason: 'ok' },
          },
          {
            purpose: 'route',
            when: { last: 'Caller: Can I get an appointment' },
            reply: { transition: 'to_cancel', reason: 'confused' },
          },
          {
            purpose: 'route',
            when: { last: 'Caller: Please cancel' },
            reply: { transition: 'to_cancel', reason: 'ok' },
          },
        ],
        defaults: { route: 'none' },
      }),
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers the last judge model in the picker, then reports in names with ids in tooltips', async () => {
    const { page } = app;
    await openEditor(page, agent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    const panel = page.getByTestId('routing-check');
    await expect.poll(() => panel.getByLabel('Routing model provider', { exact: true }).inputValue()).toBe('ollama');
    expect(await panel.getByLabel('Routing model model name', { exact: true }).inputValue()).toBe('qwen2.5:0.5b');
    await pickModel(panel, 'Routing model', `scripted:${script}`);
    await page.getByLabel('Lines per condition').fill('2');
    await page.getByTestId('routing-run').click();
    await resultShown(page);
    const greet = page.locator('[data-testid="routing-point"][data-node-id="greet"]');
    expect(await greet.getByTestId('routing-point-name').textContent()).toBe('Greeting');
    expect(await greet.getByTestId('routing-point-name').getAttribute('title')).toBe('node id: greet');
    expect(await greet.locator('thead th').allTextContents()).toEqual([
      'meant \\ chosen',
      '→ Book a visit',
      '→ Cancel a visit',
      'none',
    ]);
    expect(await greet.locator('thead th').nth(1).getAttribute('title')).toContain('id: to_book');
    expect(await greet.getByTestId('routing-steal').allTextContents()).toEqual([
      'The way to Cancel a visit took 1 line meant for the way to Book a visit.',
    ]);
    expect(await greet.getByTestId('routing-misrouted').allTextContents()).toEqual([
      '“Can I get an appointment”: meant for the way to Book a visit, went to the way to Cancel a visit',
    ]);
    // a decision point the model wrote no line for says so, in the panel and on its card
    const book = page.locator('[data-testid="routing-point"][data-node-id="book"]');
    expect(await book.textContent()).toContain('Book a visit not tested: the model wrote no usable caller line here');
    expect(await nodeCard(page, 'book').getByTestId('routing-badge').textContent()).toContain('not tested');
    const text = (await panel.textContent()) ?? '';
    expect(text).not.toContain('(s)');
    for (const id of ['to_book', 'to_cancel', 'greet']) expect(text).not.toContain(id);
  });

  it('hides the badges after an edit, shows them on undo, removes them on Clear and on a new check', async () => {
    const { page } = app;
    const badge = nodeCard(page, 'greet').getByTestId('routing-badge');
    expect(await badge.textContent()).toContain('1 misrouted');
    // a run's read-only view (the version it used) does not wear the check's badges
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByTestId('overlay-run').first().getByRole('button', { name: 'Show coverage' }).click();
    const view = page.getByTestId('graph-view');
    await view.locator('[data-testid="graph-node"][data-node-id="greet"]').waitFor();
    expect(await view.getByTestId('routing-badge').count()).toBe(0);
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await badge.waitFor();
    // the result outlasts a tab switch (the edge inspector lists its lines)
    await edgeLabel(page, 'greet', 'to_book').click();
    await page.getByTestId('edge-routing-lines').waitFor();
    // an edit to a condition: the result no longer describes the graph
    await page.getByTestId('edge-condition').fill('Caller wants a new appointment');
    await badge.waitFor({ state: 'detached' });
    expect(await edgeLabel(page, 'greet', 'to_cancel').getAttribute('class')).not.toContain('is-confused');
    expect(await page.getByTestId('edge-routing-lines').count()).toBe(0);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await page.getByTestId('routing-stale').waitFor();
    // undo: the graph is the one checked again
    await nodeCard(page, 'book').click();
    await page.keyboard.press('Control+z');
    await badge.waitFor();
    await page.getByRole('tab', { name: 'Checks' }).click();
    expect(await page.getByTestId('routing-stale').count()).toBe(0);
    await page.getByTestId('routing-clear').click();
    await badge.waitFor({ state: 'detached' });
    expect(await page.getByTestId('routing-summary').count()).toBe(0);
    // a check that fails: the last one's badges went when it started, none come back (the model chosen
    // before the tab switches is still chosen)
    expect(
      await page.getByTestId('routing-check').getByLabel('Routing model model name', { exact: true }).inputValue(),
    ).toBe(script);
    await page.getByTestId('routing-run').click();
    await resultShown(page);
    await badge.waitFor();
    await pickModel(page.getByTestId('routing-check'), 'Routing model', 'scripted:/nowhere/missing-router.json');
    await page.getByTestId('routing-run').click();
    await page.getByTestId('routing-check').locator('.error').waitFor();
    expect(await badge.count()).toBe(0);
    expect(await page.getByTestId('routing-summary').count()).toBe(0);
  });
});
