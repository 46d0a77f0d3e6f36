import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';

const FIXTURES = path.resolve(import.meta.dirname, '../fixtures/formats');

/** The app's import dialog in web mode takes a LiveKit .py file as text and an XLSForm .xlsx as base64. */
describe('importing Python and spreadsheet agents in the app (Chromium, web mode)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('imports clinic_agents.py and clinic-intake.xlsx; a Bland pathway with a dangling edge opens in the editor to fix', async () => {
    const { page } = app;
    await page.getByRole('link', { name: 'Agents', exact: true }).click();
    await page.getByTestId('agents-page').waitFor();
    const py = path.join(FIXTURES, 'livekit/clinic_agents.py');
    const xlsx = path.join(FIXTURES, 'xlsform/clinic-intake.xlsx');
    await page.getByTestId('import-input').setInputFiles([
      { name: 'clinic_agents.py', mimeType: 'text/x-python', buffer: fs.readFileSync(py) },
      {
        name: 'clinic-intake.xlsx',
        mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
        buffer: fs.readFileSync(xlsx),
      },
    ]);
    await page.locator('[data-testid="import-outcome"][data-file="clinic-intake.xlsx"]').waitFor();
    const formats = app.ctx.store.agents
      .list()
      .map((a) => a.source_format)
      .sort();
    expect(formats).toEqual(['livekit', 'xlsform']);

    const doc = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'bland/order-support-pathway.json'), 'utf8'));
    doc.edges[3].target = 'gone';
    await page
      .getByTestId('import-input')
      .setInputFiles({ name: 'orders.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(doc)) });
    const outcome = page.locator('[data-testid="import-outcome"][data-file="orders.json"]');
    await outcome.waitFor();
    expect(await outcome.textContent()).toContain('edges[3].target');
    await outcome.getByRole('button', { name: 'Open in the editor to fix' }).click();
    await page.locator('[data-testid="missing-node"][data-target="gone"]').waitFor();
    expect(app.ctx.store.agents.list()).toHaveLength(2);
  });
});
