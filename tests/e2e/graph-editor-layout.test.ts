import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, demoGraph, nodeCard, openEditor } from './support/graph-editor.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
interface Rect {
  left: number;
  top: number;
  right: number;
  bottom: number;
  width: number;
  height: number;
}
interface El {
  getBoundingClientRect(): Rect;
  getAttribute(a: string): string | null;
  contains(e: El | null): boolean;
}
declare const document: {
  activeElement: El | null;
  querySelector(s: string): El | null;
  querySelectorAll(s: string): ArrayLike<El>;
  elementFromPoint(x: number, y: number): El | null;
};
declare const window: { innerWidth: number; innerHeight: number };

const CORPUS = (f: string) => fileURLToPath(new URL(`../fixtures/corpus/voicetest/${f}`, import.meta.url));
const SIZES = [
  { width: 1440, height: 900 },
  { width: 1024, height: 700 },
];

/** Pairs of boxes (edge labels, node cards) that overlap by more than a pixel. */
const overlaps = (page: Page) =>
  page.evaluate(() => {
    const box = (sel: string, key: string) =>
      Array.from(document.querySelectorAll(sel)).map((e) => ({
        id: `${key}:${e.getAttribute(`data-${key}-id`)}`,
        r: e.getBoundingClientRect(),
      }));
    const labels = box('[data-testid="edge-label"]', 'edge');
    const cards = box('[data-testid="graph-node"]', 'node');
    const hit = (a: Rect, b: Rect) =>
      a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1;
    const out: string[] = [];
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++)
        if (hit(labels[i]!.r, labels[j]!.r)) out.push(`${labels[i]!.id} x ${labels[j]!.id}`);
      for (const c of cards) if (hit(labels[i]!.r, c.r)) out.push(`${labels[i]!.id} x ${c.id}`);
    }
    return { out, labels: labels.length };
  });

/** Whether the element's centre is inside the window and the element itself is what is drawn there. */
const reachable = (page: Page, selector: string) =>
  page.evaluate((sel) => {
    const el = document.querySelector(sel);
    if (!el) return `missing ${sel}`;
    const r = el.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width === 0 || x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return `off screen ${sel}`;
    const top = document.elementFromPoint(x, y);
    return el.contains(top) ? 'ok' : `covered ${sel}`;
  }, selector);

/** The canvas zoom (xyflow's viewport transform scale). */
const zoom = (page: Page) =>
  page.evaluate(() => {
    const t = document.querySelector('.react-flow__viewport')?.getAttribute('style') ?? '';
    return Number(/scale\(([\d.]+)\)/.exec(t)?.[1] ?? NaN);
  });

describe('graph editor layout at 1440x900 and 1024x700', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  for (const size of SIZES) {
    it(`${size.width}x${size.height}: one toolbar line, every control reachable, the node form not covered`, async () => {
      const { page } = app;
      await page.setViewportSize(size);
      const id = createAgent(app, demoGraph());
      await openEditor(page, id, demoGraph().nodes.length);
      const toolbar = await page.locator('.ge-toolbar').boundingBox();
      expect(toolbar!.height).toBeLessThan(56); // one line of buttons, no wrapping
      for (const name of ['Undo', 'Redo', 'Tidy up', 'Fit', 'Try it', 'Save with a note', 'Save']) {
        const b = page.getByRole('button', { name, exact: true });
        const box = await b.boundingBox();
        expect(box, name).not.toBeNull();
        expect(box!.x + box!.width, name).toBeLessThanOrEqual(size.width);
        expect(box!.y + box!.height, name).toBeLessThanOrEqual(toolbar!.y + toolbar!.height);
      }
      const redteam = (await page.locator('.ge-toolbar').getByRole('link', { name: 'Red team' }).boundingBox())!;
      expect(redteam.x + redteam.width).toBeLessThanOrEqual(size.width);
      expect(redteam.y + redteam.height).toBeLessThanOrEqual(toolbar!.y + toolbar!.height);
      expect(await reachable(page, '.ge-toolbar .ge-menu > button, .ge-toolbar [aria-haspopup]')).toBe('ok');
      // the palette: every node type can still be added
      for (const label of ['Conversation', 'Logic split', 'End call']) {
        const add = page.getByRole('button', { name: `Add ${label} node` });
        expect(await add.isVisible()).toBe(true);
      }
      const narrow = size.width < 1200;
      expect(await page.getByRole('button', { name: 'Inspector', exact: true }).count()).toBe(narrow ? 1 : 0);
      if (narrow) expect(await page.getByRole('complementary', { name: 'Inspector' }).isVisible()).toBe(false);
      // selecting a node shows its form, fully visible and on top of the canvas
      await nodeCard(page, 'ask').click();
      await page.getByTestId('node-inspector').waitFor();
      expect(await reachable(page, '[data-testid="node-inspector"] input[aria-label="Node name"]')).toBe('ok');
      for (let i = 1; i <= 4; i++) expect(await reachable(page, `.ge-tabs [role="tab"]:nth-of-type(${i})`)).toBe('ok');
      if (narrow) {
        // the drawer closes again from its own button and from the toolbar, giving the canvas back
        await page.getByRole('button', { name: 'Close the inspector' }).click();
        expect(await page.getByRole('complementary', { name: 'Inspector' }).isVisible()).toBe(false);
        await page.getByRole('button', { name: 'Inspector', exact: true }).click();
        expect(await page.getByRole('button', { name: 'Inspector', exact: true }).getAttribute('aria-expanded')).toBe(
          'true',
        );
        expect(await reachable(page, '[data-testid="node-inspector"] input[aria-label="Node name"]')).toBe('ok');
        // from the keyboard: Escape in the drawer closes it and gives the focus back to the toolbar button,
        // Enter on that button opens it with the focus on its current tab
        await page.getByLabel('Node name').focus();
        await page.keyboard.press('Escape');
        const focusedAttr = (a: string) => page.evaluate((x) => document.activeElement?.getAttribute(x) ?? null, a);
        expect(await page.getByRole('complementary', { name: 'Inspector' }).isVisible()).toBe(false);
        expect(await focusedAttr('aria-controls')).toBe('ge-side'); // the toolbar's Inspector button
        await page.keyboard.press('Enter');
        await expect.poll(() => focusedAttr('role')).toBe('tab');
        expect(await page.getByRole('complementary', { name: 'Inspector' }).isVisible()).toBe(true);
      }
      // nothing spills sideways: the page is exactly the window wide
      const scrollW = await page.evaluate(() => document.querySelector('.layout')!.getBoundingClientRect().width);
      expect(scrollW).toBeLessThanOrEqual(size.width);
    });
  }

  for (const file of ['retell-sample_config_extract_variables.json', 'retell-sample_config_logic_split.json']) {
    it(`lays out the imported Retell flow ${file} with no edge label over another label or a card`, async () => {
      const { page } = app;
      await page.setViewportSize(SIZES[0]!);
      await page.getByRole('link', { name: 'Agents', exact: true }).click();
      await page.getByTestId('import-input').setInputFiles(CORPUS(file));
      await page.getByTestId('import-outcome').filter({ hasText: file }).getByRole('link').click();
      await page.getByTestId('graph-editor').waitFor();
      await page.waitForFunction(() => document.querySelectorAll('[data-testid="edge-label"]').length > 0);
      await page.waitForTimeout(300);
      const r = await overlaps(page);
      expect(r.labels).toBeGreaterThan(2);
      expect(r.out).toEqual([]);
    });
  }

  it('Tidy up wraps a long chain into rows that Fit shows readably, as one undoable edit kept only on Save', async () => {
    const { page } = app;
    await page.setViewportSize(SIZES[1]!);
    const n = 14;
    const chain = {
      name: 'Long intake',
      entry_node_id: 's0',
      nodes: Array.from({ length: n }, (_, i) => ({
        id: `s${i}`,
        name: `Step ${i + 1}`,
        type: i === n - 1 ? 'end' : 'conversation',
        instruction: { mode: 'prompt', text: `Ask question ${i + 1}.` },
        // everything on one row, as a designer might have left it
        position: { x: i * 40, y: 0 },
        transitions:
          i < n - 1
            ? [
                {
                  id: `t${i}`,
                  target: `s${i + 1}`,
                  condition: { kind: 'prompt', prompt: `The caller answered question ${i + 1}` },
                },
              ]
            : [],
      })),
    };
    const id = createAgent(app, chain as never);
    await openEditor(page, id, n);
    await page.getByRole('button', { name: 'Tidy up' }).click();
    await page.getByText('Tidied up: Undo puts the nodes back').waitFor();
    await page.getByTestId('dirty-indicator').waitFor();
    await page.waitForTimeout(500);
    const boxes = await page.evaluate(() =>
      Array.from(document.querySelectorAll('[data-testid="graph-node"]')).map((e) => e.getBoundingClientRect()),
    );
    const w = Math.max(...boxes.map((b) => b.right)) - Math.min(...boxes.map((b) => b.left));
    const h = Math.max(...boxes.map((b) => b.bottom)) - Math.min(...boxes.map((b) => b.top));
    expect(w / h).toBeLessThan(3); // not one long row
    expect(await zoom(page)).toBeGreaterThan(0.3); // Fit did not shrink it to nothing
    expect((await overlaps(page)).out).toEqual([]);
    // with the status message and the unsaved mark in it, the toolbar still fits on one line
    expect((await page.locator('.ge-toolbar').boundingBox())!.height).toBeLessThan(56);
    const save = (await page.getByRole('button', { name: 'Save', exact: true }).boundingBox())!;
    expect(save.x + save.width).toBeLessThanOrEqual(SIZES[1]!.width);
    const note = (await page.getByRole('button', { name: 'Save with a note', exact: true }).boundingBox())!;
    expect(note.x + note.width).toBeLessThanOrEqual(SIZES[1]!.width);
    // undo puts the designer's row back; nothing was saved
    await page.keyboard.press('Control+z');
    await expect.poll(() => page.getByTestId('dirty-indicator').count()).toBe(0);
    expect(app.ctx.store.agents.summary(id)?.version).toBe(1);
  });
});
