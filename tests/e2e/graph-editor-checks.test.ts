import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expandedPrompts } from '../../src-main/analysis/prompt-fields.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, nodeCard, openEditor } from './support/graph-editor.js';

const fixture = (name: string) =>
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, `../fixtures/analysis/${name}`), 'utf8'));

/** The Checks tab: the lint checklist with jump-to, and repeated text extracted into snippets as a new version. */
describe('graph editor checks', () => {
  let app: WebApp;
  let lintAgent = '';
  let dryAgent = '';
  beforeAll(async () => {
    app = await openWebApp();
    lintAgent = createAgent(app, fixture('lint-every-rule.json'));
    dryAgent = createAgent(app, fixture('clinic-repeats.json'));
  });
  afterAll(async () => {
    await app?.close();
  });

  it('lists the checklist and a click jumps to the node', async () => {
    const { page } = app;
    await openEditor(page, lintAgent, 7);
    await page.getByRole('tab', { name: 'Checks' }).click();
    const findings = page.getByTestId('lint-finding');
    await findings.first().waitFor();
    expect(await findings.count()).toBe(8);
    await page.screenshot({ path: '/tmp/w13-checks.png' });
    await page.locator('[data-testid="lint-finding"][data-rule="dead_end"]').click();
    // jump-to: the node is selected on the canvas and the inspector shows it
    await page.locator('.react-flow__node.selected [data-testid="graph-node"][data-node-id="limbo"]').waitFor();
    expect(await nodeCard(page, 'limbo').isVisible()).toBe(true);
  });

  it('extracts repeated text with one click as a new version that reads the same', async () => {
    const { page } = app;
    await openEditor(page, dryAgent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await page.getByTestId('snippet-candidate').first().waitFor();
    expect(await page.getByTestId('extract-snippet').count()).toBe(2);
    await page.getByTestId('extract-snippet').first().click();
    await page.getByTestId('current-version').getByText('v2').waitFor();
    const versions = app.ctx.store.agents.versions(dryAgent).sort((a, b) => a.version - b.version);
    const v1 = app.ctx.store.agents.getVersion(versions[0].id)!.graph;
    const v2 = app.ctx.store.agents.getVersion(versions[1].id)!.graph;
    expect(Object.keys(v2.snippets)).toEqual(['speak_calmly_use_short']);
    expect(expandedPrompts(v2)).toEqual(expandedPrompts(v1));
    // the list now offers only the sentence left
    await expect.poll(() => page.getByTestId('extract-snippet').count()).toBe(1);
    await page.screenshot({ path: '/tmp/w13-snippets.png' });
  });
});
