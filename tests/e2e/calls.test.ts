import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel } from './runs-dialog.js';
import { tempDir } from '../support/tmp.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { AgentGraph } from '../../src-shared/schemas/index.js';
import { dispatch } from '../../src-main/api/dispatch.js';
import { generateIntentCalls } from '../support/intent-calls.js';
import { piiAgentGraph } from '../support/pii-calls.js';
import { shotPath } from './support/shots.js';

const fixture = (f: string) => path.resolve(__dirname, '../fixtures/calls', f);

/** Real calls in the app (web mode + Chromium): import, evaluate, replay, delete; and a backup of the data. */
describe('real calls in Chromium', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;

  beforeAll(async () => {
    app = await openWebApp();
    tmp = tempDir();
    seedClinic(app.ctx.store);
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('imports two call files, evaluates them with a suite, replays them against the agent, deletes the replay', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'Import calls…' }).click();
    const dialog = page.getByTestId('import-calls');
    await dialog.getByLabel('Call files').setInputFiles([fixture('plain-transcript.json'), fixture('vapi-call.json')]);
    await dialog.getByRole('button', { name: 'Import 2 calls' }).click();
    await page.waitForURL(/#\/runs\/run/);
    const importedId = page.url().split('#/runs/')[1].split('?')[0];
    await expect.poll(() => page.locator('.results-table tbody tr').count()).toBe(2);
    expect(app.ctx.store.runs.get(importedId)).toMatchObject({ kind: 'imported', summary: { total: 2 } });
    await page.getByTestId('imported-hint').waitFor();

    // evaluate with the clinic suite and a scripted judge
    const judge = writeScript(tmp.dir, 'judge', { name: 'judge', defaults: { score: 0.95 } });
    await page.getByRole('button', { name: 'Evaluate…' }).click();
    const ev = page.getByTestId('evaluate-run');
    await ev.getByLabel('Suite').selectOption({ label: 'Clinic smoke (2 tests)' });
    await pickModel(ev, 'Judge model', `scripted:${judge}`);
    await ev.getByRole('button', { name: 'Evaluate' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/runs/run') && !u.hash.includes(importedId));
    const evaluatedId = page.url().split('#/runs/')[1].split('?')[0];
    await expect.poll(() => app.ctx.store.runs.get(evaluatedId)?.parent_run_id).toBe(importedId);
    await page.getByTestId('run-summary').waitFor();
    await expect.poll(() => page.getByTestId('imported-hint').count()).toBe(0);

    // replay the imported calls against the agent on a scripted model
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${importedId}`);
    const script = writeScript(tmp.dir, 'good', goodScript());
    await page.getByRole('button', { name: 'Replay…' }).click();
    const rp = page.getByTestId('replay-run');
    await pickModel(rp, 'Agent model', `scripted:${script}`);
    await rp.getByRole('button', { name: 'Replay' }).click();
    await page.waitForURL((u) => u.hash.startsWith('#/runs/run') && !u.hash.includes(importedId));
    const replayId = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    expect(app.ctx.store.runs.get(replayId)).toMatchObject({ kind: 'replay', parent_run_id: importedId });

    // delete the replay
    await page.getByRole('button', { name: 'Delete', exact: true }).click();
    await page.getByRole('button', { name: 'Delete run' }).click();
    await page.waitForURL(/#\/runs$/);
    expect(app.ctx.store.runs.get(replayId)).toBeUndefined();
    expect(app.ctx.store.runs.get(importedId)).toBeDefined();
  });

  it('backs the data up from the sidebar and says where the copy is', async () => {
    const { page } = app;
    await page.getByRole('button', { name: 'Back up data' }).click();
    const done = page.getByTestId('backup-done');
    await done.waitFor();
    await expect(done.textContent()).resolves.toMatch(
      new RegExp(`Saved \\d+ KB to .*${path.sep === '/' ? '/' : '\\\\'}backups`),
    );
  });

  it('Tests from calls: groups 30 redacted calls without a model, review, save the kept tests into a suite', async () => {
    const page = await app.freshPage();
    const set = generateIntentCalls(30);
    const { agent } = app.ctx.store.agents.create(AgentGraph.parse(piiAgentGraph));
    const imported = await dispatch(app.ctx, 'calls.import', { agent_id: agent.id, files: set.files, redact: true });
    if (!imported.ok) throw new Error(imported.error.message);
    const runId = (imported.output as { run_id: string }).run_id;
    const suite = app.ctx.store.suites.create({ name: 'From real calls', tests: [] }, 'From real calls');
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}`);
    await page.getByTestId('call-tests-open').click();
    const dialog = page.getByTestId('call-tests');
    await dialog.getByTestId('call-tests-propose').click();
    await dialog.getByTestId('call-tests-summary').waitFor();
    const groups = await dialog.getByTestId('call-group').count();
    expect(groups).toBeGreaterThanOrEqual(2);
    expect(groups).toBeLessThanOrEqual(6);
    // no planted value on screen: the tests come from redacted calls and are scrubbed again
    const text = (await dialog.textContent()) ?? '';
    expect(set.planted.filter((p) => text.includes(p.value)).map((p) => p.value)).toEqual([]);
    await dialog.getByLabel('Keep', { exact: false }).first().uncheck();
    await dialog.getByLabel('Name of test 2').fill('cancellations from calls');
    await dialog.getByTestId('call-tests-suite').selectOption(suite.id);
    await page.screenshot({ path: shotPath('tests-from-calls.png') });
    await dialog.getByTestId('call-tests-save').click();
    await dialog.getByTestId('call-tests-saved').waitFor();
    const names = app.ctx.store.suites.get(suite.id)!.data.tests.map((t) => t.name);
    expect(names).toHaveLength(groups - 1);
    expect(names).toContain('cancellations from calls');
  });
});
