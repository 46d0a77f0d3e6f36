import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, demoGraph, nodeCard, openEditor, seedCoverageRun } from './support/graph-editor.js';

/** A run's visits drawn on the graph: heat map and coverage gaps for the run, the path for one result. */
describe('run coverage and paths on the graph (GraphView)', () => {
  let app: WebApp;
  let agentId = '';
  beforeAll(async () => {
    app = await openWebApp();
    agentId = createAgent(app, demoGraph());
    seedCoverageRun(app.ctx.store, agentId);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows visit counts across the run and lists the nodes never visited', async () => {
    const { page } = app;
    await openEditor(page, agentId, 7);
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByTestId('overlay-run').getByRole('button', { name: 'Show coverage' }).click();
    const view = page.getByTestId('graph-view');
    await view.waitFor();
    await page.getByTestId('run-coverage').getByText('reached by 3 conversations').waitFor();
    expect(await page.getByTestId('run-coverage').textContent()).toContain('This run on v1:');
    const card = (id: string) => view.locator(`[data-testid="graph-node"][data-node-id="${id}"]`);
    await card('greet').waitFor();
    expect(await card('greet').textContent()).toContain('×3');
    expect(await card('bye').textContent()).toContain('×2');
    expect(await card('transfer').textContent()).toContain('×0');
    const gaps = page.getByTestId('coverage-gaps');
    expect(await gaps.textContent()).toContain('5 of 7 nodes reached; never visited (2):');
    expect(await gaps.textContent()).toContain('Front desk');
    expect(await gaps.textContent()).toContain('Phone menu');
    expect(await view.locator('[data-edge-id="route::is-new"]').textContent()).toContain('×3');
  });

  it('draws one result path with step numbers and fades what it did not visit', async () => {
    const { page } = app;
    await page
      .getByTestId('runs-panel')
      .getByRole('button', { name: /test 3/ })
      .click();
    await page.getByText('Path of test 3').waitFor();
    const view = page.getByTestId('graph-view');
    const card = (id: string) => view.locator(`[data-testid="graph-node"][data-node-id="${id}"]`);
    await page.waitForFunction(() =>
      (
        globalThis as unknown as { document: { querySelector(s: string): { textContent: string | null } | null } }
      ).document
        .querySelector('[data-testid="graph-view"] [data-node-id="book"]')
        ?.textContent?.includes('#4'),
    );
    expect(await card('greet').textContent()).toContain('#1');
    expect(await card('bye').getAttribute('class')).toContain('is-dim');
    expect(await card('route').getAttribute('class')).toContain('on-path');
    expect(await view.locator('[data-edge-id="route::is-new"]').textContent()).toContain('#4');
    // back to editing: the editable canvas returns
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await nodeCard(page, 'greet').waitFor();
    expect(await page.getByTestId('graph-canvas').isVisible()).toBe(true);
  });
});
