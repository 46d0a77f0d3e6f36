/**
 * Issue 38 (item 8) in Chromium (web mode): a run with caller speech (flite -> pocketsphinx, a slowed
 * scripted model) shows which turn speech is working on in the run's progress line and on the
 * conversation's live card, while the conversation is still going.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';

describe('speech steps on the run page', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('the progress line and the live card say the turn being recognised before the conversation ends', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-speech-steps-'));
    const script = writeScript(dir, 'slow', goodScript({ defaults: { chat: 'OK.', score: 0.9, delay_ms: 700 } }));
    const { agentId, suiteId } = seedClinic(app.ctx.store, {
      tests: [
        {
          name: 'spoken booking',
          caller_script: ['I would like to book a cleaning', 'Tuesday works for me', 'thank you', 'goodbye'],
          caller_script_ends_call: true,
        },
      ],
    });
    const started = await dispatch(app.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script, params: {} } },
      options: { concurrency: 1, speech: { caller_speech: true } },
    });
    if (!started.ok) throw new Error(started.error.message);
    const runId = (started.output as { run_id: string }).run_id;
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}`);
    const step = page.getByTestId('run-step');
    await step.waitFor({ timeout: 30_000 });
    const shown = await step.textContent();
    const card = await page.getByTestId('live-step').first().textContent();
    // seen while the conversation was going on
    expect(app.ctx.store.results.listByRun(runId)).toHaveLength(0);
    expect(shown).toMatch(/^spoken booking: turn \d+, recognising the caller \(speech\)$/);
    expect(card).toMatch(/^turn \d+, recognising the caller \(speech\)$/);
    await page.screenshot({ path: shotPath('speech-steps-1440.png') });
    await page.setViewportSize({ width: 1024, height: 700 });
    await page.screenshot({ path: shotPath('speech-steps-1024.png') });
    await page.setViewportSize({ width: 1440, height: 900 });
    // when the run is over the step is gone with the live view
    await page.getByTestId('run-progress').waitFor({ state: 'detached', timeout: 60_000 });
    expect(app.ctx.store.results.listByRun(runId)).toHaveLength(1);
  }, 120_000);
});
