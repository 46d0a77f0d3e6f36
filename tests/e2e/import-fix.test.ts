import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { edgeLabel, nodeCard, validationSettled } from './support/graph-editor.js';

const FILE = fileURLToPath(new URL('../fixtures/import-problems/retell-cf-dangling-edge.json', import.meta.url));
const NAME = path.basename(FILE);
const shots = path.resolve(import.meta.dirname, '../../docs/screenshots');

/** An import whose graph has a transition to a missing node, fixed on the canvas (web mode, real SQLite). */
describe('import with problems, fixed in the editor (Chromium)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('opens the parsed graph unsaved, refuses saves with errors, keeps the draft over a reload, creates the agent once fixed', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByTestId('agents-page').waitFor();
    await page
      .getByTestId('import-input')
      .setInputFiles({ name: NAME, mimeType: 'application/json', buffer: fs.readFileSync(FILE) });
    const outcome = page.locator(`[data-testid="import-outcome"][data-file="${NAME}"]`);
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('not imported — nothing was written');
    expect(await outcome.textContent()).toContain('nodes[2].edges[0].destination_node_id');
    expect(app.ctx.store.agents.list()).toEqual([]);

    await outcome.getByRole('button', { name: 'Open in the editor to fix' }).click();
    await page.getByTestId('import-draft-banner').waitFor();
    expect(await page.getByTestId('import-draft-banner').textContent()).toContain(NAME);
    // the dangling edge leads to a placeholder, its source node is badged, the Checks tab lists the error
    const missing = page.locator('[data-testid="missing-node"][data-target="tech_followup"]');
    await missing.waitFor();
    expect(await validationSettled(page)).toMatch(/^1 error/);
    expect(await nodeCard(page, 'support').getByTestId('lint-badge').getAttribute('aria-label')).toContain('1 error');
    const problem = page.getByTestId('draft-problem');
    expect(await problem.textContent()).toContain('"tech_followup", which does not exist');
    fs.mkdirSync(shots, { recursive: true });
    await page.screenshot({ path: path.join(shots, 'import-fix-dangling.png') });
    // at 1024x700 the side panel is a drawer and every toolbar control stays reachable
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.getByRole('button', { name: 'Inspector' }).click();
    await page.getByTestId('draft-problem').waitFor();
    for (const name of ['Save and import', 'Discard', 'Inspector'])
      expect(await page.getByRole('button', { name, exact: true }).isVisible()).toBe(true);
    await page.screenshot({ path: path.join(shots, 'import-fix-dangling-1024.png') });
    await page.getByRole('button', { name: 'Inspector' }).click();
    await page.setViewportSize({ width: 1400, height: 900 });

    // a save with errors is refused and writes nothing
    await page.getByRole('button', { name: 'Save and import' }).click();
    await page.getByTestId('save-status').filter({ hasText: 'not saved: the graph still has 1 error' }).waitFor();
    expect(app.ctx.store.agents.list()).toEqual([]);

    // the draft survives a reload
    await page.waitForTimeout(400); // the draft is written 300 ms after the last change
    await page.reload();
    await page.getByTestId('import-draft-banner').waitFor();
    await missing.waitFor();

    // pick the problem: the edge is selected; point it at an existing node in the inspector
    await page.getByTestId('draft-problem').click();
    const target = page.getByLabel('Edge target');
    await target.waitFor();
    await target.selectOption('end_call');
    await missing.waitFor({ state: 'detached' });
    await edgeLabel(page, 'support', 'edge-4').waitFor();
    expect(await validationSettled(page)).toMatch(/^0 errors|^No problems/);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await page.getByText('No errors left: Save creates the agent').waitFor();

    await page.getByRole('button', { name: 'Save and import' }).click();
    await page.getByTestId('current-version').filter({ hasText: 'v1' }).waitFor();
    const agents = app.ctx.store.agents.list();
    expect(agents).toHaveLength(1);
    expect(agents[0]).toMatchObject({ name: 'retell-cf-dangling-edge', version: 1, source_format: 'retell-cf' });
    const v = app.ctx.store.agents.latest(agents[0]!.id)!;
    expect(v.note).toBe(`imported from ${NAME} (retell-cf); problems fixed in the editor before saving`);
    expect(v.graph.nodes.find((n) => n.id === 'support')!.transitions[0]!.target).toBe('end_call');
    expect(page.url()).toContain(`#/agents/${agents[0]!.id}`);
    // the draft is gone once saved
    await page.getByRole('link', { name: '← Agents' }).click();
    await page.getByTestId('agent-row').first().waitFor();
    expect(await page.getByTestId('pending-imports').count()).toBe(0);
  });
});
