import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { createAgent, edgeLabel, openEditor } from './support/graph-editor.js';
import { shotPath } from './support/shots.js';
import { pickModel } from './runs-dialog.js';

const root = path.resolve(import.meta.dirname, '../..');

/**
 * The routing check's leftovers in the editor: live progress while it runs (analysis.progress events),
 * the caller lines of the selected edge in the edge inspector, and a condition the model wrote no
 * usable line for flagged in the Checks tab and on its edge.
 */
describe('routing check: progress, lines per edge, no usable lines (Chromium)', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows progress, then the lines of the selected edge, and flags the condition with no lines', async () => {
    const { page } = app;
    const script = path.join(mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-')), 'router.json');
    writeFileSync(
      script,
      JSON.stringify({
        name: 'slow-router',
        chat: ['Hello, Maple Clinic, how can I help?'],
        rules: [
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to book' },
            reply: { utterances: ['I want to book a visit', 'Can I get an appointment'] },
          },
          {
            purpose: 'utterances',
            when: { last: 'clearly true:\n"Caller wants to cancel' },
            reply: { utterances: [] },
          },
          {
            purpose: 'route',
            when: { last: 'Caller: I want to book' },
            reply: { transition: 'to_book', reason: 'ok' },
          },
          {
            purpose: 'route',
            when: { last: 'Caller: Can I get an appointment' },
            reply: { transition: 'to_cancel', reason: 'confused' },
          },
        ],
        defaults: { route: 'none', delay_ms: 250 },
      }),
    );
    const graph = JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8'));
    const agent = createAgent(app, graph);
    await openEditor(page, agent, 4);
    await page.getByRole('tab', { name: 'Checks' }).click();
    await pickModel(page.getByTestId('routing-check'), 'Routing model', `scripted:${script}`);
    await page.getByLabel('Lines per condition').fill('2');
    await page.getByTestId('routing-run').click();
    // live progress from the job's progress events
    await page
      .getByTestId('routing-progress')
      .getByText(/\d+ of \d+ model calls/)
      .waitFor();
    await page.getByTestId('routing-summary').waitFor({ timeout: 30_000 });
    const greet = page.locator('[data-testid="routing-point"][data-node-id="greet"]');
    expect(await greet.getByTestId('routing-no-lines').textContent()).toContain(
      'The model wrote no usable caller line for the way to cancel',
    );
    // the edge inspector lists the lines of the selected edge
    await edgeLabel(page, 'greet', 'to_book').click();
    const lines = page.getByTestId('edge-routing-lines');
    await lines.waitFor();
    const text = await lines.textContent();
    expect(text).toContain('1 of 2 lines meant for this condition was routed here');
    expect(text).toContain('“I want to book a visit” ✓');
    expect(text).toContain('“Can I get an appointment” → went to the way to cancel');
    await page.screenshot({ path: shotPath('routing-edge-lines.png') });
    await edgeLabel(page, 'greet', 'to_cancel').click();
    await page.getByTestId('edge-routing-no-lines').waitFor();
    expect(await page.getByTestId('edge-routing-lines').textContent()).toContain(
      'Taken here although meant for another condition:“Can I get an appointment” (meant for the way to book)',
    );
  });
});
