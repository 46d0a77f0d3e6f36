/**
 * The result page after audio evaluation, in Chromium (web mode): the said-vs-heard word diff per
 * turn and the rule judged on the text beside the same rule judged on what was heard. The run is
 * made by the engine with the scripted model and the real espeak-ng / pocketsphinx.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSuite } from '../../src-shared/schemas/index.js';
import { runSuite } from '../../src-main/engine/index.js';
import { scriptedModel } from '../../src-main/providers/scripted.js';
import { smallGraph } from '../support/graphs.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';

describe('heard through speech on the result page', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('shows what was said against what was heard, and the rule that passed on text and failed on speech', async () => {
    const store = app.ctx.store;
    const graph = smallGraph({
      nodes: [
        {
          id: 'greeting',
          type: 'conversation',
          instruction: { mode: 'static', text: 'Your reference number is 415 555 1234.' },
          transitions: [],
        },
      ],
    } as never);
    const { agent, version } = store.agents.create(graph);
    const model = scriptedModel({});
    const out = await runSuite({
      store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
      suite: {
        id: null,
        name: 'speech',
        data: TestSuite.parse({
          name: 'speech',
          tests: [
            { name: 'number', caller_script: ['thanks'], caller_script_ends_call: true, includes: ['415 555 1234'] },
          ],
        }),
      },
      options: { concurrency: 1, speech: { tts: 'espeak-ng', stt: 'pocketsphinx', audio_eval: true } },
    });
    const r = out.results[0];
    const { page } = app;
    // the page keeps its session token: move within it by the hash route
    await page.evaluate(`window.location.hash = ${JSON.stringify(`/runs/${out.run.id}?result=${r.id}`)}`);
    const section = page.getByTestId('heard-section');
    await section.waitFor({ timeout: 30_000 });
    // the diff is on normalised words (digits one by one): the number is said, and heard in other words
    await section.locator('del').first().waitFor();
    expect(await section.getByTestId('turn-wer').first().textContent()).toMatch(/^\d+%$/);
    expect(await section.getByTestId('conversation-wer').textContent()).toMatch(
      /^Word error rate: the agent as the caller heard it \d+\.\d% \(\d+ words\)$/,
    );
    const verdicts = section.getByTestId('audio-verdicts');
    const row = verdicts.locator('tr', { hasText: 'includes' });
    expect(await row.locator('td').allTextContents()).toEqual(['includes “415 555 1234”', 'pass', 'fail']);
    await section.screenshot({ path: shotPath('result-heard-through-speech.png') });
    await page.getByTestId('audio-eval-open').waitFor();

    // ▶ on a turn: synthesised on demand with the default engine (flite) and played, no error
    const synthesized = page.waitForResponse((res) => res.url().endsWith('/rpc/speech.synthesize'));
    await page.getByRole('button', { name: 'Play turn 0' }).click();
    const res = await synthesized;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    await expect
      .poll(() => page.getByRole('button', { name: 'Play turn 0' }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByTestId('play-error').count()).toBe(0);
  }, 120_000);
});
