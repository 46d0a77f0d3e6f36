/**
 * Issue 24, items 1-3 in real web mode + Chromium: compare names a judge that changed and gives no
 * coloured score deltas then; "Run on another model" pins the caller and judge, records the run it
 * came from and "Compare…" uses it as A; the stored readiness verdict beside the New run pickers (a
 * warning for an unfit judge, "never checked" with a one-click check on the tiny GGUF), a caution on
 * the run page and in compare; voice runs labelled in the runs list, the run header and compare.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ModelSpec, ReadinessReport, type RunOptions } from '../../src-shared/schemas/index.js';
import { runSuite } from '../../src-main/engine/index.js';
import { scriptedProvider } from '../../src-main/providers/scripted.js';
import { checkKey } from '../../src-main/app/models/readiness.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';
import { pickModel, startRun } from './runs-dialog.js';
import { goodScript, seedClinic, worseScript, writeScript } from '../integration/api/run-control-fixtures.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';
import { tempDir } from '../support/tmp.js';

describe('results that cannot mislead (Chromium, web mode)', () => {
  let app: WebApp;
  let tmp: ReturnType<typeof tempDir>;
  let clinic: { agentId: string; versionId: string; suiteId: string };
  let good: string;
  let worse: string;
  const go = (hash: string) => app.page.evaluate(`window.location.hash = ${JSON.stringify(hash)}`);

  /** A run of the clinic suite through the engine, each role's model loaded from its script file (as the app does). */
  async function seedRun(files: { agent: string; caller: string; judge: string }, options: Partial<RunOptions> = {}) {
    const store = app.ctx.store;
    const load = (file: string) => scriptedProvider.load(ModelSpec.parse({ provider: 'scripted', model: file }));
    const version = store.agents.getVersion(clinic.versionId)!;
    const suite = store.suites.get(clinic.suiteId)!;
    const out = await runSuite({
      store,
      models: { agent: await load(files.agent), caller: await load(files.caller), judge: await load(files.judge) },
      agent: { id: clinic.agentId, version_id: version.id, name: version.graph.name, graph: version.graph },
      suite: { id: suite.id, name: suite.name, data: suite.data },
      options: { concurrency: 2, ...options },
    });
    return out.run.id;
  }

  beforeAll(async () => {
    tmp = tempDir();
    app = await openWebApp();
    clinic = seedClinic(app.ctx.store);
    good = writeScript(tmp.dir, 'clinic-good', goodScript());
    worse = writeScript(tmp.dir, 'clinic-worse', worseScript());
  });
  afterAll(async () => {
    await app?.close();
    tmp?.cleanup();
  });

  it('compare: a judge that followed the agent model is named when it changed, and its scores are not compared', async () => {
    const a = await seedRun({ agent: good, caller: good, judge: good });
    const b = await seedRun({ agent: worse, caller: worse, judge: worse });
    await go(`/compare?runs=${a},${b}`);
    const { page } = app;
    const line = page.getByTestId('differ-line');
    await expect
      .poll(() => line.textContent())
      .toContain('A and B differ in: agent, caller and judge model scripted:clinic-good.json');
    const notes = page.getByTestId('comparability-notes');
    await expect(notes.textContent()).resolves.toContain(
      'judge changed: scores not comparable (judge model scripted:clinic-good.json',
    );
    await expect(page.getByTestId('delta-mean-score').textContent()).resolves.toContain(
      'judge changed: scores not comparable',
    );
    // no green or red on any score delta: neither the totals nor the per-metric table nor the tests
    const metricTable = page.getByRole('table', { name: 'Mean score per metric' });
    expect(await metricTable.locator('.tone-good, .tone-bad').count()).toBe(0);
    expect(await page.getByTestId('delta-mean-score').locator('.tone-good, .tone-bad').count()).toBe(0);
    await expect(page.getByRole('table', { name: 'Tests compared' }).textContent()).resolves.toContain(
      'judge changed: scores not comparable',
    );
    // the pass rate and the regressed tests are facts of each run, but rest on the judge: no colour, and why
    await expect(notes.textContent()).resolves.toContain("passes rest on the judge's verdicts");
    const passRate = page.getByTestId('delta-pass-rate');
    expect(await passRate.locator('.tone-good, .tone-bad').count()).toBe(0);
    expect(await passRate.locator('[data-uncoloured]').count()).toBe(1);
    expect(await page.locator('.count-chip.kind-regressed, .count-chip.kind-improved').count()).toBe(0);
    expect(await page.locator('.change-tag.kind-regressed, .change-tag.kind-improved').count()).toBe(0);
    await page.screenshot({ path: shotPath('compare-judge-changed.png') });
  }, 60_000);

  it('"Run on another model" keeps the caller and judge, says so, records its source; Compare… uses it as A', async () => {
    const source = await seedRun({ agent: good, caller: good, judge: good });
    // a run in between (as "Cover the gaps" would make): not the baseline
    await seedRun({ agent: worse, caller: worse, judge: worse });
    const { page } = app;
    await go(`/runs/${source}`);
    await page.getByRole('button', { name: 'Run on another model' }).click();
    const dialog = page.getByRole('dialog', { name: 'Run on another model' });
    await expect(dialog.getByTestId('pinned-roles').textContent()).resolves.toMatch(
      /simulated caller stays on scripted:clinic-good\.json and the judge on scripted:clinic-good\.json, the models run run_\w+ used/,
    );
    await dialog.screenshot({ path: shotPath('run-on-another-model-pinned.png') });
    await pickModel(dialog, 'Agent model', `scripted:${worse}`);
    await startRun(dialog);
    await page.waitForURL((u) => /#\/runs\/run/.test(u.href) && !u.href.includes(source));
    const created = page.url().split('#/runs/')[1].split('?')[0];
    await page.getByTestId('run-status').getByText('completed').waitFor({ timeout: 60_000 });
    expect(app.ctx.store.runs.get(created)!.source_run_id).toBe(source);
    await page.getByText(`started from run ${source}`).waitFor();
    await page.getByRole('button', { name: 'Compare…' }).click();
    await page.waitForURL(new RegExp(`#/compare\\?runs=${source},${created}`));
    // only the agent model differs: the scores compare, coloured
    await expect
      .poll(() => page.getByTestId('differ-line').textContent())
      .toMatch(/^A and B differ in: agent model scripted:clinic-good\.json -> scripted:clinic-worse\.json$/);
    expect(await page.getByTestId('comparability-notes').count()).toBe(0);
    // the judge stayed: the mean score delta is a number again (0 here: the same judge scores both alike)
    await expect(page.getByTestId('delta-mean-score').textContent()).resolves.toMatch(/Mean score.*±0\.00$/);
  }, 90_000);

  it('readiness beside the pickers, on the run page and in compare; voice runs labelled everywhere', async () => {
    const store = app.ctx.store;
    const judgeSpec = ModelSpec.parse({ provider: 'ollama', model: 'judge-x:1b' });
    store.modelChecks.insert(
      ReadinessReport.parse({
        id: 'chk_judge_x',
        model: checkKey(judgeSpec),
        spec: judgeSpec,
        roles: ['judge'],
        tasks_version: 'test',
        families: [{ family: 'judging', role: 'judge', correct: 10, total: 20, valid: 20, errors: 0, by_tag: [] }],
        verdicts: [
          { family: 'judging', role: 'judge', fit: 'unfit', correct: 10, total: 20, weak_on: ['negated'], text: '' },
        ],
        speed: { calls: 20, completion_tokens: 0, tokens_per_s: null, first_token_ms: null, call_ms: null },
        items: [],
        ms: 1,
        created_at: new Date().toISOString(),
      }),
    );
    const unfitText = 'Not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria';
    const { page } = app;

    // New run: the judge (same as the agent model) is flagged, the caller never checked
    await go('/runs');
    await page.getByRole('button', { name: 'New run' }).click();
    const dialog = page.getByRole('dialog', { name: 'New run' });
    await dialog.getByLabel('Agent', { exact: true }).selectOption(clinic.agentId);
    // the caller and judge follow the agent model (the last set-up pinned them: unpin)
    for (const role of ['Simulated caller model', 'Judge model'])
      await dialog.getByLabel(`${role} provider`, { exact: true }).selectOption('');
    await pickModel(dialog, 'Agent model', 'ollama:judge-x:1b');
    const judge = dialog.getByTestId('model-fitness-judge');
    await expect.poll(() => judge.getAttribute('data-state')).toBe('unfit');
    await expect(judge.textContent()).resolves.toContain(unfitText);
    await expect(judge.textContent()).resolves.toContain('may mislead');
    await expect(dialog.getByTestId('model-fitness-caller').textContent()).resolves.toContain(
      'Never checked as a simulated caller',
    );
    await dialog.screenshot({ path: shotPath('new-run-readiness.png') });

    // the one-click check on a real model (the tiny GGUF) replaces "never checked" with a verdict
    const gguf = await ensureTinyGguf();
    await pickModel(dialog, 'Agent model', `llama-cpp:${gguf}`, { threads: '1' });
    const caller = dialog.getByTestId('model-fitness-caller');
    await expect.poll(() => caller.getAttribute('data-model')).toBe(`llama-cpp:${gguf}`);
    await expect(caller.getAttribute('data-state')).resolves.toBe('unchecked');
    await caller.getByRole('button', { name: /Check it as simulated caller/ }).click();
    await expect
      .poll(() => dialog.getByTestId('model-fitness-caller').getAttribute('data-state'), { timeout: 120_000 })
      .toMatch(/^(fit|weak|unfit)$/);
    await expect(dialog.getByTestId('model-fitness-caller').textContent()).resolves.toMatch(/as caller: \d+\/10 right/);
    await dialog.getByRole('button', { name: 'Cancel' }).click();

    // a voice run whose judge was judged unfit: caution on its page, label everywhere
    const speech = {
      tts: 'espeak-ng',
      stt: 'pocketsphinx',
      audio_eval: true,
      caller_speech: true,
      engines: {
        tts: { engine: 'command' as const, preset: 'espeak-ng' },
        stt: { engine: 'command' as const, preset: 'pocketsphinx' },
      },
    };
    const voice = store.runs.create({
      kind: 'simulated',
      status: 'completed',
      agent_id: clinic.agentId,
      agent_version_id: clinic.versionId,
      agent_name: 'Bright Smile Dental',
      suite_id: clinic.suiteId,
      suite_name: 'Clinic smoke',
      models: { agent: { spec: judgeSpec } },
      options: { concurrency: 1, speech },
    }).id;
    const label = 'audio eval · caller via STT · espeak-ng -> pocketsphinx';
    await go('/runs');
    await page.reload();
    await expect(page.getByTestId(`run-row-${voice}`).getByTestId('speech-label').textContent()).resolves.toBe(label);
    await go(`/runs/${voice}`);
    await expect.poll(() => page.getByTestId('speech-label').first().textContent()).toBe(label);
    const caution = page.getByTestId('run-fitness');
    await expect.poll(() => caution.getByTestId('model-fitness-judge').getAttribute('data-state')).toBe('unfit');
    await expect(caution.getByTestId('model-fitness-agent').textContent()).resolves.toContain(
      'Never checked as the agent',
    );
    await page.screenshot({ path: shotPath('run-page-readiness-caution.png') });
    const base = await seedRun({ agent: good, caller: good, judge: good });
    await go(`/compare?runs=${base},${voice}`);
    const headB = page.getByTestId('run-head-b');
    await expect.poll(() => headB.getByTestId('speech-label').textContent()).toBe(label);
    await expect(headB.getByTestId('compare-fitness').textContent()).resolves.toContain(unfitText);
  }, 240_000);
});
