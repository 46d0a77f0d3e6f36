import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph, TestCase, TestSuite } from '../../src-shared/schemas/index.js';
import { openWebApp, type WebApp } from './support/browser.js';

/**
 * Issue 34 in real web mode + Chromium: "Make a test from this turn" on an agent turn of a stored result
 * makes the checkpoint test `parley pin` makes (app/runs/pin.ts) and adds it to the run's suite. The run is the
 * bundled example on its scripted model, stored in a real SQLite file.
 */
describe('Make a test from this turn', () => {
  let app: WebApp;
  let runId: string;
  let suiteId: string;
  const base = () => app.server.url.split('?')[0];
  const ex = (f: string) => path.resolve(import.meta.dirname, '../../resources/example', f);

  beforeAll(async () => {
    app = await openWebApp();
    const { runSuite } = await import('../../src-main/engine/index.js');
    const { scriptedModel } = await import('../../src-main/providers/scripted.js');
    const graph = AgentGraph.parse(JSON.parse(fs.readFileSync(ex('agent.json'), 'utf8')));
    const suite = TestSuite.parse(JSON.parse(fs.readFileSync(ex('suite.json'), 'utf8')));
    const { agent, version } = app.ctx.store.agents.create(graph);
    const doc = app.ctx.store.suites.create({ ...suite, tests: suite.tests.slice(0, 1) }, 'Pin example');
    suiteId = doc.id;
    const model = scriptedModel(JSON.parse(fs.readFileSync(ex('scripted-model.json'), 'utf8')), {
      model: 'scripted-model.json',
    });
    const out = await runSuite({
      store: app.ctx.store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: graph.name, graph },
      suite: { id: doc.id, name: doc.name, data: doc.data },
      options: { concurrency: 1 },
    });
    runId = out.run.id;
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows the turn as a checkpoint test and adds the same test parley pin makes to the suite', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${runId}`);
    await page.reload();
    await page.getByTestId('test-row-0-0').click();
    const detail = page.locator('[data-result-detail]');
    const turn = detail.locator('li.turn-agent', { hasText: 'Shall I book it' });
    await turn.getByTestId('pin-turn').click();
    const dialog = page.getByTestId('pin-turn-dialog');
    await expect.poll(async () => (await dialog.getByTestId('pin-json').textContent()) ?? '').toContain('"offer_slot"');
    await dialog.getByTestId('pin-add').click();
    await dialog.getByTestId('pin-added').waitFor();
    const stored = app.ctx.store.suites.get(suiteId)!.data.tests;
    expect(stored).toHaveLength(2);
    const { pinStoredTurn } = await import('../../src-main/app/index.js');
    const [result] = app.ctx.store.results.listByRun(runId);
    const n = Number((await turn.locator('.turn-no').textContent())!.replace('#', ''));
    const fromCli = pinStoredTurn(app.ctx.store, { run: runId, result: result.id, turn: n }).test;
    expect(stored[1]).toEqual(TestCase.parse(fromCli));
    expect(stored[1].checkpoint?.expect).toMatchObject({ next_node: 'offer_slot', tool_call: { name: 'find_slots' } });
  }, 120_000);
});
