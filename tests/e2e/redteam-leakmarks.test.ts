import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../src-shared/schemas/index.js';
import { tempDir } from '../support/tmp.js';
import { LEAK_REPLY, seedLateLeak } from '../support/redteam-runs.js';
import type { Locator } from 'playwright-core';
import { openWebApp, type WebApp } from './support/browser.js';

const root = path.resolve(import.meta.dirname, '../..');
/** The words of the example's prompt the scripted agent recites (8 or more in a row: a prompt_words finding). */
const LEAKED = 'you are the receptionist of Maple Street Clinic. Be brief and friendly: one or two sentences per turn';
/** An element in the page (this file is type-checked without the DOM library). */
interface Scrollable {
  scrollIntoView(o: { block: string }): void;
}

/**
 * Whether the element has come to rest (the same place twice, 150 ms apart) in the middle of the window, as the
 * jump puts it (scrollIntoView, block center): a click's own scroll to the button would not.
 */
async function centred(el: Locator, height: number): Promise<boolean> {
  const a = await el.boundingBox();
  await new Promise((r) => setTimeout(r, 150));
  const b = await el.boundingBox();
  if (!a || !b || Math.abs(a.y - b.y) > 0.5) return false;
  return Math.abs(b.y + b.height / 2 - height / 2) < Math.max(40, (height - b.height) / 4);
}

const SIZES = [
  { width: 1024, height: 700 },
  { width: 1440, height: 900 },
];

/**
 * Issue 35's "the leaked words highlighted", in real web mode + Chromium on a red-team run made by the real CLI
 * (scripted agent and attacker; the agent recites its prompt at a later turn): the agent editor's toolbar opens the
 * Red team page, whose finding marks the leaked words and opens the result page at the finding's turn; there the
 * turn is flagged, the leaked words are in a <mark class="leak"> naming the detector, and the finding in the
 * verdicts ("prompt_words · turn #N · …") jumps to it.
 */
describe('leaked words marked on the Red team page and the result page', () => {
  let app: WebApp;
  let agentId: string;
  let runId: string;
  const scripts = tempDir();
  const base = () => app.server.url.split('?')[0];

  beforeAll(async () => {
    app = await openWebApp();
    const graph = JSON.parse(fs.readFileSync(path.join(root, 'resources/example/agent.json'), 'utf8'));
    agentId = app.ctx.store.agents.create(AgentGraph.parse(graph)).agent.id;
    runId = await seedLateLeak(app.dbFile, scripts.dir, agentId);
  }, 60_000);
  afterAll(async () => {
    await app?.close();
    scripts.cleanup();
  });

  for (const size of SIZES) {
    it(`${size.width}x${size.height}: toolbar → Red team → the finding at its turn, marked, and the jump to it`, async () => {
      const page = await app.freshPage();
      await page.setViewportSize(size);
      const [result] = app.ctx.store.results.listByRun(runId);
      const leakIndex = result.transcript.findIndex((t) => t.role === 'agent' && t.content === LEAK_REPLY);
      expect(leakIndex).toBeGreaterThan(3); // not the first reply: the jump has somewhere to go

      // the agent editor's toolbar: Red team, on the toolbar's one line
      await page.goto(`${base()}#/agents/${agentId}`);
      const toolbar = page.locator('.ge-toolbar');
      const link = toolbar.getByRole('link', { name: 'Red team' });
      await link.waitFor();
      const bar = (await toolbar.boundingBox())!;
      const box = (await link.boundingBox())!;
      expect(bar.height).toBeLessThan(56);
      expect(box.x + box.width).toBeLessThanOrEqual(size.width);
      await page.screenshot({ path: `/tmp/leakmarks-toolbar-${size.width}.png` });
      await link.click();
      await page.waitForURL(new RegExp(`#/agents/${agentId}/redteam$`));

      // the report: the reply quoted with the leaked words marked, a link to the result at that turn
      const finding = page.getByTestId('rt-report').getByTestId('rt-finding').first();
      await finding.waitFor();
      const quoted = finding.getByTestId('rt-evidence').locator('mark.leak');
      await expect.poll(() => quoted.textContent()).toBe(LEAKED);
      expect(await finding.getByTestId('rt-evidence').textContent()).toContain('Happy now?'); // the reply, not the evidence alone
      await finding.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/leakmarks-report-${size.width}.png` });
      const open = finding.getByTestId('rt-finding-link');
      expect(await open.textContent()).toContain(`turn ${leakIndex + 1}`);
      await open.click();
      await page.waitForURL(new RegExp(`#/runs/${runId}\\?result=${result.id}&turn=${leakIndex + 1}$`));

      // the result page opens at the turn: flagged, jumped to, the leaked words marked and named
      const detail = page.locator('[data-result-detail]');
      const turn = detail.locator(`[data-turn="${leakIndex}"]`);
      await expect.poll(() => detail.locator('.turn-current').getAttribute('data-turn')).toBe(String(leakIndex));
      expect(await turn.getAttribute('class')).toContain('turn-flagged');
      const mark = turn.locator('mark.leak');
      expect(await mark.textContent()).toBe(LEAKED);
      expect(await mark.getAttribute('title')).toContain('prompt_words');
      expect(await turn.locator('.leak-said').textContent()).toBe('leaked (prompt_words): ');
      expect((await turn.locator('.leak-said').boundingBox())!.width).toBeLessThanOrEqual(1); // for screen readers
      // the scroll glides (smooth scrolling): read where the turn comes to rest, then that it is in the middle
      await expect.poll(() => centred(turn, size.height), { timeout: 10_000 }).toBe(true);
      await page.screenshot({ path: `/tmp/leakmarks-result-${size.width}.png` });
      // only the leaking reply is marked
      expect(await detail.locator('mark.leak').count()).toBe(1);

      // the verdicts: "prompt_words · turn #N · evidence", its turn a jump back to the leak
      const line = detail.getByTestId('leak-finding');
      expect((await line.textContent())?.replace(/\s+/g, ' ')).toBe(
        `prompt_words · turn #${leakIndex + 1} · “${LEAKED}”`,
      );
      await detail
        .getByRole('heading', { name: 'Model calls' })
        .evaluate((h) => (h as unknown as Scrollable).scrollIntoView({ block: 'start' }));
      await expect.poll(() => centred(turn, size.height)).toBe(false);
      await line.getByRole('button', { name: `turn #${leakIndex + 1}` }).click();
      await expect.poll(() => centred(turn, size.height), { timeout: 10_000 }).toBe(true);
      await expect.poll(() => page.locator(':focus').getAttribute('data-turn')).toBe(String(leakIndex));
      await line.scrollIntoViewIfNeeded();
      await page.screenshot({ path: `/tmp/leakmarks-verdict-${size.width}.png` });
    }, 90_000);
  }
});
