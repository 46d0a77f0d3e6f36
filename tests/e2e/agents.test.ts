import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, demoGraph, nodeCard } from './support/graph-editor.js';

declare const DataTransfer: new () => { items: { add(f: unknown): void } };
declare const File: new (parts: string[], name: string, opts: { type: string }) => unknown;

const FIXTURE = fileURLToPath(new URL('../fixtures/ui/retell-sample_config_logic_split.json', import.meta.url));

/** Drops files on the agents page the way a file manager does (a DataTransfer with File items). */
async function dropFiles(page: Page, files: { name: string; text: string }[]) {
  const dt = await page.evaluateHandle((fs) => {
    const d = new DataTransfer();
    for (const f of fs) d.items.add(new File([f.text], f.name, { type: 'application/json' }));
    return d;
  }, files);
  const target = page.getByTestId('agents-page');
  await target.dispatchEvent('dragenter', { dataTransfer: dt });
  await target.dispatchEvent('dragover', { dataTransfer: dt });
  await page.getByText('Drop files to import them').waitFor();
  await target.dispatchEvent('drop', { dataTransfer: dt });
}

describe('agents page in Chromium (web mode)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('says what to do when there are no agents, and creates a new agent with one node', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByText('No agents yet').waitFor();
    await page.getByRole('button', { name: 'New agent', exact: true }).click();
    const dialog = page.getByTestId('new-agent-dialog');
    await dialog.getByLabel('Agent name').fill('Dental front desk');
    await dialog.getByRole('button', { name: 'Create and open' }).click();
    await page.getByTestId('graph-editor').waitFor();
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('[data-testid="graph-node"]').length === 1,
    );
    expect(await nodeCard(page, 'start').textContent()).toContain('Start');
    const [agent] = app.ctx.store.agents.list();
    expect(agent).toMatchObject({ name: 'Dental front desk', version: 1, node_count: 1 });
  });

  it('imports files dropped on the page and reports each file with its warnings and errors', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByTestId('agent-row').first().waitFor();
    await dropFiles(page, [
      { name: 'support-router.json', text: fs.readFileSync(FIXTURE, 'utf8') },
      { name: 'typo.json', text: '{\n  "start_node_id": "a",\n  "nodes": [\n    { "id": "a" },,\n  ]\n}' },
    ]);
    await page.getByText('Imported 1 of 2 files').waitFor();
    const good = page.locator('[data-testid="import-outcome"][data-file="support-router.json"]');
    expect(await good.textContent()).toContain('imported as agent');
    expect(await good.textContent()).toContain('5 nodes');
    // warnings name the JSON path in the file
    expect(await good.textContent()).toContain('nodes[1].edges[0].transition_condition.equations[0].left');
    const bad = page.locator('[data-testid="import-outcome"][data-file="typo.json"]');
    expect(await bad.textContent()).toContain('not imported');
    expect(await bad.textContent()).toMatch(/line 4, column \d+/);
    await page.waitForFunction(
      () =>
        (
          globalThis as unknown as { document: { querySelectorAll(s: string): { length: number } } }
        ).document.querySelectorAll('[data-testid="agent-row"]').length === 2,
    );
    expect(app.ctx.store.agents.list().map((a) => a.name)).toContain('support-router');
  });

  it('deletes an agent only after confirmation', async () => {
    const { page } = app;
    const before = app.ctx.store.agents.list().length;
    const row = page.getByTestId('agent-row').filter({ hasText: 'Dental front desk' });
    await row.getByRole('button', { name: 'Delete Dental front desk' }).click();
    const dialog = page.getByTestId('delete-agent-dialog');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    expect(app.ctx.store.agents.list()).toHaveLength(before);
    await row.getByRole('button', { name: 'Delete Dental front desk' }).click();
    await dialog.getByRole('button', { name: 'Delete agent' }).click();
    await row.waitFor({ state: 'detached' });
    expect(app.ctx.store.agents.list()).toHaveLength(before - 1);
  });

  it('explains when runs use the agent and can delete it with its runs', async () => {
    const { page } = app;
    const id = createAgent(app, { ...demoGraph(), name: 'Has runs' });
    const v = app.ctx.store.agents.latest(id)!;
    app.ctx.store.runs.create({
      kind: 'simulated',
      agent_id: id,
      agent_version_id: v.id,
      agent_name: 'Has runs',
      suite_id: null,
      suite_name: 's',
      models: {},
      options: { concurrency: 1 },
    });
    await page.reload();
    const row = page.getByTestId('agent-row').filter({ hasText: 'Has runs' });
    await row.getByRole('button', { name: 'Delete Has runs' }).click();
    const dialog = page.getByTestId('delete-agent-dialog');
    await dialog.getByRole('button', { name: 'Delete agent' }).click();
    await dialog.getByRole('alert').waitFor();
    expect(await dialog.getByRole('alert').textContent()).toContain('1 run');
    await dialog.getByRole('button', { name: 'Delete the agent and its runs' }).click();
    await row.waitFor({ state: 'detached' });
    expect(app.ctx.store.agents.summary(id)).toBeUndefined();
    expect(app.ctx.store.runs.list({ agent_id: id })).toHaveLength(0);
  });
});
