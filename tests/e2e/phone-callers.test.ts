/**
 * Issue 27 on the run page, in Chromium (web mode): a run whose callers barge in, fall silent and speak
 * over street noise (flite -> pocketsphinx, scripted model). The Speech card shows the word error rate each
 * way with its interval, the turns from the cache and shared with one in flight, and the callers' behaviours counted; the transcript marks the cut agent turn, the
 * silence and the agent's re-prompt; the latency card has time to first audio beside the unstreamed figure.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TestSuite } from '../../src-shared/schemas/index.js';
import { runSuite } from '../../src-main/engine/index.js';
import { scriptedModel } from '../../src-main/providers/scripted.js';
import { verdictFlips, verdictFlipsText } from '../../src-shared/speech/verdict-flips.js';
import { speechRunReport } from '../../src-shared/speech/speech-report.js';
import { smallGraph } from '../support/graphs.js';
import { openWebApp, type WebApp } from './support/browser.js';
import { shotPath } from './support/shots.js';

describe('phone callers on the run page', () => {
  let app: WebApp;
  beforeAll(async () => {
    app = await openWebApp();
  });
  afterAll(async () => {
    await app?.close();
  });

  it('counts and shows barge-ins, silences, re-prompts and noise, and the word error rates', async () => {
    const store = app.ctx.store;
    const graph = smallGraph({
      first_speaker: 'agent',
      no_answer: { after_ms: 5000, reprompt: { mode: 'static', text: 'Are you still there?' }, max_reprompts: 1 },
      nodes: [
        {
          id: 'greeting',
          type: 'conversation',
          instruction: { mode: 'static', text: 'Hello, this is Maple Street Clinic. How can I help you today?' },
          transitions: [],
        },
      ],
    } as never);
    const { agent, version } = store.agents.create(graph);
    const model = scriptedModel({});
    const perturbations = {
      barge_in: { turns: [1], after_words: 4 },
      silence: { turns: [2], seconds: 8 },
      noise: { kind: 'street', snr_db: 20 },
    };
    const out = await runSuite({
      store,
      models: { agent: model, caller: model, judge: model },
      agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
      suite: {
        id: null,
        name: 'callers',
        data: TestSuite.parse({
          name: 'callers',
          tests: ['one', 'two'].map((name) => ({
            name,
            caller_script: ['I need an appointment', 'bye'],
            caller_script_ends_call: true,
            perturbations,
          })),
        }),
      },
      options: { concurrency: 2, speech: { audio_eval: true, caller_speech: true } },
    });
    const { page } = app;
    await page.evaluate(`window.location.hash = ${JSON.stringify(`/runs/${out.run.id}`)}`);
    const card = page.getByTestId('speech-card');
    await card.waitFor({ timeout: 30_000 });
    const wer = await card.getByTestId('run-wer').allTextContents();
    expect(wer).toHaveLength(2);
    for (const w of wer) expect(w).toMatch(/^\d+\.\d% \(\d+\.\d-\d+\.\d%, 2 conversations, \d+ words\)$/);
    expect(await card.getByTestId('wer-heading').textContent()).toBe('Word error rate (lower is better)');
    expect(await card.getByTestId('verdict-flips').textContent()).toBe(
      `${verdictFlipsText(verdictFlips(out.results)!)}.`,
    );
    expect(await card.getByTestId('perturbation-counts').textContent()).toBe(
      'Callers: 2 barge-ins, 2 silences, 2 re-prompts, 4 noisy caller turns.',
    );
    const s = speechRunReport(out.results)!;
    expect(await card.getByTestId('speech-turns').textContent()).toBe(
      `${s.spoken_turns} turns through speech, ${s.cached_turns} from the speech cache, ${s.shared_turns} shared with an identical turn in flight.`,
    );
    const latency = page.getByTestId('latency-card');
    expect(await latency.locator('tr[data-figure="time_to_first_audio_ms"]').count()).toBe(1);
    expect(await latency.locator('tr[data-figure="time_to_first_audio_unstreamed_ms"]').count()).toBe(1);
    await card.screenshot({ path: shotPath('run-speech-card.png') });

    const r = out.results[0];
    await page.evaluate(`window.location.hash = ${JSON.stringify(`/runs/${out.run.id}?result=${r.id}`)}`);
    const marks = page.locator('[data-result-detail] .transcript').getByTestId('turn-perturbation');
    await marks.first().waitFor({ timeout: 30_000 });
    const texts = await marks.allTextContents();
    expect(texts[0]).toMatch(/^cut off after 4 of 12 words at \d+\.\d s$/);
    expect(texts).toContain('silent for 8.0 s');
    expect(texts).toContain('re-prompt after silence');
    expect(texts.filter((t) => t.includes('street noise at 20 dB'))).toHaveLength(2);
    expect(texts.some((t) => t.startsWith('the caller cut in'))).toBe(true);
    await page.locator('[data-result-detail]').screenshot({ path: shotPath('result-phone-callers.png') });
  }, 300_000);
});
