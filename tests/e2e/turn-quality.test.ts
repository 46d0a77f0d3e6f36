import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';

const scores = (x: number) => ({
  helpfulness: x,
  coherence: x,
  relevance: x,
  faithfulness: x,
  verbosity: 1,
  reasoning: x < 0.5 ? 'hedges instead of answering' : 'answers the caller',
});

/**
 * Per-turn quality in Chromium: the scores of a conversation, and in a comparison whose judge changed,
 * the per-turn scores without a change that would be the judge's.
 */
describe('turn quality in Chromium', () => {
  let app: WebApp;
  let ids: string[];

  beforeAll(async () => {
    app = await openWebApp();
    ids = await seedRuns(
      app.ctx.store,
      [
        goodScript({ turn_quality: [scores(0.9), scores(0.9), scores(0.8)] }),
        worseScript({ turn_quality: [scores(0.9), scores(0.3), scores(0.8)] }),
      ],
      { suite: { turn_quality: true } },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it("shows every agent turn's scores on the result, and no per-turn change when the judge changed", async () => {
    const { page } = app;
    const res = app.ctx.store.results.listByRun(ids[1]);
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${ids[1]}?result=${res[0].id}`);
    const section = page.getByTestId('turn-quality');
    await section.waitFor();
    await expect(section.textContent()).resolves.toContain('hedges instead of answering');
    await expect.poll(() => section.locator('td.status-fail').count()).toBeGreaterThan(0);

    await page.goto(
      `${app.server.url.split('?')[0]}#/compare?runs=${ids[0]},${ids[1]}&test=${encodeURIComponent('0:0:books a cleaning')}`,
    );
    const diff = page.getByTestId('turn-quality-diff');
    await diff.waitFor();
    const rows = diff.getByTestId('turn-quality-row');
    await expect.poll(() => rows.count()).toBe(3); // greeting, the slot offered, the goodbye
    // each run was judged by its own script (the judge changed with the agent model): the per-turn
    // scores are shown, their change is not (issue 24) - no green or red
    await expect(diff.textContent()).resolves.toContain('judge changed: scores not comparable');
    await expect(rows.nth(1).textContent()).resolves.toContain('not comparable');
    expect(await diff.locator('td.tone-bad, td.tone-good').count()).toBe(0);
  });
});
