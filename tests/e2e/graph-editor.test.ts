import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, demoGraph, edgeLabel, nodeCard, openEditor, validationSettled } from './support/graph-editor.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
declare const document: {
  querySelectorAll(s: string): ArrayLike<unknown>;
  querySelector(s: string): { textContent: string | null } | null;
};

const FIXTURE = fileURLToPath(new URL('../fixtures/ui/retell-sample_config_global_nodes.json', import.meta.url));
const CORPUS_NODES = [
  'greeting',
  'customize_order',
  'confirm_order',
  'order_complete',
  'cancel_request',
  'ask_about_specials',
];

describe('graph editor in Chromium (web mode)', () => {
  let app: WebApp;
  let importedId = '';
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('imports a corpus agent through the file picker and shows every node on the canvas', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByTestId('import-input').setInputFiles(FIXTURE);
    const outcome = page.getByTestId('import-outcome').filter({ hasText: path.basename(FIXTURE) });
    await outcome.getByText('imported as agent').waitFor();
    expect(await outcome.textContent()).toContain('6 nodes');
    await outcome.getByRole('link').click();
    await page.getByTestId('graph-editor').waitFor();
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="graph-node"]').length === 6);
    for (const id of CORPUS_NODES) expect(await nodeCard(page, id).isVisible()).toBe(true);
    importedId = page.url().split('/agents/')[1]!;
    // entry and global nodes are marked
    expect(await nodeCard(page, 'greeting').getByText('Start', { exact: true }).isVisible()).toBe(true);
    for (const id of ['cancel_request', 'ask_about_specials']) {
      expect(await nodeCard(page, id).getByText('global', { exact: true }).isVisible()).toBe(true);
      expect(await nodeCard(page, id).getAttribute('class')).toContain('is-global');
    }
    expect(await nodeCard(page, 'cancel_request').textContent()).toContain(
      'Enters when The caller says they want to cancel',
    );
    // every transition is drawn with its condition
    expect(await edgeLabel(page, 'greeting', 'edge-greeting-to-customize').textContent()).toContain(
      'The caller has stated what kind',
    );
    expect(await validationSettled(page)).toBe('No problems found');
  });

  it('edits a prompt and an edge condition, saves, and lists the new version with its changes', async () => {
    const { page } = app;
    await nodeCard(page, 'customize_order').click();
    await page.getByTestId('node-prompt').fill('Confirm size and crust.\nAsk for the delivery address.');
    await page.waitForFunction(() =>
      document.querySelector('[data-node-id="customize_order"]')?.textContent?.includes('Confirm size and crust.'),
    );
    expect(await page.getByTestId('dirty-indicator').isVisible()).toBe(true);

    await edgeLabel(page, 'confirm_order', 'edge-confirm-to-end').click();
    await page.getByTestId('edge-inspector').waitFor();
    await page.getByTestId('edge-condition').fill('The caller said yes to the order');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-edge-id="confirm_order::edge-confirm-to-end"]')
        ?.textContent?.includes('The caller said yes'),
    );

    await page.keyboard.press('Control+s');
    await page.getByTestId('save-status').getByText('v2 saved').waitFor();
    await page.getByTestId('dirty-indicator').waitFor({ state: 'detached' });
    expect(await page.getByTestId('current-version').textContent()).toBe('v2');

    await page.getByRole('tab', { name: /Versions/ }).click();
    const rows = page.getByTestId('version-row');
    await page.waitForFunction(() => document.querySelectorAll('[data-testid="version-row"]').length === 2);
    expect(await rows.first().textContent()).toContain('v2');
    const changes = rows.first().getByTestId('version-changes');
    await changes.waitFor();
    const text = (await changes.textContent()) ?? '';
    // changes speak in node names, not ids (issue 17)
    expect(text).toContain('node “Customize Order” instruction changed');
    expect(text).toContain('edge “Confirm Order” -> ');
    expect(text).not.toContain('edge-confirm-to-end');

    // a version can carry a note saying what changed
    await nodeCard(page, 'customize_order').click();
    await page.getByTestId('node-prompt').fill('Confirm size, crust and toppings.\nAsk for the delivery address.');
    await page.getByRole('button', { name: 'Save with a note' }).click();
    const noteDialog = page.getByTestId('save-note-dialog');
    await noteDialog.getByLabel('Version note').fill('Ask for toppings too');
    await noteDialog.getByRole('button', { name: 'Save version' }).click();
    await page.getByTestId('save-status').getByText('v3 saved').waitFor();
    await noteDialog.waitFor({ state: 'detached' });
    expect(app.ctx.store.agents.versions(importedId).find((v) => v.version === 3)?.note).toBe('Ask for toppings too');
    await page.getByRole('tab', { name: /Versions/ }).click();
    await expect.poll(() => rows.first().textContent()).toContain('Ask for toppings too');

    // saving again without edits makes no version
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByTestId('save-status').getByText('No changes to save').waitFor();
    expect(app.ctx.store.agents.versions(importedId)).toHaveLength(3);
  });

  it('shows a validation error on the node when it breaks, and removes it on undo', async () => {
    const { page } = app;
    await page.getByRole('tab', { name: 'Inspect' }).click();
    await edgeLabel(page, 'customize_order', 'edge-customize-to-confirm').click();
    await page.getByTestId('edge-condition').fill('');
    const badge = nodeCard(page, 'customize_order').getByTestId('lint-badge');
    await badge.waitFor();
    expect(await badge.getAttribute('aria-label')).toBe('1 error');
    expect(await validationSettled(page)).toMatch(/^1 error/);
    const issue = page.getByTestId('validation-issue').first();
    expect(await issue.textContent()).toContain('prompt condition');

    await page.keyboard.press('Control+z');
    await badge.waitFor({ state: 'detached' });
    expect(await validationSettled(page)).toBe('No problems found');

    // deleting the entry node is an error too; undo brings the node back
    await nodeCard(page, 'greeting').click();
    await page.keyboard.press('Delete');
    await nodeCard(page, 'greeting').waitFor({ state: 'detached' });
    await page.getByTestId('validation-issue').filter({ hasText: 'entry node "greeting" does not exist' }).waitFor();
    await page.keyboard.press('Control+z');
    await nodeCard(page, 'greeting').waitFor();
    expect(await validationSettled(page)).toBe('No problems found');
    await page.keyboard.press('Control+y');
    await nodeCard(page, 'greeting').waitFor({ state: 'detached' });
    await page.keyboard.press('Control+Shift+z');
    await page.keyboard.press('Control+z');
    await nodeCard(page, 'greeting').waitFor();
  });

  it('clicking a problem selects its node', async () => {
    const { page } = app;
    const id = createAgent(app, { ...demoGraph(), name: 'Broken', entry_node_id: 'greet' });
    await openEditor(page, id, 7);
    await edgeLabel(page, 'route', 'is-new').click();
    await page.getByLabel('Equation 1 variable').fill('');
    await page.getByTestId('validation-issue').first().waitFor();
    await page.keyboard.press('Escape');
    await page.getByTestId('validation-issue').filter({ hasText: 'must not be empty' }).click();
    await page.getByTestId('edge-inspector').waitFor();
    expect(await page.getByTestId('edge-inspector').textContent()).toContain('is-new');
    await page.keyboard.press('Control+z');
  });

  it('adds nodes from the palette, connects them by drag and builds an equation', async () => {
    const { page } = app;
    const id = createAgent(app, demoGraph());
    await openEditor(page, id, 7);
    await page.getByRole('button', { name: 'Add End call node' }).click();
    await nodeCard(page, 'end_1').waitFor();
    expect(await page.getByLabel('Node name').inputValue()).toBe('End call 1');
    await page.getByRole('button', { name: 'Fit', exact: true }).click();
    await page.waitForTimeout(400);
    // drag from the source handle of "Front desk" to the new end node
    const handle = nodeCard(page, 'transfer').locator('.react-flow__handle.source');
    const h = (await handle.boundingBox())!;
    const t = (await nodeCard(page, 'end_1').boundingBox())!;
    await page.mouse.move(h.x + h.width / 2, h.y + h.height / 2);
    await page.mouse.down();
    await page.mouse.move(t.x + t.width / 2, t.y + t.height / 2, { steps: 12 });
    await page.mouse.move(t.x + 6, t.y + t.height / 2, { steps: 4 });
    await page.mouse.up();
    const label = edgeLabel(page, 'transfer', 'edge-transfer-to-end_1');
    await label.waitFor();
    expect(await label.textContent()).toContain('condition not written yet');
    await page.getByTestId('edge-inspector').waitFor();
    await page.getByLabel('Condition kind').selectOption('equation');
    await page.getByLabel('Equation 1 variable').fill('patient_type');
    await page.getByLabel('Equation 1 operator').selectOption('!=');
    await page.getByLabel('Equation 1 value').fill('new');
    await page.waitForFunction(() =>
      document
        .querySelector('[data-edge-id="transfer::edge-transfer-to-end_1"]')
        ?.textContent?.includes('patient_type != new'),
    );
    // exists has no value field
    await page.getByLabel('Equation 1 operator').selectOption('exists');
    expect(await page.getByLabel('Equation 1 value').count()).toBe(0);
    await page.waitForFunction(() =>
      document
        .querySelector('[data-edge-id="transfer::edge-transfer-to-end_1"]')
        ?.textContent?.includes('patient_type exists'),
    );

    // duplicate with Ctrl+D, delete with Delete
    await nodeCard(page, 'end_1').click();
    await page.keyboard.press('Control+d');
    await nodeCard(page, 'end_1_copy').waitFor();
    await page.keyboard.press('Delete');
    await nodeCard(page, 'end_1_copy').waitFor({ state: 'detached' });
  });

  it('offers variables and snippets while typing a prompt', async () => {
    const { page } = app;
    await nodeCard(page, 'greet').click();
    const box = page.getByTestId('node-prompt');
    await box.fill('Hello ');
    await box.press('End');
    await box.pressSequentially('{{pat');
    const list = page.getByRole('listbox', { name: 'Variables' });
    await list.waitFor();
    expect(await list.textContent()).toContain('{{patient_type}}');
    await box.press('Enter');
    expect(await box.inputValue()).toBe('Hello {{patient_type}}');
    await box.pressSequentially(' {{cur');
    expect(await page.getByRole('listbox', { name: 'Variables' }).textContent()).toContain('{{current_date}}');
    await box.press('Escape');
    await box.pressSequentially(' {%h');
    expect(await page.getByRole('listbox', { name: 'Snippets' }).textContent()).toContain('{%hours%}');
    await box.press('Tab');
    expect(await box.inputValue()).toBe('Hello {{patient_type}} {{cur {%hours%}');
  });

  it('finds nodes by search, tidies the layout up and undoes it', async () => {
    const { page } = app;
    const search = page.getByLabel('Search nodes');
    await search.fill('front desk');
    const results = page.getByRole('listbox', { name: 'Matching nodes' });
    expect(await results.textContent()).toContain('Front desk');
    expect(await nodeCard(page, 'greet').getAttribute('class')).toContain('is-dim');
    await search.press('Enter');
    await page.getByTestId('node-inspector').getByText('transfer', { exact: true }).waitFor();
    expect(await page.getByLabel('Node name').inputValue()).toBe('Front desk');
    await search.fill('');
    expect(await nodeCard(page, 'greet').getAttribute('class')).not.toContain('is-dim');

    const pos = () => page.locator('.react-flow__node[data-id="menu"]').getAttribute('style');
    const before = await pos();
    await page.getByRole('button', { name: 'Tidy up' }).click();
    await page.waitForFunction(
      (b) =>
        (
          globalThis as unknown as {
            document: { querySelector(s: string): { getAttribute(a: string): string | null } | null };
          }
        ).document
          .querySelector('.react-flow__node[data-id="menu"]')
          ?.getAttribute('style') !== b,
      before,
    );
    await page.keyboard.press('Control+z');
    await page.waitForFunction(
      (b) =>
        (
          globalThis as unknown as {
            document: { querySelector(s: string): { getAttribute(a: string): string | null } | null };
          }
        ).document
          .querySelector('.react-flow__node[data-id="menu"]')
          ?.getAttribute('style') === b,
      before,
    );
  });

  it('guards unsaved changes when leaving, opens an old version read-only and restores it', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    const dialog = page.getByTestId('leave-dialog');
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByTestId('graph-editor').isVisible()).toBe(true);
    await page.keyboard.press('Control+s');
    await page.getByTestId('save-status').getByText('v2 saved').waitFor();

    await page.getByRole('tab', { name: /Versions/ }).click();
    await page.getByTestId('version-row').nth(1).getByRole('button', { name: 'Open' }).click();
    await page.getByText('Viewing v1 (read-only).').waitFor();
    await page.getByTestId('graph-view').waitFor();
    await page.getByRole('button', { name: 'Restore this version' }).click();
    await page.getByTestId('restore-dialog').getByRole('button', { name: 'Restore as a new version' }).click();
    await page.getByTestId('save-status').getByText('v3 saved').waitFor();
    const versions = app.ctx.store.agents.versions(page.url().split('/agents/')[1]!);
    expect(versions.map((v) => v.note)[0]).toBe('restored from v1');
    expect(await nodeCard(page, 'end_1').count()).toBe(0);
  });

  it('keeps unsaved work as a draft and offers it back when the agent is opened again', async () => {
    const { page } = app;
    const id = createAgent(app, { ...demoGraph(), name: 'Drafty' });
    await openEditor(page, id, 7);
    await nodeCard(page, 'greet').click();
    await page.getByTestId('node-prompt').fill('Unsaved words that must survive a crash');
    await page.waitForTimeout(1500);
    // leave without the app's guard (as a crash or a closed tab would), then open the agent again
    await page.evaluate(() => {
      (globalThis as unknown as { location: { hash: string } }).location.hash = '#/agents';
    });
    await page.getByTestId('agents-page').waitFor();
    await openEditor(page, id, 7);
    await page.getByText(/Unsaved changes from .* were found/).waitFor();
    expect(await nodeCard(page, 'greet').textContent()).not.toContain('Unsaved words');
    await page.getByRole('button', { name: 'Restore them' }).click();
    await page.waitForFunction(() =>
      document.querySelector('[data-node-id="greet"]')?.textContent?.includes('Unsaved words'),
    );
    expect(await page.getByTestId('dirty-indicator').isVisible()).toBe(true);
    await page.keyboard.press('Control+s');
    await page.getByTestId('save-status').getByText('v2 saved').waitFor();
  });

  it('exports a version as a file and reports what the format cannot carry', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Export ▾' }).click();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /Parley/ }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^Drafty\.v2\.parley\.json$/);
    const result = page.getByTestId('export-result');
    await result.waitFor();
    await result.getByRole('button', { name: 'OK' }).click();
    await page.getByRole('button', { name: 'Export ▾' }).click();
    const [d2] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('menuitem', { name: /voicetest/ }).click(),
    ]);
    expect(d2.suggestedFilename()).toContain('.voicetest.json');
    await result.waitFor();
    await result.getByRole('button', { name: 'OK' }).click();
  });
});
