import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openWebApp, type WebApp } from './support/browser.js';
import { finishedRun } from './support/finished-run.js';
import { startRun } from './runs-dialog.js';
import { appOf } from '../../src-main/app/door/app-service.js';
import { clinicSuite, goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { TestSuite } from '../../src-shared/schemas/index.js';
import { tempDir } from '../support/tmp.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
interface El {
  scrollTop: number;
  scrollHeight: number;
  textContent: string | null;
  click(): void;
}
declare const document: {
  activeElement: unknown;
  getElementById(id: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
};
declare const window: { scrollY: number };

/** How far the page behind is scrolled: the content pane (the app's one scroller) and the window itself. */
const scrollTop = (page: Page) =>
  page.evaluate(() => document.getElementById('main-content')!.scrollTop + window.scrollY);
const top = async (page: Page, selector: string) => (await page.locator(selector).first().boundingBox())?.y ?? -1;

/** Issue 24 item 4 and the review queue's keys (item 5), at 1024x700 in real Chromium. */
describe('the run page (1024x700)', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;
  let agentId: string;
  let script: string;
  let failing: string;
  const runs: string[] = [];
  let fromFile: string;
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    await app.page.setViewportSize({ width: 1024, height: 700 });
    tmp = tempDir();
    const seeded = seedClinic(app.ctx.store);
    agentId = seeded.agentId;
    script = writeScript(tmp.dir, 'good', goodScript());
    // the judge fails every time-slot verdict: failures to review
    failing = writeScript(
      tmp.dir,
      'failing',
      goodScript({ rules: [{ purpose: 'judge', when: { any: 'concrete time slot' }, reply: 0.2 }] }),
    );
    for (let i = 0; i < 14; i++)
      runs.push(
        await finishedRun(app.ctx, {
          agent_id: agentId,
          suite_id: seeded.suiteId,
          models: { agent: { provider: 'scripted', model: i === 0 ? failing : script } },
          options: {},
        }),
      );
    // a run from a tests file (as `parley run --tests tests.json` starts it): no stored suite, its copy kept
    const handle = await appOf(app.ctx).runs.start({
      agent: agentId,
      suite: { id: null, name: 'tests.json', data: TestSuite.parse(clinicSuite({ name: 'from a file' })) },
      models: { agent: { provider: 'scripted', model: script, params: {} } },
    });
    await handle.done;
    fromFile = handle.runId;
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('opens a run from the bottom of a long runs list at its top: title, summary, tests, then the tabs', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    const oldest = page.getByTestId(`run-row-${runs[0]}`);
    await oldest.waitFor();
    await page.evaluate(() => {
      const pane = document.getElementById('main-content')!;
      pane.scrollTop = pane.scrollHeight;
    });
    expect(await scrollTop(page)).toBeGreaterThan(100);
    await oldest.getByRole('link').first().click();
    await page.waitForURL(new RegExp(`#/runs/${runs[0]}`));
    await page.getByTestId('pass-rate').waitFor();
    await page.getByRole('tablist').waitFor();
    expect(await scrollTop(page)).toBe(0);
    const [title, summary, tests, tabs] = [
      await top(page, 'h1'),
      await top(page, '[data-testid="pass-rate"]'),
      await top(page, '[data-testid="test-row-0-0"]'),
      await top(page, '[role="tablist"]'),
    ];
    expect(title).toBeGreaterThanOrEqual(0);
    expect(title).toBeLessThan(summary);
    expect(summary).toBeLessThan(tests);
    expect(tests).toBeLessThan(tabs);
    expect(await page.getByRole('tab').allTextContents()).toEqual(['Problems', 'Latency', 'Trust', 'Review']);
    // a run with failures opens on its problems; the chosen tab is kept in the address
    await expect(page.getByRole('tab', { name: 'Problems' }).getAttribute('aria-selected')).resolves.toBe('true');
    await page.getByRole('tab', { name: 'Latency' }).click();
    await page.getByTestId('latency-card').waitFor();
    expect(page.url()).toContain('tab=latency');
  });

  it('opening the review queue does not scroll the page down to it', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${runs[0]}?tab=review`);
    await page.getByTestId('review-queue').waitFor();
    await page.waitForTimeout(200);
    expect(await scrollTop(page)).toBe(0);
  });

  it('the note field never labels: Enter on an unreviewed verdict opens the note, the note goes with the verdict', async () => {
    const { page } = app;
    const card = page.getByTestId('review');
    await card.getByLabel('Reviewer name').fill('Ana');
    const queue = card.getByTestId('review-queue');
    await queue.focus();
    await page.keyboard.press('Enter');
    const note = card.getByLabel('Note');
    await expect.poll(() => note.evaluate((el) => el === document.activeElement)).toBe(true);
    // every letter of "fine" is a queue key (f = human fail, n = judge wrong): none of them may label
    await page.keyboard.type('fine');
    await page.keyboard.press('Enter');
    await card.getByTestId('review-problem').getByText('Note kept').waitFor();
    expect(app.ctx.store.labels.countByRun(runs[0])).toBe(0);
    await expect(card.getByTestId('review-progress').textContent()).resolves.toBe('0 of 2 verdicts reviewed');
    await expect.poll(() => queue.evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.press('y');
    await card.getByText('1 of 2 verdicts reviewed').waitFor();
    const [label] = app.ctx.store.labels.listByRun(runs[0]);
    expect(label).toMatchObject({ marked: 'right', human_passed: false, note: 'fine', reviewer: 'Ana' });
  });

  it('a run from a tests file offers Run again, with the copy of its suite, and runs it', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${fromFile}`);
    await page.getByText('(kept with the run)').waitFor();
    await page.getByRole('button', { name: 'Run on another model' }).waitFor();
    await page.getByRole('button', { name: 'Run again', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Run again' });
    await dialog.waitFor();
    const suite = dialog.getByLabel('Test suite');
    await expect.poll(() => suite.inputValue()).toBe(`run:${fromFile}`);
    await expect(suite.locator('option:checked').textContent()).resolves.toBe(
      'The tests this run ran: from a file (2 tests, kept with the run)',
    );
    await dialog.getByTestId('suite-tests').getByText('books a cleaning, says goodbye').waitFor();
    await startRun(dialog);
    await page.waitForURL((u) => !u.hash.includes(fromFile) && /#\/runs\/run/.test(u.hash));
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 30_000 });
    const again = page.url().split('#/runs/')[1].split('?')[0];
    expect(app.ctx.store.runs.get(again)).toMatchObject({ suite_id: null, suite_name: 'tests.json' });
    expect(app.ctx.store.results.listByRun(again).map((r) => r.test)).toEqual(['books a cleaning', 'says goodbye']);
  });

  it('opening the New run dialog does not scroll the page behind it, and Start run is in view', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs/${runs[1]}?tab=latency`);
    await page.getByTestId('latency-card').waitFor();
    await page.evaluate(() => (document.getElementById('main-content')!.scrollTop = 300));
    const before = await scrollTop(page);
    expect(before).toBeGreaterThan(0);
    // a DOM click: Playwright would scroll the header button into view first
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('button'))
        .find((b) => b.textContent === 'Run again')!
        .click(),
    );
    const dialog = page.getByRole('dialog', { name: 'Run again' });
    await dialog.waitFor();
    await page.waitForTimeout(300);
    expect(await scrollTop(page)).toBe(before);
    const start = await dialog.getByRole('button', { name: /Start run|Checking models/ }).boundingBox();
    expect(start).not.toBeNull();
    expect(start!.y + start!.height).toBeLessThanOrEqual(700);
    expect(start!.x + start!.width).toBeLessThanOrEqual(1024);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await scrollTop(page)).toBe(before);
    // "Run on another model" focuses the agent model's provider: the page behind stays where it was
    await page.evaluate(() =>
      Array.from(document.querySelectorAll('button'))
        .find((b) => b.textContent === 'Run on another model')!
        .click(),
    );
    const another = page.getByRole('dialog', { name: 'Run on another model' });
    await another.waitFor();
    await expect
      .poll(() => another.getByLabel('Agent model provider').evaluate((el) => el === document.activeElement))
      .toBe(true);
    expect(await scrollTop(page)).toBe(before);
    await page.keyboard.press('Escape');
  });
});
