import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedRuns, worseScript } from '../integration/api/run-control-fixtures.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
interface El {
  tagName: string;
  id: string;
  className: string;
  textContent: string | null;
  scrollTop: number;
  closest(s: string): El | null;
  matches(s: string): boolean;
  getBoundingClientRect(): { top: number; left: number; bottom: number; right: number };
}
declare const document: {
  activeElement: El | null;
  scrollingElement: El | null;
  querySelector(s: string): El | null;
};

/** What has the keyboard focus: tag, id, class, text and whether it is inside a dialog. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName.toLowerCase() ?? '',
      id: el?.id ?? '',
      cls: el?.className ?? '',
      text: (el?.textContent ?? '').trim().slice(0, 60),
      inDialog: !!el?.closest('[role="dialog"]'),
    };
  });

/** Presses Tab until `done` holds for the focused element (at most `max` times); returns the presses. */
async function tabUntil(page: Page, done: (f: Awaited<ReturnType<typeof focused>>) => boolean, max = 60) {
  for (let i = 1; i <= max; i++) {
    await page.keyboard.press('Tab');
    if (done(await focused(page))) return i;
  }
  throw new Error(
    `focus never reached the target in ${max} Tab presses (last: ${JSON.stringify(await focused(page))})`,
  );
}

/** Keyboard-only paths through the app in real web mode + Chromium. */
describe('keyboard', () => {
  let app: WebApp;
  let ids: string[];
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    ids = await seedRuns(app.ctx.store, [goodScript(), worseScript()]);
  });
  afterAll(async () => {
    await app?.close();
  });

  it('skips past the sidebar with the first Tab', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByRole('heading', { name: 'Runs' }).waitFor();
    await page.keyboard.press('Tab');
    expect(await focused(page)).toMatchObject({ tag: 'a', text: 'Skip to content' });
    expect(await page.getByRole('link', { name: 'Skip to content' }).isVisible()).toBe(true);
    await page.keyboard.press('Enter');
    expect(await focused(page)).toMatchObject({ tag: 'main', id: 'main-content' });
    expect(page.url()).toMatch(/#\/runs$/);
    // the next Tab lands in the page, not on the 6 navigation links and 2 buttons of the sidebar
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => !!document.activeElement?.closest('main'))).toBe(true);
  });

  it('opens a run from the runs list with Tab and Enter only', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByTestId(`run-row-${ids[1]}`).waitFor();
    const presses = await tabUntil(page, (f) => f.tag === 'a' && f.cls.includes('row-link'));
    expect(presses).toBeGreaterThan(1);
    // the focused row is visibly marked
    const rowMarked = await page.evaluate(() => !!document.activeElement?.closest('tr')?.matches(':focus-within'));
    expect(rowMarked).toBe(true);
    await page.keyboard.press('Enter');
    await page.waitForURL(/#\/runs\/[^/]+$/);
    expect(ids).toContain(page.url().split('#/runs/')[1]);
    await page.getByTestId('run-summary').waitFor();
  });

  it('keeps focus inside a dialog, closes it with Escape and gives focus back', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    const opener = page.getByRole('button', { name: 'New run' });
    await opener.focus();
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.waitFor();
    // focus moved in, onto the first field
    expect(await focused(page)).toMatchObject({ tag: 'select', inDialog: true });
    // 40 Tabs and 10 Shift+Tabs never leave the dialog (it has far fewer controls: focus wraps)
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press('Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    for (let i = 0; i < 10; i++) {
      await page.keyboard.press('Shift+Tab');
      expect((await focused(page)).inDialog).toBe(true);
    }
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'New run' });
  });

  it('wraps Shift+Tab from the first control of a small dialog to its last', async () => {
    const { page } = app;
    await page.goto(`${base()}#/runs`);
    await page.getByRole('button', { name: 'Import calls…' }).click();
    const dialog = page.getByRole('dialog', { name: 'Import calls' });
    await dialog.waitFor();
    const first = await focused(page);
    expect(first.inDialog).toBe(true);
    // walk back from the first control: the next focus is the dialog's last button, not the page behind
    await page.keyboard.press('Shift+Tab');
    const wrapped = await focused(page);
    expect(wrapped.inDialog).toBe(true);
    expect(wrapped).not.toEqual(first);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
    expect(await focused(page)).toMatchObject({ tag: 'button', text: 'Import calls…' });
  });

  it('focusing a behaviour switch of the persona form does not scroll the app shell', async () => {
    const { page } = app;
    await page.setViewportSize({ width: 1024, height: 700 });
    try {
      await page.goto(`${base()}#/personas`);
      await page.getByRole('button', { name: 'New persona' }).click();
      const sw = page.getByRole('switch', { name: 'Asks for a human' });
      await sw.waitFor({ state: 'attached' });
      // focus() scrolls the switch into view exactly as reaching it with Tab does
      await sw.focus();
      await page.keyboard.press('Space');
      expect(await sw.isChecked()).toBe(true);
      const shell = await page.evaluate(() => ({
        doc: document.scrollingElement?.scrollTop ?? 0,
        layout: document.querySelector('.layout')?.scrollTop ?? 0,
        navTop: document.querySelector('nav.nav')?.getBoundingClientRect().top ?? -1,
        mainTop: document.querySelector('main.content')?.getBoundingClientRect().top ?? -1,
      }));
      // only the content pane scrolled: the sidebar and the page still start at the top of the window
      expect(shell).toEqual({ doc: 0, layout: 0, navTop: 0, mainTop: 0 });
    } finally {
      await page.setViewportSize({ width: 1400, height: 900 });
    }
  });
});
