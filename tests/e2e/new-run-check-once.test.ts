import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { seedClinic } from '../integration/api/run-control-fixtures.js';
import { startOpenAiServer, type OpenAiTestServer } from '../servers/openai-server.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { startRun } from './runs-dialog.js';

/**
 * Issue 32: the New run dialog's pre-run check makes real model calls (an OpenAI-compatible server answers
 * `GET /models` to prove the key and the model); its `preflight_id` goes with Start, so starting does not
 * make them again. Counted on a real HTTP server in Chromium.
 */
describe('the New run dialog checks the models once', () => {
  let app: WebApp;
  let server: OpenAiTestServer;
  const modelChecks = () => server.requests.filter((r) => r.method === 'GET' && r.path.endsWith('/models')).length;

  beforeAll(async () => {
    app = await openWebApp();
    server = await startOpenAiServer({ instant: true });
    const saved = await dispatch(app.ctx, 'models.saveSettings', {
      openai_endpoints: [{ name: 'Local', base_url: server.baseUrl }],
    });
    if (!saved.ok) throw new Error(saved.error.message);
  });
  afterAll(async () => {
    await app?.close();
    await server?.stop();
  });

  it("starts with the dialog's check: no second round of model calls", async () => {
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs`);
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Agent', { exact: true }).selectOption(agentId);
    await dialog.getByLabel('Test suite').selectOption(suiteId);
    const checksBefore = modelChecks(); // the Models list asks the server what it serves
    await dialog.getByLabel('Agent model provider', { exact: true }).selectOption('openai');
    await expect
      .poll(() => dialog.getByLabel('Agent model model', { exact: true }).inputValue())
      .toBe(`openai:tiny@${server.baseUrl}`);
    // the check made its call and nothing is left to check
    await expect.poll(modelChecks, { timeout: 20_000 }).toBeGreaterThan(checksBefore);
    await expect.poll(() => dialog.getByText('Checking the models…').count(), { timeout: 20_000 }).toBe(0);
    const checked = modelChecks();
    await startRun(dialog);
    await page.waitForURL(/#\/runs\/run/);
    await page
      .getByTestId('run-status')
      .getByText(/completed|failed/)
      .waitFor({ timeout: 60_000 });
    expect(modelChecks()).toBe(checked);
  }, 90_000);
});
