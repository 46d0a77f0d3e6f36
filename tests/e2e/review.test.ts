import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dispatch } from '../../src-main/api/dispatch.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { goodScript, seedClinic, writeScript } from '../integration/api/run-control-fixtures.js';
import { shotPath } from './support/shots.js';
import { finishedRun } from './support/finished-run.js';

const SLOT = 'The agent offers a concrete time slot';

/** The review queue in Chromium: label three verdicts with the keyboard and see the agreement update. */
describe('reviewing verdicts in Chromium', () => {
  let app: WebApp;
  let runId: string;
  let dir: string;

  beforeAll(async () => {
    app = await openWebApp();
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'parley-e2e-review-'));
    const { agentId, suiteId } = seedClinic(app.ctx.store);
    // the judge fails every time-slot verdict (0.2) and passes the goodbye ones: 3 failures with 3 repeats
    const script = writeScript(
      dir,
      'clinic',
      goodScript({ rules: [{ purpose: 'judge', when: { any: 'concrete time slot' }, reply: 0.2 }] }),
    );
    runId = await finishedRun(app.ctx, {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script, params: {} } },
      options: { repeats: 3 },
    });
  });
  afterAll(async () => {
    await app?.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('labels three failures with y / n / y, adds a note with Enter, and the agreement panel updates', async () => {
    const { page } = app;
    await page.goto(`${app.server.url.split('?')[0]}#/runs/${runId}?tab=review`);
    const card = page.getByTestId('review');
    await card.waitFor();
    await expect(card.getByTestId('review-keys').textContent()).resolves.toContain('y judge right');
    await expect(card.getByLabel('Show').inputValue()).resolves.toBe('unreviewed-failures');
    await expect(card.getByTestId('review-item').count()).resolves.toBe(3);
    await expect(card.getByTestId('review-progress').textContent()).resolves.toBe('0 of 6 verdicts reviewed');

    // no name yet: the first key asks for it and writes nothing
    const queue = card.getByTestId('review-queue');
    await queue.focus();
    await page.keyboard.press('y');
    await card.getByRole('alert').filter({ hasText: 'Enter your name as reviewer first' }).waitFor();
    expect(app.ctx.store.labels.countByRun(runId)).toBe(0);
    await card.getByLabel('Reviewer name').fill('Ana');

    await queue.focus();
    const items = card.getByTestId('review-item');
    await page.keyboard.press('j');
    await expect(items.nth(1).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('k');
    await expect(items.nth(0).getAttribute('aria-selected')).resolves.toBe('true');
    await page.keyboard.press('y'); // judge right: human fail
    await card.getByText('1 of 6 verdicts reviewed').waitFor();
    await page.keyboard.press('n'); // judge wrong: human pass
    await card.getByText('2 of 6 verdicts reviewed').waitFor();
    await page.keyboard.press('y');
    await card.getByText('3 of 6 verdicts reviewed').waitFor();
    await card.getByText('Nothing to review here').waitFor();

    const rows = card.getByTestId('agreement-row');
    await rows.first().waitFor();
    await expect(rows.first().textContent()).resolves.toContain(SLOT);
    // original judge on the time slot: fails all 3, reviewers fail 2 of them: agrees on 2 of 3
    await expect(rows.first().getByTestId('agreement-accuracy').textContent()).resolves.toBe('67% (21-94%, n=3)');

    // the disagreement, with a note added from the keyboard
    await card.getByLabel('Show').selectOption('disagreements');
    await expect(card.getByTestId('review-item').count()).resolves.toBe(1);
    await queue.focus();
    await page.keyboard.press('Enter');
    await card.getByLabel('Note').fill('a slot was offered: Tuesday at 10');
    await page.keyboard.press('Enter');
    await card.getByTestId('review-note').waitFor();
    const labels = app.ctx.store.labels.listByRun(runId);
    expect(labels.map((l) => [l.human_passed, l.marked, l.reviewer])).toEqual([
      [false, 'right', 'Ana'],
      [true, 'wrong', 'Ana'],
      [false, 'right', 'Ana'],
    ]);
    expect(labels.filter((l) => l.note).map((l) => l.note)).toEqual(['a slot was offered: Tuesday at 10']);
    await page.screenshot({
      path: shotPath('review-verdicts.png'),
      fullPage: true,
    });
  });

  it('on a result, each metric shows its label and can be relabelled with the mouse', async () => {
    const { page } = app;
    const card = page.getByTestId('review');
    await card.getByLabel('Show').selectOption('all');
    await card.getByTestId('review-queue').focus();
    await page.keyboard.press('o'); // opens the first conversation: books a cleaning, repeat 1 (labelled "judge right")
    const label = page.getByTestId('metric-label').first();
    await label.waitFor();
    await expect(label.textContent()).resolves.toContain('Human: fail (judge right, Ana)');
    await label.getByRole('button', { name: 'Judge wrong' }).click();
    await label.getByText('Human: pass (judge wrong, Ana)').waitFor();
    const rows = card.getByTestId('agreement-row');
    await rows.first().getByTestId('agreement-accuracy').getByText('33% (6-79%, n=3)').waitFor();
    await label.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath('review-metric-label.png') });
  });

  it('imports a labels file from the run page; a bad one is refused with its JSON path and nothing changes', async () => {
    const { page } = app;
    const card = page.getByTestId('review');
    const before = JSON.stringify(app.ctx.store.labels.listByRun(runId));
    const file = path.join(dir, 'team-labels.json');
    const exported = await dispatch(app.ctx, 'labels.export', { run_id: runId });
    if (!exported.ok) throw new Error(exported.error.message);
    const good = exported.output as { labels: Record<string, unknown>[] };
    fs.writeFileSync(file, JSON.stringify({ ...good, labels: [{ ...good.labels[0], result_id: 'res_gone' }] }));
    await card.getByLabel('Labels file').setInputFiles(file);
    await card
      .getByRole('alert')
      .filter({ hasText: 'team-labels.json: labels[0].result_id: no result res_gone' })
      .waitFor();
    expect(JSON.stringify(app.ctx.store.labels.listByRun(runId))).toBe(before);
  });
});
