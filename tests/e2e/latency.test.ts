import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';
import { shotPath } from './support/shots.js';
import { dominantWaitPart } from '../../src-shared/latency/dominant-part.js';
import { formatMs } from '../../src-shared/latency/run-latency.js';
const slow = (ms: number, text: string) => ({ text, $delay_ms: ms });

/** Latency in Chromium: per agent turn on the result, the run's percentiles and histogram, and compare. */
describe('latency in Chromium', () => {
  let app: WebApp;
  let ids: string[];

  beforeAll(async () => {
    app = await openWebApp();
    ids = await seedRuns(
      app.ctx.store,
      [
        goodScript({
          chat: [
            slow(40, 'Hello, Bright Smile Dental, how can I help you today?'),
            slow(400, 'I can offer an appointment on Tuesday at 10 am.'),
          ],
        }),
        worseScript({
          chat: [
            slow(10, 'Hello, Bright Smile Dental, how can I help you today?'),
            slow(20, 'I can offer an appointment on Friday at 4 pm maybe.'),
          ],
        }),
      ],
      { suite: { latency: { p95_response_ms: 100 } } },
    );
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the run page shows p50/p95, the budget check with its figure, a histogram and latency per agent turn', async () => {
    const { page } = app;
    const res = app.ctx.store.results.listByRun(ids[0]);
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${ids[0]}?result=${res[0].id}&tab=latency`);
    const card = page.getByTestId('latency-card');
    await card.waitFor();
    await expect(card.locator('tr[data-figure="response_ms"]').count()).resolves.toBe(1);
    await expect(card.locator('tr[data-figure="first_token_ms"]').count()).resolves.toBe(1);
    const budget = page.getByTestId('latency-budget');
    await expect(budget.textContent()).resolves.toMatch(
      /over budget\s*p95 response \d+ ms > budget 100 ms over \d+ turns/,
    );
    const bars = page.getByTestId('latency-histogram').locator('li');
    await expect.poll(() => bars.count()).toBeGreaterThan(1);
    const chips = page.getByTestId('turn-latency');
    await expect.poll(() => chips.count()).toBeGreaterThan(0);
    await expect(chips.first().textContent()).resolves.toMatch(/ms/);
    // a chip names what most of its wait was only when the wait had parts to choose between (these text runs
    // have one part per turn; the voice case is in heard-result.test.ts): the page agrees with the stored parts
    const expected = res[0].transcript
      .filter((t) => t.role === 'agent' && t.latency)
      .map((t) => dominantWaitPart(t.latency!))
      .filter((p) => p !== null)
      .map((p) => ` · ${p.label} ${formatMs(p.ms)}${p.estimated ? ' est.' : ''}`);
    await expect.poll(() => page.getByTestId('turn-latency-top').allTextContents()).toEqual(expected);
    await card.screenshot({ path: shotPath('run-latency.png') });
    await page
      .locator('.turn-agent')
      .nth(1)
      .screenshot({ path: shotPath('turn-latency.png') });
  });

  it('compare shows the latency deltas of B against A, and an N-way compare ranks the models by p95 response', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/compare?runs=${ids[0]},${ids[1]}`);
    const diff = page.getByTestId('latency-diff');
    await diff.waitFor();
    const p95 = diff.locator('tr[data-figure="p95_response_ms"] td').nth(3);
    await expect(p95.textContent()).resolves.toMatch(/^−\d+ ms$/); // B is faster
    await expect(p95.getAttribute('class')).resolves.toContain('tone-good');

    const third = await seedRuns(app.ctx.store, [
      goodScript({ chat: [slow(150, 'Hello.'), slow(150, 'Tuesday at 10.')] }),
    ]);
    await page.goto(`${app.server.url.split('?')[0]}#/compare?runs=${ids[0]},${ids[1]},${third[0]}`);
    const rank = page.getByTestId('latency-rank');
    await rank.waitFor();
    const rows = rank.locator('tbody tr');
    await expect.poll(() => rows.count()).toBe(3);
    await expect(rows.nth(0).getAttribute('data-run')).resolves.toBe(ids[1]); // the 10/20 ms model first
    await expect(rows.nth(2).getAttribute('data-run')).resolves.toBe(ids[0]); // the 400 ms reply last (gaps of 130 ms and more: the order holds on a loaded machine)
    // runs A and C ran the same model (clinic-good): each row names its run by its letter
    const cells = async (i: number) => (await rows.nth(i).locator('td').allTextContents()).slice(1, 3);
    expect(await cells(0)).toEqual(['B', 'scripted:clinic-worse.json']);
    expect(await cells(1)).toEqual(['C', 'scripted:clinic-good.json']);
    expect(await cells(2)).toEqual(['A', 'scripted:clinic-good.json']);
    await rank.screenshot({ path: shotPath('compare-latency-rank.png') });
  });

  it('the suite editor sets the latency budget that runs are held to', async () => {
    const { page } = app;
    const suite = app.ctx.store.suites.list()[0];
    await page.goto(`${app.server.url.split('?')[0]}#/suites/${suite.id}`);
    const p95 = page.getByLabel('Latency budget: p95 first token (ms)');
    await p95.waitFor();
    await p95.fill('750');
    await page.getByRole('button', { name: 'Save suite' }).click();
    await page.getByText('Saved.').waitFor();
    expect(app.ctx.store.suites.get(suite.id)!.data.latency).toMatchObject({ p95_first_token_ms: 750 });
  });
});
