import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import Database from 'better-sqlite3';
import { dispatch } from '../../src-main/api/dispatch.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';
import { shotPath } from './support/shots.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
interface Box {
  left: number;
  right: number;
  width: number;
  height: number;
}
interface El {
  scrollWidth: number;
  clientWidth: number;
  textContent: string | null;
  tagName: string;
  getBoundingClientRect(): Box;
  closest(s: string): El | null;
}
declare const document: {
  querySelector(s: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
  documentElement: El;
};
declare const window: { innerWidth: number };
declare function getComputedStyle(el: El): { visibility: string; display: string };

const W = 1024;
const H = 700;

/**
 * What sticks out of a 1024 px window: the page or its content pane scrolling sideways, and controls (buttons,
 * inputs, links) drawn past the right edge outside a box that scrolls sideways on purpose (wide tables in a
 * scroller, the canvas).
 */
async function overflow(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const doc = document.documentElement;
    if (doc.scrollWidth > window.innerWidth + 1) out.push(`page is ${doc.scrollWidth} px wide`);
    const content = document.querySelector('#main-content');
    if (content && content.scrollWidth > content.clientWidth + 1)
      out.push(`content pane scrolls sideways (${content.scrollWidth} > ${content.clientWidth})`);
    const controls = document.querySelectorAll('button, input, select, textarea, a[href]');
    for (let i = 0; i < controls.length; i++) {
      const el = controls[i];
      const r = el.getBoundingClientRect();
      const style = getComputedStyle(el);
      if (!r.width || !r.height || style.visibility === 'hidden' || style.display === 'none') continue;
      if (el.closest('.react-flow, .table-scroll, [data-scrolls-sideways], .ge-canvas')) continue;
      if (r.right > window.innerWidth + 1)
        out.push(
          `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}" ends at x=${Math.round(r.right)}`,
        );
    }
    return out;
  });
}

/** Issue 24 item 6: the main screens at 1024x700, walked as a person would, with nothing past the window's edge. */
describe('every main screen at 1024x700', () => {
  let app: WebApp;
  let runs: string[];
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    await app.page.setViewportSize({ width: W, height: H });
    runs = await seedRuns(app.ctx.store, [goodScript(), worseScript()]);
  });
  afterAll(async () => {
    await app?.close();
  });

  const screens = () => [
    ['home', '#/'],
    ['agents', '#/agents'],
    ['runs', '#/runs'],
    ['run', `#/runs/${runs[0]}`],
    ['run-latency', `#/runs/${runs[0]}?tab=latency`],
    ['compare', `#/compare?runs=${runs[0]},${runs[1]}`],
    ['suites', '#/suites'],
    ['personas', '#/personas'],
    ['models', '#/models'],
  ];

  it('no screen scrolls sideways or draws a control past the right edge', async () => {
    const { page } = app;
    const found: Record<string, string[]> = {};
    for (const [name, hash] of screens()) {
      await page.goto(`${base()}${hash}`);
      await page.locator('main h1, main h2').first().waitFor();
      await page.waitForTimeout(300);
      await page.screenshot({ path: shotPath(`small-window-${name}.png`) });
      const o = await overflow(page);
      if (o.length) found[name] = o;
    }
    expect(found).toEqual({});
  });

  it('the agent editor and its Try it dock fit, and the New run dialog keeps Start run in view', async () => {
    const { page } = app;
    const agent = app.ctx.store.agents.list()[0];
    await page.goto(`${base()}#/agents/${agent.id}`);
    await page.getByTestId('graph-editor').waitFor();
    await page.screenshot({ path: shotPath('small-window-editor.png') });
    expect(await overflow(page)).toEqual([]);
    // a run's coverage from the Runs tab: the drawer stays open beside it and its banner wraps left of it
    await page.getByRole('button', { name: 'Inspector', exact: true }).click();
    await page.getByRole('tab', { name: 'Runs' }).click();
    await page.getByTestId('overlay-run').first().getByRole('button', { name: 'Show coverage' }).click();
    await page.getByTestId('run-coverage').getByText(/nodes/).waitFor();
    await page.screenshot({ path: shotPath('small-window-editor-run-coverage.png') });
    const drawer = await page.getByRole('complementary', { name: 'Inspector' }).boundingBox();
    const banner = await page.locator('.ge-viewing > .ge-banner').boundingBox();
    const back = await page.getByRole('button', { name: 'Back to editing' }).boundingBox();
    const line = await page.getByTestId('run-coverage').boundingBox();
    expect(drawer!.x).toBeLessThan(W);
    for (const [name, box] of Object.entries({ banner, back, line }))
      expect(box!.x + box!.width, `${name} ends under the drawer`).toBeLessThanOrEqual(drawer!.x);
    expect(await overflow(page)).toEqual([]);
    await page.getByRole('button', { name: 'Back to editing' }).click();
    await page.getByRole('button', { name: 'Close the inspector' }).click();
    // Try it docks under the canvas: both stay usable
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    await page.locator('.ge-page.is-trying').waitFor();
    await page.screenshot({ path: shotPath('small-window-editor-try-it.png') });
    // (a canvas, not a thumbnail: most of the width and 40% of the height)
    const canvas = await page.locator('.ge-page .react-flow').first().boundingBox();
    expect(canvas!.width).toBeGreaterThan(W / 2);
    expect(canvas!.height).toBeGreaterThan(H * 0.4);
    expect(await overflow(page)).toEqual([]);

    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.waitFor();
    const start = await dialog.getByRole('button', { name: 'Start run' }).boundingBox();
    expect(start).not.toBeNull();
    expect(start!.y + start!.height).toBeLessThanOrEqual(H);
    expect(start!.x + start!.width).toBeLessThanOrEqual(W);
    await page.screenshot({ path: shotPath('small-window-new-run.png') });
    expect(await overflow(page)).toEqual([]);
  });

  it('the runs list keeps every column in view once a voice run exists (its speech label wraps)', async () => {
    const page = await app.freshPage();
    await page.setViewportSize({ width: W, height: H });
    const [voice] = await seedRuns(app.ctx.store, [goodScript()]);
    const db = new Database(app.dbFile);
    db.prepare("UPDATE runs SET options_json = json_set(options_json, '$.speech', json(?)) WHERE id = ?").run(
      JSON.stringify({ audio_eval: true, caller_speech: true, tts: 'flite', stt: 'pocketsphinx', phone_noise: 0.1 }),
      voice,
    );
    db.close();
    await page.goto(`${base()}#/runs`);
    await page.getByTestId(`run-row-${voice}`).getByTestId('speech-label').waitFor();
    await page.screenshot({ path: shotPath('small-window-runs-voice.png') });
    const scroller = page.locator('.table-scroll').first();
    const [scrollWidth, clientWidth] = await scroller.evaluate((el: El) => [el.scrollWidth, el.clientWidth]);
    expect(scrollWidth, 'the runs table scrolls sideways').toBeLessThanOrEqual(clientWidth + 1);
  });
});

/** Issue 38 item 7: the matrix, the example suite and Try it's Start, at 1440x900 and 1024x700. */
describe('the compare matrix, the suite page and Try it in a small window', () => {
  let app: WebApp;
  let runs: string[];
  let example: { agent_id: string; suite_id: string };
  const base = () => app.server.url.split('?')[0];
  /** [scrollWidth, clientWidth] of the first element matching `selector`. */
  const widths = (page: Page, selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((el: El) => [el.scrollWidth, el.clientWidth]);

  beforeAll(async () => {
    app = await openWebApp();
    runs = await seedRuns(app.ctx.store, [
      goodScript(),
      worseScript(),
      goodScript({ name: 'third' }),
      goodScript({ name: 'a-model-with-a-rather-long-name' }),
    ]);
    const fr = await dispatch(app.ctx, 'app.firstRun', {});
    if (!fr.ok) throw new Error(fr.error.message);
    example = fr.output as typeof example;
    await app.page.reload(); // the example was written behind the app's back
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const [w, h] of [
    [1440, 900],
    [W, H],
  ])
    it(`a four-run matrix fits in ${w}x${h}, each demo badge on one line`, async () => {
      const { page } = app;
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`${base()}#/compare?runs=${runs.join(',')}`);
      await page.getByTestId('matrix').scrollIntoViewIfNeeded();
      await page.screenshot({ path: shotPath(`small-window-matrix-${w}.png`) });
      const badges = page.getByTestId('matrix').getByTestId('demo-badge');
      expect(await badges.count()).toBe(4);
      for (const box of await Promise.all((await badges.all()).map((b) => b.boundingBox())))
        expect(box!.height, 'a demo badge wraps onto several lines').toBeLessThan(24);
      const [scrollWidth, clientWidth] = await widths(page, '.matrix-scroll');
      expect(scrollWidth, 'the matrix scrolls sideways').toBeLessThanOrEqual(clientWidth + 1);
      expect(await overflow(page)).toEqual([]);
    });

  it('the example suite does not scroll sideways at 1024x700', async () => {
    const { page } = app;
    await page.setViewportSize({ width: W, height: H });
    await page.goto(`${base()}#/suites/${example.suite_id}`);
    await page.getByTestId('rules-section').first().waitFor();
    await page.screenshot({ path: shotPath('small-window-suite.png') });
    const [scrollWidth, clientWidth] = await widths(page, '#main-content');
    expect(scrollWidth, 'the suite page scrolls sideways').toBeLessThanOrEqual(clientWidth + 1);
    expect(await overflow(page)).toEqual([]);
  });

  it("the example's result keeps each node's name on one line beside the metrics at 1024x700", async () => {
    const { page } = app;
    await page.setViewportSize({ width: W, height: H });
    await page.goto(`${base()}#/`);
    await page.getByRole('button', { name: 'Open the example' }).click();
    await page.locator('.example-ready').getByRole('button', { name: 'Run it' }).click();
    await page.waitForURL(/#\/runs\/run_/);
    // the finished run (a row of a running one opens its live view, without node names)
    await page.locator('main').getByText('completed', { exact: true }).first().waitFor();
    await page.locator('[data-testid^="test-row-"]').first().click();
    const badges = page.locator('[data-result-detail] .turn-head .node-badge');
    await badges.first().waitFor();
    await page.screenshot({ path: shotPath('small-window-result.png') });
    expect(await badges.count()).toBeGreaterThan(1);
    for (const box of await Promise.all((await badges.all()).map((b) => b.boundingBox())))
      expect(box!.height, "a node's name wraps inside its badge").toBeLessThan(24);
    expect(await overflow(page)).toEqual([]);
  });

  it("the run page's actions go under its title at 1024x700 instead of squeezing it", async () => {
    const { page } = app;
    await page.setViewportSize({ width: W, height: H });
    await page.goto(`${base()}#/runs/${runs[3]}`);
    const title = page.locator('.page-header h1').first();
    await title.waitFor();
    const actions = page.locator('.page-header > .actions').first();
    const [t, a] = [await title.boundingBox(), await actions.boundingBox()];
    expect(t!.height, 'the title wraps onto several lines').toBeLessThan(36);
    expect(a!.y, 'the actions sit beside a squeezed title').toBeGreaterThanOrEqual(t!.y + t!.height);
    expect(await overflow(page)).toEqual([]);
  });

  it("Try it's Start button is in view in a 700 px high window", async () => {
    const { page } = app;
    await page.setViewportSize({ width: W, height: H });
    await page.goto(`${base()}#/agents/${example.agent_id}`);
    await page.getByTestId('graph-editor').waitFor();
    await page.getByRole('button', { name: 'Try it', exact: true }).click();
    const dock = page.getByTestId('graph-try-it');
    const start = await dock.getByRole('button', { name: 'Start the conversation' }).boundingBox();
    const body = await page.locator('.ge-dock__body').boundingBox();
    await page.screenshot({ path: shotPath('small-window-try-it-start.png') });
    expect(start!.y + start!.height, 'Start is below the window').toBeLessThanOrEqual(H);
    expect(start!.y + start!.height, 'Start is below the dock').toBeLessThanOrEqual(body!.y + body!.height);
  });
});
