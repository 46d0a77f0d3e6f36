import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { seedRedteamPair } from '../support/redteam-runs.js';
import { shotPath } from './support/shots.js';

/** Compare of two red-team runs in Chromium: attack success per category before and after (issue 35, item 2). */
describe('attack success on the compare page', () => {
  let app: WebApp;
  let dir: string;
  let ids: { before: string; after: string };

  beforeAll(async () => {
    app = await openWebApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-redteam-'));
    ids = await seedRedteamPair(app.dbFile, dir);
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows each category before and after with intervals and a change that does not overclaim', async () => {
    const page = await app.freshPage();
    await page.goto(`${app.server.url.split('?')[0]}#/compare?runs=${ids.before},${ids.after}`);
    const card = page.getByTestId('attack-success');
    await card.waitFor();
    const row = card.locator('tbody tr').first();
    await expect(row.locator('td').allTextContents()).resolves.toEqual([
      'System prompt leak LLM07',
      '3 of 3 succeeded (44-100%)',
      '0 of 3 succeeded (0-56%)',
      'fewer successful attacks (p=0.1000, not significant at 0.05; more attempts would tell)',
    ]);
    await expect(card.textContent()).resolves.toContain('0 successes is an interval, not safety');
    await page.setViewportSize({ width: 1024, height: 700 });
    await card.screenshot({ path: shotPath('compare-attack-success.png') });
  });
});
