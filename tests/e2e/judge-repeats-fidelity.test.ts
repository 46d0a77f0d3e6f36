import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { shotPath } from './support/shots.js';
import { finishedRun } from './support/finished-run.js';

/**
 * The run page in Chromium for a run started with judge_repeats 3 and caller_fidelity: the metric
 * whose verdicts flip is marked "unstable judge", and the conversations whose caller broke character
 * are listed as invalid callers.
 */
describe('judge repeats and caller fidelity on the run page (Chromium)', () => {
  let app: WebApp;
  let runId: string;
  let dir: string;

  beforeAll(async () => {
    app = await openWebApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-repeats-'));
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    const script = writeScript(
      dir,
      'clinic',
      goodScript({
        // each conversation's judge: metric 1 at 0.3 on the second of three judgements
        judge: [0.9, 0.3, 0.9],
        caller_fidelity: [{ in_character: 0.9, pursued_goal: 0.9, reasoning: 'fine' }],
        rules: [
          {
            purpose: 'caller_fidelity',
            when: { last: 'book and then hang up' },
            reply: { in_character: 0.1, pursued_goal: 0.5, reasoning: 'the caller spoke as the receptionist' },
          },
        ],
      }),
    );
    runId = await finishedRun(app.ctx, {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script, params: {} } },
      options: { judge_repeats: 3, caller_fidelity: true },
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('shows the unstable judge and lists the invalid caller', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}?tab=trust`);
    const repeats = page.getByTestId('judge-repeats');
    await repeats.getByText('Judged 3 times per conversation').waitFor();
    const rows = await repeats.locator('tbody tr').allTextContents();
    expect(rows).toEqual([
      'The agent offers a concrete time slot1 of 1unstable judge',
      'The agent ends politely1 of 1unstable judge',
    ]);
    const fidelity = page.getByTestId('caller-fidelity');
    await fidelity
      .getByRole('alert')
      .getByText(/Invalid caller: 1 of 2 conversations/)
      .waitFor();
    await fidelity.getByRole('button', { name: 'says goodbye #1' }).waitFor();
    await fidelity.getByText('the caller spoke as the receptionist').waitFor();
    await repeats.screenshot({ path: shotPath('run-judge-repeats.png') });
    await fidelity.screenshot({ path: shotPath('run-invalid-caller.png') });
    expect(app.ctx.store.runs.get(runId)!.summary.invalid_caller).toBe(1);
  });
});
