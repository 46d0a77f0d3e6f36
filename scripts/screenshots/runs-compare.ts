import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { dispatch } from '../../src-main/api/dispatch.js';
import { goodScript, seedRuns, worseScript, writeScript } from '../../tests/integration/api/run-control-fixtures.js';
import type { ScreenSet } from './types.js';

/** Runs list, New run dialog, a live run, a finished run with a result, its problems, Replay and Import calls dialogs, a two-run comparison, an N-way matrix. */
export const runsAndCompareScreens: ScreenSet = {
  name: 'runs and compare',
  async capture({ page, ctx, base, shot }) {
    const ids = await seedRuns(ctx.store, [
      goodScript(),
      worseScript(),
      goodScript({
        name: 'clinic-third',
        chat: ['Hi, Bright Smile Dental speaking.', 'I can offer an appointment on Tuesday at 11 am.'],
      }),
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
    const slow = writeScript(
      dir,
      'slow',
      goodScript({
        name: 'clinic-live',
        defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 700 },
      }),
    );
    const started = await dispatch(ctx, 'runs.start', {
      agent_id: run0.agent_id,
      suite_id: run0.suite_id,
      models: { agent: { provider: 'scripted', model: slow } },
      options: { concurrency: 2, repeats: 2 },
    });
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

    // the failures of the worse run grouped into problems, then the Replay dialog
    const judgeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-shots-'));
    const judge = writeScript(judgeDir, 'judge', {
      name: 'judge',
      failure_groups: [
        {
          problems: [
            {
              label: 'Offers a vague time slot',
              description: 'The agent proposes "Friday at 4 pm maybe" instead of a concrete, bookable time.',
              severity: 'high',
              failure_ids: [0, 2],
            },
            {
              label: 'Ends the call abruptly',
              description: 'The goodbye skips a confirmation of the booking.',
              severity: 'medium',
              failure_ids: [1, 3],
            },
          ],
        },
      ],
    });
    const grouped = await dispatch(ctx, 'runs.groupFailures', {
      id: ids[1],
      judge: { provider: 'scripted', model: judge },
    });
    if (!grouped.ok) throw new Error(grouped.error.message);
    await page.goto(`${base}#/runs/${ids[1]}`);
    await page.reload(); // grouped outside the page: fetch the run again
    await page.getByTestId('problem').first().waitFor();
    await shot('run-problems');
    await page.getByRole('button', { name: 'Replay…' }).click();
    await page.getByTestId('replay-run').waitFor();
    await shot('run-replay', { fullPage: false });
    await page.keyboard.press('Escape');
    fs.rmSync(judgeDir, { recursive: true, force: true });

    await page.goto(`${base}#/runs`);
    await page.getByRole('button', { name: 'Import calls…' }).click();
    await page.getByTestId('import-calls').waitFor();
    await shot('runs-import-calls', { fullPage: false });
    await page.keyboard.press('Escape');

    await page.goto(`${base}#/compare?runs=${ids[0]},${ids[1]}&test=${encodeURIComponent('0:0:books a cleaning')}`);
    await page.getByTestId('test-diff').waitFor();
    await page.waitForTimeout(500);
    await shot('compare');

    await page.goto(`${base}#/compare?runs=${ids.join(',')}`);
    await page.getByTestId('matrix').waitFor();
    await shot('compare-matrix');
  },
};
