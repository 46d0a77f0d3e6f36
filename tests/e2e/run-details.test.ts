import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { pickModel, startRun } from './runs-dialog.js';
import { tempDir } from '../support/tmp.js';
import { goodScript, seedClinic, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';
import { collectFailures } from '../../src-main/app/analysis/problems/failure-groups.js';

/**
 * Issue 17, item 12 (the points not about the New run dialog's errors), in real web mode + Chromium:
 * short local timestamps (relative when recent), an ETA on a long run, the Ollama section not red for
 * someone who never set Ollama up, and grouping that names no problem says why.
 */
describe('run details: dates, ETA, Ollama note, grouping message', () => {
  let app: WebApp;
  const tmp = tempDir();
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
    tmp.cleanup();
  });

  it('shows recent runs as "just now" / "N min ago", never a long US timestamp', async () => {
    const { page } = app;
    const [id] = await seedRuns(app.ctx.store, [goodScript()]);
    await page.goto(`${base()}#/runs`);
    await page.reload();
    const cell = page.getByTestId(`run-row-${id}`).locator('td').nth(1);
    await expect.poll(() => cell.textContent()).toMatch(/^(just now|\d+ min\. ago)$/);
    await expect(cell.getAttribute('title')).resolves.toContain(id);
  });

  it('shows the time left while a long run goes on', async () => {
    const { page } = app;
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    const script = path.join(tmp.dir, 'slow.json');
    fs.writeFileSync(
      script,
      JSON.stringify({
        ...goodScript(),
        name: 'slow',
        defaults: { ...(goodScript().defaults as Record<string, unknown>), delay_ms: 150 },
      }),
    );
    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Agent', { exact: true }).selectOption(agentId);
    await dialog.getByLabel('Test suite').selectOption(suiteId);
    await pickModel(dialog, 'Agent model', `scripted:${script}`);
    await dialog.getByLabel('Repeats', { exact: true }).fill('6');
    await dialog.getByLabel('Concurrency').fill('1');
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    await expect
      .poll(() => page.getByTestId('run-eta').textContent(), { timeout: 30_000 })
      .toMatch(/about \d+ (s|min) left/);
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 60_000 });
    await expect(page.getByTestId('run-eta').count()).resolves.toBe(0);
  }, 90_000);

  it('the Ollama section is a quiet note, not an error, for someone who never set Ollama up', async () => {
    const { page } = app;
    await page.goto(`${base()}#/models`);
    const note = page.getByTestId('ollama-not-running');
    await note.waitFor({ timeout: 20_000 });
    await expect(note.textContent()).resolves.toContain('That is fine if you do not use it');
    await expect(page.getByTestId('provider-ollama').locator('.error-box').count()).resolves.toBe(0);
  });

  it('grouping that names no problem says why, and still lists the failures', async () => {
    const { page } = app;
    const [id] = await seedRuns(app.ctx.store, [worseScript()]);
    const failures = collectFailures(app.ctx.store.results.listByRun(id));
    app.ctx.store.runs.setProblems(id, {
      groups: [],
      ungrouped: failures,
      total_failures: failures.length,
      judge: 'scripted:/opt/parley/resources/example/scripted-model.json',
      grouped_at: new Date().toISOString(),
    });
    await page.goto(`${base()}#/runs/${id}`);
    const box = page.getByTestId('no-problems');
    await expect.poll(() => box.textContent()).toContain('cannot read failures');
    await expect(box.locator('li').count()).resolves.toBe(failures.length);
  });
});
