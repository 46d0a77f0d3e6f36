import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../src-shared/schemas/index.js';
import { appOf } from '../../src-main/app/door/app-service.js';
import { requireSuite } from '../../src-main/app/index.js';
import { bookingSuite, coverScript } from '../support/cover-gaps-script.js';
import { tempDir } from '../support/tmp.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, openEditor } from './support/graph-editor.js';
import { shotPath } from './support/shots.js';

const root = path.resolve(import.meta.dirname, '../..');

/** "Cover the gaps" from the graph editor's Runs tab: propose, review (uncheck one), save, run, new coverage. */
describe('cover the gaps (Chromium)', () => {
  let app: WebApp;
  let agentId = '';
  const t = tempDir();
  beforeAll(async () => {
    app = await openWebApp();
    const graph = AgentGraph.parse(
      JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')),
    );
    agentId = createAgent(app, graph);
    const file = path.join(t.dir, 'cover.json');
    writeFileSync(file, JSON.stringify(coverScript()));
    const suiteId = app.ctx.store.suites.create(bookingSuite, 'Clinic suite', { agent_id: agentId }).id;
    const h = await appOf(app.ctx).runs.start({
      agent: agentId,
      suite: requireSuite(app.ctx.store, suiteId),
      models: { agent: { provider: 'scripted', model: file, params: {} } },
    });
    await h.done;
  });
  afterAll(async () => {
    await app?.close();
    t.cleanup();
  });

  it('is offered on the suite page too, with the suite’s last judge model that is not the scripted one', async () => {
    const { page } = app;
    const suite = app.ctx.store.suites.find('Clinic suite')!;
    // an earlier run judged by a real model (no conversations: it changes no coverage), then the scripted run
    const first = app.ctx.store.runs.list({ suite_id: suite.id })[0];
    const judged = app.ctx.store.runs.create(
      {
        kind: 'simulated',
        status: 'completed',
        agent_id: agentId,
        agent_version_id: first.agent_version_id,
        agent_name: first.agent_name,
        suite_id: suite.id,
        suite_name: suite.name,
        models: {
          ...first.models,
          judge: {
            spec: { provider: 'openai', model: 'gpt-4o-mini', params: {}, endpoints: ['http://127.0.0.1:9/v1'] },
          },
        },
        options: first.options,
      },
      suite.data,
    );
    expect(judged.created_at >= first.created_at).toBe(true);
    await page.goto(`${app.server.url.split('?')[0]}#/suites/${suite.id}`);
    const card = page.getByTestId('suite-coverage-card');
    await card.getByText('2 of 4 edges (50%)').waitFor();
    await card.getByRole('button', { name: 'Cover the gaps (2)' }).click();
    const dialog = page.getByTestId('cover-gaps');
    await expect
      .poll(() => dialog.getByLabel('Model that writes the tests provider', { exact: true }).inputValue())
      .toBe('openai');
    await expect(
      dialog.getByLabel('Model that writes the tests model name', { exact: true }).inputValue(),
    ).resolves.toBe('gpt-4o-mini');
    await dialog.getByRole('button', { name: 'Close' }).click();
    app.ctx.store.runs.delete(judged.id);
    await page.reload(); // forget the lists that held it
  });

  it('proposes a test per gap, saves the checked ones into the suite and shows the new coverage', async () => {
    const { page } = app;
    await openEditor(page, agentId, 4);
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByTestId('overlay-run').getByRole('button', { name: 'Show coverage' }).click();
    const cov = page.getByTestId('suite-coverage');
    await cov.getByText('2 of 4 edges (50%)').waitFor();
    await cov.getByRole('button', { name: 'Cover the gaps (2)' }).click();
    const dialog = page.getByTestId('cover-gaps');
    await dialog.waitFor();
    expect(await dialog.getByTestId('cover-gaps-list').textContent()).toContain('greet → cancel');
    // the model is the one the suite's run used
    await dialog.getByTestId('cover-gaps-propose').click();
    const proposals = dialog.getByTestId('gap-proposal');
    await proposals.first().waitFor();
    expect(await proposals.count()).toBe(2);
    expect(await proposals.nth(0).textContent()).toContain('greet → cancel');
    expect(await proposals.nth(1).textContent()).toContain('cancel → bye');
    await dialog.getByRole('checkbox', { name: 'Keep cover cancel -> bye' }).uncheck();
    await dialog.getByRole('textbox', { name: 'Name of test 1' }).fill('cancels a visit');
    await page.screenshot({ path: shotPath('cover-gaps-review.png') });
    await dialog.getByTestId('cover-gaps-save').click();
    await dialog.getByTestId('cover-gaps-saved').waitFor();
    const suite = app.ctx.store.suites.find('Clinic suite')!.data;
    expect(suite.tests.map((x) => x.name)).toEqual(['books a visit', 'cancels a visit']);
    expect(suite.tests[1].assertions?.path?.must_visit).toEqual(['cancel']);
    await dialog.getByTestId('cover-gaps-run').click();
    const after = dialog.getByTestId('cover-gaps-after');
    await after.waitFor({ timeout: 30_000 });
    expect(await after.textContent()).toContain('After: 4 of 4 edges (100%)');
    expect(await after.textContent()).toContain('Newly covered: greet → cancel, cancel → bye');
    await page.screenshot({ path: shotPath('cover-gaps-after.png') });
    await dialog.getByRole('button', { name: 'Done' }).click();
  });

  it('the suite page shows the same coverage, with the added test in the list', async () => {
    const { page } = app;
    const id = app.ctx.store.suites.find('Clinic suite')!.id;
    await page.goto(`${app.server.url}#/suites/${id}`);
    const cov = page.getByTestId('suite-coverage');
    await cov.waitFor();
    await cov.getByText('4 of 4 edges (100%)').waitFor();
    expect(await cov.textContent()).toContain('Every edge and global node was reached.');
    await page.getByText('cancels a visit').first().waitFor();
  });
});
