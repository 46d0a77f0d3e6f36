import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';

/** Compare page in real web mode + Chromium, on runs created through the engine and the store. */
describe('compare runs in Chromium', () => {
  let app: WebApp;
  let ids: string[];
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    ids = await seedRuns(app.ctx.store, [
      goodScript(),
      worseScript(),
      goodScript({
        name: 'clinic-third',
        chat: ['Hi, Bright Smile Dental speaking.', 'I can offer an appointment on Tuesday at 11 am.'],
      }),
    ]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('picks two runs on the Runs page and sees the regression first with a word-level diff', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByLabel(`Select run ${ids[0]} for comparison`).check();
    await page.getByLabel(`Select run ${ids[1]} for comparison`).check();
    await page.getByRole('button', { name: 'Compare 2 runs' }).click();
    await page.waitForURL(/#\/compare\?runs=/);
    // the regressions are counted at the top and listed first
    await expect(page.getByTestId('count-regressed').textContent()).resolves.toMatch(/^2\s*regressed/);
    await expect(page.getByTestId('delta-pass-rate').textContent()).resolves.toContain('−100.0 pp');
    const rows = page.getByTestId('compare-row');
    await expect.poll(() => rows.count()).toBe(2);
    await expect(rows.first().getByTestId('change-tag').textContent()).resolves.toBe('regressed');
    // the detail: side-by-side transcripts with the words that changed highlighted
    await rows.first().click();
    const detail = page.getByTestId('test-diff');
    await detail.waitFor();
    const changed = detail.locator('tr[data-op="changed"]').first();
    await expect(changed.locator('del.w-del').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('Tuesday')]),
    );
    await expect(changed.locator('ins.w-ins').allTextContents()).resolves.toEqual(
      expect.arrayContaining([expect.stringContaining('Friday')]),
    );
    // full text on both sides, never truncated
    await expect(changed.locator('td').nth(0).textContent()).resolves.toContain(
      'I can offer an appointment on Tuesday at 10 am.',
    );
    await expect(changed.locator('td').nth(1).textContent()).resolves.toContain(
      'I can offer an appointment on Friday at 4 pm maybe.',
    );
    // both paths drawn, the scores of both sides; each run was judged by its own script, so no delta (issue 24)
    await expect.poll(() => detail.getByTestId('graph-path-view').count()).toBe(2);
    await expect(detail.locator('.metric-deltas').textContent()).resolves.toMatch(
      /0\.90.*0\.20.*judge changed: scores not comparable/,
    );
  });

  it('keeps the filter and the open test across a reload', async () => {
    const { page } = app;
    await page.getByRole('button', { name: /^Errors/ }).click();
    await page.getByText('No tests match this filter.').waitFor();
    await page.getByRole('button', { name: /^Failures/ }).click();
    expect(page.url()).toContain('filter=failures');
    await page.reload();
    await page.getByTestId('test-diff').waitFor();
    await expect(page.getByRole('button', { name: /^Failures/ }).getAttribute('aria-pressed')).resolves.toBe('true');
    await expect.poll(() => page.getByTestId('compare-row').count()).toBe(2);
  });

  it('shows a matrix and a chart per model for three runs', async () => {
    const { page } = app;
    await page.goto(`${base()}#/compare?runs=${ids.join(',')}`);
    const matrix = page.getByTestId('matrix');
    await matrix.waitFor();
    await expect.poll(() => matrix.locator('tbody tr').count()).toBe(2);
    await expect(matrix.locator('thead').textContent()).resolves.toMatch(/clinic-good.*clinic-worse.*clinic-third/);
    // pass rate and mean score on their own scales, each run with its letter and its 95% interval
    const passBars = page.getByTestId('chart-pass');
    await expect.poll(() => passBars.getByTestId('chart-group').count()).toBe(3);
    await expect.poll(() => page.getByTestId('chart-score').getByTestId('chart-group').count()).toBe(3);
    await expect(passBars.textContent()).resolves.toContain('% of judged conversations that passed');
    await expect(page.getByTestId('chart-score').textContent()).resolves.toContain('0 to 1');
    await expect(passBars.getByTestId('chart-value').first().textContent()).resolves.toMatch(/^\d+% \(\d+%–\d+%\)$/);
    // each column shows the run's full configuration, and the line names what differs (issue 17)
    await expect.poll(() => matrix.getByTestId('run-config').count()).toBe(3);
    await expect(matrix.getByTestId('run-config').first().textContent()).resolves.toMatch(
      /agent.*caller.*same as agent.*judge.*same as agent/,
    );
    await expect(page.getByTestId('matrix-differ').textContent()).resolves.toContain(
      'The runs differ in: agent, caller and judge model A scripted:clinic-good.json, B scripted:clinic-worse.json, C scripted:clinic-third.json',
    );
    await expect.poll(() => matrix.getByTestId('demo-badge').count()).toBe(3);
    // a column against the baseline opens the two-run comparison below the matrix
    await matrix.getByRole('button', { name: 'diff vs A' }).first().click();
    await expect(page.getByTestId('count-regressed').textContent()).resolves.toMatch(/^2/);
  });
});
