import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { seedClinic } from '../integration/api/run-control-fixtures.js';
import { startOpenAiServer, type OpenAiTestServer } from '../servers/openai-server.js';
import { shotPath } from './support/shots.js';

/** The run page in Chromium: per-endpoint load while a run on two endpoints runs, then as stored. */
describe('model endpoints on the run page', () => {
  let app: WebApp;
  let a: OpenAiTestServer;
  let b: OpenAiTestServer;

  beforeAll(async () => {
    app = await openWebApp();
    // slow until the live view has been checked (then the delay is lifted), so the run is still going
    a = await startOpenAiServer({ instant: true, chatDelayMs: 2000 });
    b = await startOpenAiServer({ instant: true, chatDelayMs: 2000 });
  });
  afterAll(async () => {
    await app?.close();
    await a?.stop();
    await b?.stop();
  });

  it('shows calls in flight per endpoint live, and the totals after the run', async () => {
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    const started = await dispatch(app.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: {
        agent: {
          provider: 'openai',
          model: 'tiny',
          endpoints: [a.baseUrl, b.baseUrl],
          endpoint_options: { [a.baseUrl]: { concurrency: 1, rpm: 6000 }, [b.baseUrl]: { concurrency: 2 } },
          params: {},
        },
      },
      options: { concurrency: 2 },
    });
    if (!started.ok) throw new Error(started.error.message);
    const runId = (started.output as { run_id: string }).run_id;
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}?tab=latency`);
    const card = page.getByTestId('endpoint-load');
    await card.getByRole('heading', { name: 'Model endpoints (live)' }).waitFor({ timeout: 30_000 });
    await expect(card.getByText('1 at once, 6000 rpm').count()).resolves.toBe(1);
    await expect(card.getByText(/^\d of 1$/).count()).resolves.toBe(1);
    await page.screenshot({ path: shotPath('run-endpoints-live.png') });
    a.setChatDelay(0);
    b.setChatDelay(0);

    await card.getByRole('heading', { name: 'Model endpoints', exact: true }).waitFor({ timeout: 60_000 });
    const stored = app.ctx.store.runs.require(runId).endpoint_stats!;
    expect(stored.map((s) => s.endpoint)).toEqual([a.baseUrl, b.baseUrl]);
    const rows = await card.locator('tbody tr').allTextContents();
    expect(rows).toHaveLength(2);
    expect(rows[0]).toContain(`${a.baseUrl}1 at once, 6000 rpm${stored[0].calls}`);
    expect(rows[1]).toContain(`${b.baseUrl}2 at once${stored[1].calls}`);
    expect(stored[0].calls + stored[1].calls).toBeGreaterThan(0);
    await page.screenshot({ path: shotPath('run-endpoints.png'), fullPage: true });
  }, 120_000);
});
