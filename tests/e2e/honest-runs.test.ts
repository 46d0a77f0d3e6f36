import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel, startRun } from './runs-dialog.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';
import { seedClinic, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';

/**
 * Issue 17, items 1, 4, 5 and 6 in real web mode + Chromium: the bundled example script only for the
 * example agent, demo runs marked wherever they appear, Run again / Run on another model with the
 * dialog pre-filled (real runs on the tiny GGUF), Compare… making the run B, the full configuration
 * and what differs in the compare header, and tokens per conversation when repeat counts differ.
 */
describe('honest runs, run again and run identity in compare', () => {
  let app: WebApp;
  let gguf: string;
  let clinic: { agentId: string; suiteId: string };
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    gguf = await ensureTinyGguf();
    app = await openWebApp();
    clinic = seedClinic(app.ctx.store);
    const first = await dispatch(app.ctx, 'app.firstRun', {});
    expect(first.ok).toBe(true);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('offers the bundled example script only for the example agent, and a local-model step for any other', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Agent', { exact: true }).selectOption(clinic.agentId);
    await dialog.getByTestId('local-model-guide').waitFor();
    await dialog.getByLabel('Agent model provider', { exact: true }).selectOption('scripted');
    // nothing offered: the bundled script is not listed for this agent, only a path to type
    await expect(dialog.getByLabel('Agent model model', { exact: true }).count()).resolves.toBe(0);
    await expect(dialog.getByTestId('scripted-note').textContent()).resolves.toContain('marked demo');
    // typing the bundled script's path by hand is refused for this agent, with the reason
    const bundled = (await dispatch(app.ctx, 'app.firstRun', {})) as { ok: true; output: { model_spec?: string } };
    await dialog
      .getByLabel('Agent model model name', { exact: true })
      .fill(bundled.output.model_spec!.replace(/^scripted:/, ''));
    await expect(dialog.getByRole('status').textContent()).resolves.toContain('written for the example agent');
    await expect(dialog.getByRole('button', { name: 'Start run' }).isDisabled()).resolves.toBe(true);
    await page.screenshot({ path: '/tmp/wt17-new-run-local-model-1024.png' });
    // the example agent: its script is offered and said to make demo runs
    const example = (await dispatch(app.ctx, 'app.firstRun', {})) as { ok: true; output: { agent_id: string } };
    await dialog.getByLabel('Agent', { exact: true }).selectOption(example.output.agent_id);
    await dialog.getByTestId('example-script-hint').waitFor();
    await dialog.getByLabel('Agent model provider', { exact: true }).selectOption('scripted');
    await expect(dialog.getByLabel('Agent model model', { exact: true }).textContent()).resolves.toContain(
      'scripted:scripted-model.json — bundled example script (demo runs)',
    );
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  it('marks scripted runs "demo" in the runs list, on the run page and in compare', async () => {
    const { page } = app;
    const [demoA, demoB] = await seedRuns(app.ctx.store, [worseScript(), worseScript({ name: 'clinic-worse-2' })]);
    await page.goto(`${base()}#/runs`);
    await page.reload();
    await page.getByTestId(`run-row-${demoA}`).getByTestId('demo-badge').waitFor();
    await page.goto(`${base()}#/runs/${demoA}`);
    await expect(page.getByTestId('demo-notice').textContent()).resolves.toContain('say nothing about your agent');
    await page.goto(`${base()}#/compare?runs=${demoA},${demoB}`);
    await expect(page.getByTestId('compare-demo-note').textContent()).resolves.toContain('Both runs are demo runs');
  });

  it('runs on the tiny GGUF, runs again with another context size and repeats, and compares with the new run as B', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    let dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Agent', { exact: true }).selectOption(clinic.agentId);
    await dialog.getByLabel('Test suite').selectOption(clinic.suiteId);
    await pickModel(dialog, 'Agent model', `llama-cpp:${gguf}`, { threads: '1' });
    await dialog.getByLabel('Agent model context size', { exact: true }).fill('1024');
    await dialog.getByLabel('Max turns').fill('2');
    // the default concurrency is the CLI's
    await expect(dialog.getByLabel('Concurrency').inputValue()).resolves.toBe('4');
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    const first = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 120_000 });
    await expect(page.getByTestId('demo-badge').count()).resolves.toBe(0);

    // Run on another model: the same set-up with the agent model to choose, its provider focused
    await page.getByRole('button', { name: 'Run on another model' }).click();
    dialog = page.getByRole('dialog', { name: 'Run on another model' });
    await expect(dialog.getByLabel('Test suite').inputValue()).resolves.toBe(clinic.suiteId);
    await expect(dialog.getByLabel('Max turns').inputValue()).resolves.toBe('2');
    await expect.poll(() => page.locator(':focus').getAttribute('aria-label')).toBe('Agent model provider');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // Run again: everything pre-filled; change the context size and the repeats
    await page.getByRole('button', { name: 'Run again' }).click();
    dialog = page.getByRole('dialog', { name: 'Run again' });
    await expect(dialog.getByLabel('Agent', { exact: true }).inputValue()).resolves.toBe(clinic.agentId);
    await dialog
      .getByText(/^Parameters/)
      .first()
      .click();
    await expect(dialog.getByLabel('Agent model context size', { exact: true }).inputValue()).resolves.toBe('1024');
    await dialog.getByLabel('Agent model context size', { exact: true }).fill('2048');
    await dialog.getByLabel('Repeats', { exact: true }).fill('2');
    await startRun(dialog);
    await page.waitForURL((u) => /#\/runs\/run/.test(u.href) && !u.href.includes(first));
    const second = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 120_000 });

    // Compare… from the second run: it is B, the first run the baseline
    await page.getByRole('button', { name: 'Compare…' }).click();
    await page.waitForURL(new RegExp(`#/compare\\?runs=${first},${second}`));
    const line = page.getByTestId('differ-line');
    await expect(line.textContent()).resolves.toContain(
      'A and B differ in: agent, caller and judge model parameters context_size 1024 -> 2048',
    );
    await expect(line.textContent()).resolves.toContain("repeats the tests' own -> 2");
    const headB = page.getByTestId('run-head-b');
    await expect(headB.getByTestId('run-config').textContent()).resolves.toMatch(/agent.*context_size 2048/);
    await expect(headB.getByTestId('run-config').textContent()).resolves.toContain('same as agent');
    // 2 vs 4 conversations: tokens per conversation, said so
    await expect(page.getByTestId('delta-tokens').textContent()).resolves.toContain('Tokens / conversation');
    await expect(page.getByTestId('conversations-note').textContent()).resolves.toContain('per conversation');
    await page.screenshot({ path: '/tmp/wt17-compare-config-1440.png' });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: '/tmp/wt17-compare-config-1024.png' });
    await page.setViewportSize({ width: 1440, height: 900 });

    // the dialog remembers the last set-up, and offers a suite created since
    const newer = app.ctx.store.suites.create(
      { name: 'Made just now', tests: [{ name: 't', user_prompt: 'Hi', metrics: [] }] },
      'Made just now',
    );
    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    dialog = page.getByRole('dialog', { name: 'New run' });
    await expect(dialog.getByLabel('Agent', { exact: true }).inputValue()).resolves.toBe(clinic.agentId);
    await expect.poll(() => dialog.getByLabel('Test suite').inputValue()).toBe(newer.id);
    await expect(dialog.getByLabel('Repeats', { exact: true }).inputValue()).resolves.toBe('2');
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // the suite page runs it again with its last run's set-up
    await page.goto(`${base()}#/suites/${clinic.suiteId}`);
    await page.getByRole('button', { name: 'Run again' }).click();
    dialog = page.getByRole('dialog', { name: 'Run again' });
    await expect(dialog.getByLabel('Test suite').inputValue()).resolves.toBe(clinic.suiteId);
    await expect(dialog.getByLabel('Agent model provider', { exact: true }).inputValue()).resolves.toBe('llama-cpp');
    await expect(dialog.getByLabel('Repeats', { exact: true }).inputValue()).resolves.toBe('2');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
  }, 300_000);
});
