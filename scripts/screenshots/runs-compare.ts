import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dispatch } from '../../src-main/api/dispatch.js';
import { goodScript, seedRuns, worseScript, writeScript } from '../../tests/integration/api/run-control-fixtures.js';
import type { ScreenSet } from './types.js';

/** Runs list, New run dialog, a live run, a finished run with a result, a two-run comparison, an N-way matrix. */
export const runsAndCompareScreens: ScreenSet = {
  name: 'runs and compare',
  async capture({ page, ctx, base, shot }) {
    const ids = await seedRuns(ctx.store, [
      goodScript(),
      worseScript(),
      goodScript({ name: 'clinic-third', chat: ['Hi, Bright Smile Dental speaking.', 'I can offer an appointment on Tuesday at 11 am.'] }),
    ]);
    await page.goto(`${base}#/runs`);
    await page.locator('tr[data-testid^="run-row-"]').first().waitFor();
    await shot('runs');

    await page.getByRole('button', { name: 'New run' }).click();
    await page.getByRole('dialog').waitFor();
    await shot('runs-new-run');
    await page.keyboard.press('Escape');

    // a run in progress: a scripted model slowed down so the conversations are caught mid-way
    const run0 = ctx.store.runs.get(ids[0])!;
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-shots-'));
    const slow = writeScript(dir, 'slow', goodScript({ name: 'clinic-live', defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 700 } }));
    const started = await dispatch(ctx, 'runs.start', { agent_id: run0.agent_id, suite_id: run0.suite_id, models: { agent: { provider: 'scripted', model: slow } }, options: { concurrency: 2, repeats: 2 } });
    if (!started.ok) throw new Error(started.error.message);
    const liveId = (started.output as { run_id: string }).run_id;
    await page.goto(`${base}#/runs/${liveId}`);
    await page.getByTestId('live-conversation').first().waitFor();
    await page.waitForTimeout(1500);
    await shot('run-live', { fullPage: false });
    await dispatch(ctx, 'runs.cancel', { id: liveId });
    fs.rmSync(dir, { recursive: true, force: true });

    const res = ctx.store.results.listByRun(ids[1]);
    await page.goto(`${base}#/runs/${ids[1]}?result=${res[0].id}`);
    await page.locator('[data-result-detail] [data-testid="graph-node"]').first().waitFor();
    await shot('run-result');

    await page.goto(`${base}#/compare?runs=${ids[0]},${ids[1]}&test=${encodeURIComponent('0:0:books a cleaning')}`);
    await page.getByTestId('test-diff').waitFor();
    await page.waitForTimeout(500);
    await shot('compare');

    await page.goto(`${base}#/compare?runs=${ids.join(',')}`);
    await page.getByTestId('matrix').waitFor();
    await shot('compare-matrix');
  },
};
