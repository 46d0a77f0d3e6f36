import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';

describe('web mode shell in Chromium', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('renders the navigation and reaches the API with the token', async () => {
    const { page } = app;
    for (const label of ['Agents', 'Personas', 'Suites', 'Runs', 'Compare', 'Models']) {
      await expect(page.getByRole('link', { name: label, exact: true }).isVisible()).resolves.toBe(true);
    }
    // app.info answered through HTTP with the token: the footer shows the version and mode.
    await page.getByText(/· web$/).waitFor();
    // the token was removed from the address bar
    expect(page.url()).not.toContain('token=');
  });

  it('shows an empty state that says what to do next', async () => {
    await app.page.getByRole('link', { name: 'Agents', exact: true }).click();
    await app.page.getByText('No agents yet').waitFor();
  });

  it('lists an agent created through the API', async () => {
    app.ctx.store.agents.create({
      schema_version: 1,
      name: 'Clinic',
      entry_node_id: 'a',
      first_speaker: 'agent',
      global_prompt: '',
      snippets: {},
      tools: [],
      default_variables: {},
      metrics: [],
      source: { format: 'parley', meta: {} },
      nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'static', text: 'Hello' }, transitions: [] }],
    });
    await app.page.reload();
    await app.page.getByRole('cell', { name: 'Clinic', exact: true }).waitFor();
  });
});
