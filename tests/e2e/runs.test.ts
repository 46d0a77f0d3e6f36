import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel, startRun } from './runs-dialog.js';
import { tempDir } from '../support/tmp.js';
import { goodScript, seedClinic, worseScript, writeScript } from '../integration/api/run-control-fixtures.js';

/** Runs page and live run page in real web mode + Chromium, on the scripted model. */
describe('runs in Chromium (scripted model)', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;
  let script: string;
  let slowScript: string;

  beforeAll(async () => {
    app = await openWebApp();
    tmp = tempDir();
    seedClinic(app.ctx.store);
    // a delay per model call so the conversation is seen streaming before it finishes
    script = writeScript(
      tmp.dir,
      'good',
      goodScript({ defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 120 } }),
    );
    slowScript = writeScript(
      tmp.dir,
      'slow',
      goodScript({ defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 400 } }),
    );
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  async function startFromDialog(spec: string, opts: { concurrency?: string } = {}) {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.waitFor();
    // one agent and one suite: chosen already
    await expect.poll(() => dialog.getByLabel('Agent', { exact: true }).inputValue()).not.toBe('');
    await expect.poll(() => dialog.getByLabel('Test suite').inputValue()).not.toBe('');
    await pickModel(dialog, 'Agent model', spec);
    if (opts.concurrency) await dialog.getByLabel('Concurrency').fill(opts.concurrency);
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    return page.url().split('#/runs/')[1].split('?')[0];
  }

  it('shows an empty runs list that says what to do', async () => {
    await app.page.getByRole('link', { name: 'Runs', exact: true }).click();
    await app.page.getByText('No runs yet').waitFor();
  });

  it('runs a suite from the UI and watches it stream and finish', async () => {
    const { page } = app;
    const runId = await startFromDialog(`scripted:${script}`, { concurrency: '1' });
    // live: the progress card and a conversation streaming while the run goes
    await page.getByTestId('run-progress').waitFor();
    const live = page.getByTestId('live-conversation').first();
    await live.waitFor();
    await live.getByText('Bright Smile Dental').waitFor();
    await expect(page.getByTestId('run-status').textContent()).resolves.toMatch(/running|queued/);
    // finished: the status, the summary and both tests passed
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    await expect(page.getByTestId('pass-rate').textContent()).resolves.toBe('100%');
    await expect(page.getByTestId('test-row-0-0').textContent()).resolves.toContain('pass');
    await expect(page.getByTestId('test-row-1-0').textContent()).resolves.toContain('pass');
    expect(app.ctx.store.runs.get(runId)!.summary).toMatchObject({ total: 2, passed: 2 });
  });

  it('opens a result and sees its path on the graph', async () => {
    const { page } = app;
    await page.getByTestId('test-row-0-0').click();
    const detail = page.locator('[data-result-detail]');
    await detail.waitFor();
    await detail.getByText('Hello, Bright Smile Dental, how can I help you today?').waitFor();
    // node badges on agent turns
    await expect(detail.locator('.transcript .node-badge').first().textContent()).resolves.toBe('Greeting');
    // the graph with the path: every node drawn, visited ones numbered in order
    const graph = detail.getByTestId('graph-path-view');
    await graph.getByTestId('graph-node').first().waitFor();
    await expect.poll(() => graph.getByTestId('graph-node').count()).toBe(4);
    await expect.poll(() => graph.locator('[data-testid="graph-node"].on-path').count()).toBe(3);
    await expect(graph.locator('[data-node-id="book"] .ge-visits').textContent()).resolves.toBe('#2');
    await expect(detail.getByTestId('path-steps').textContent()).resolves.toMatch(
      /Greeting.*Book appointment.*Goodbye/,
    );
    await expect(detail.getByTestId('coverage-gaps').textContent()).resolves.toContain('Billing questions');
    await detail.getByTestId('metric').first().getByText('0.90').waitFor();
    // the selected result is in the address: a reload keeps it open
    expect(page.url()).toMatch(/result=res/);
    await page.reload();
    await page.locator('[data-result-detail]').getByTestId('graph-path-view').waitFor();
  });

  it('cancels a run from the UI, keeps what finished, and resumes it', async () => {
    const { page } = app;
    const runId = await startFromDialog(`scripted:${slowScript}`, { concurrency: '1' });
    await page.getByTestId('live-conversation').first().waitFor();
    await page.getByRole('button', { name: 'Cancel run' }).click();
    await page.getByTestId('run-status').getByText('cancelled').waitFor({ timeout: 20_000 });
    const kept = app.ctx.store.results.listByRun(runId).length;
    expect(kept).toBeLessThan(2);
    await page.getByRole('button', { name: 'Resume' }).click();
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    expect(app.ctx.store.results.listByRun(runId)).toHaveLength(2);
  });

  it('lists runs newest first with counts and keeps filters across a reload', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    const rows = page.locator('tr[data-testid^="run-row-"]');
    await rows.first().waitFor();
    await expect.poll(() => rows.count()).toBe(2);
    // the newest run ran on slow.json: named by its file, as everywhere, not by the name inside the script
    await expect(rows.first().textContent()).resolves.toContain('scripted:slow.json');
    await page.getByLabel('Status').selectOption('cancelled');
    await page.getByText('No runs match these filters').waitFor();
    expect(page.url()).toContain('status=cancelled');
    await page.reload();
    await page.getByText('No runs match these filters').waitFor();
    await expect(page.getByLabel('Status').inputValue()).resolves.toBe('cancelled');
    await page.getByRole('button', { name: 'Clear filters' }).first().click();
    await expect.poll(() => rows.count()).toBe(2);
  });

  it('a suite whose tests name their own agent model: the dialog offers to use them, and the result says which model answered', async () => {
    const { page, ctx } = app;
    const other = writeScript(
      tmp.dir,
      'other',
      goodScript({
        chat: ['I am the model this test chose.'],
        defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 1, score: 0.9 },
      }),
    );
    const agentId = ctx.store.agents.list()[0].id;
    ctx.store.suites.create(
      {
        name: 'Own models',
        tests: [{ name: 'chooses its model', caller_script: ['Hi.'], llm_model: `scripted:${other}` }],
      },
      'Own models',
      { agent_id: agentId },
    );
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.waitFor();
    await dialog.getByLabel('Test suite').selectOption({ label: 'Own models (1 test)' });
    await pickModel(dialog, 'Agent model', `scripted:${script}`);
    const own = dialog.getByLabel("Use the tests' own agent models");
    await expect(own.isChecked()).resolves.toBe(false);
    await own.check();
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    await page.getByTestId('test-row-0-0').click();
    const detail = page.locator('[data-result-detail]');
    await detail.getByText('I am the model this test chose.').waitFor();
    await expect(detail.getByTestId('result-agent-model').textContent()).resolves.toContain('scripted:other.json');
  });

  it("groups a failed run's failures into problems on the run page, and an example opens its conversation", async () => {
    const { page } = app;
    const worse = writeScript(
      tmp.dir,
      'worse',
      worseScript({
        failure_groups: [
          {
            problems: [
              {
                label: 'Offers a vague slot',
                description: 'The agent never commits to a time.',
                severity: 'high',
                failure_ids: [0, 1],
              },
            ],
          },
        ],
      }),
    );
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Test suite').selectOption({ label: 'Clinic smoke (2 tests)' });
    await pickModel(dialog, 'Agent model', `scripted:${worse}`);
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    const card = page.getByTestId('problems');
    await card.getByText('2 conversations failed.', { exact: false }).waitFor();
    await card.getByRole('button', { name: 'Group failures into problems' }).click();
    const problem = card.getByTestId('problem');
    await problem.getByText('Offers a vague slot').waitFor();
    await expect(problem.locator('.badge').textContent()).resolves.toBe('high');
    await expect(card.textContent()).resolves.toContain('grouped by scripted:worse.json');
    // the first example of the problem (the problem's own first button is Diagnose)
    await problem.locator('.problem-examples').getByRole('button').first().click();
    await page
      .locator('[data-result-detail]')
      .getByText('I can offer an appointment on Friday at 4 pm maybe.')
      .waitFor();
    expect(page.url()).toMatch(/result=res/);
  });

  it('runs a persona x scenario matrix: every test once with each chosen persona', async () => {
    const { page, ctx } = app;
    ctx.store.personas.create(
      { name: 'Impatient Ivan', identity: { name: 'Ivan' }, personality: { patience: 'low' } } as never,
      'Impatient Ivan',
    );
    ctx.store.personas.create(
      { name: 'Calm Carla', identity: { name: 'Carla' }, personality: { temperament: 'calm' } } as never,
      'Calm Carla',
    );
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Test suite').selectOption({ label: 'Clinic smoke (2 tests)' });
    await dialog.getByText('Personas × scenarios').click();
    await dialog.getByLabel('Persona Impatient Ivan').check();
    await dialog.getByLabel('Persona Calm Carla').check();
    await expect(dialog.textContent()).resolves.toContain('2 tests × 2 personas');
    await pickModel(dialog, 'Agent model', `scripted:${script}`);
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    const names = await page.locator('.results-table tbody tr').allTextContents();
    expect(names.join('|')).toMatch(
      /books a cleaning · Impatient Ivan.*books a cleaning · Calm Carla.*says goodbye · Impatient Ivan.*says goodbye · Calm Carla/,
    );
  });
});
