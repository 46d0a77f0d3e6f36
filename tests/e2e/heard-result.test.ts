/**
 * The result page after audio evaluation, in Chromium (web mode): what was heard under what was said in the
 * transcript (one turn numbering, misheard words not in the colour of "good") and the rule judged on the text
 * beside the same rule judged on what was heard. The run (the caller
 * speaks too) is made by the engine with the scripted model and the real espeak-ng / pocketsphinx.
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
            {
              name: 'number',
              caller_script: ['thanks', 'bye'],
              caller_script_ends_call: true,
              includes: ['415 555 1234'],
            },
          ],
        }),
      },
      options: {
        concurrency: 1,
        speech: { tts: 'espeak-ng', stt: 'pocketsphinx', audio_eval: true, caller_speech: true },
      },
    });
    const r = out.results[0];
    const { page } = app;
    // the page keeps its session token: move within it by the hash route
    await page.evaluate(`window.location.hash = ${JSON.stringify(`/runs/${out.run.id}?result=${r.id}`)}`);
    const section = page.getByTestId('heard-section');
    await section.waitFor({ timeout: 30_000 });
    // what the caller heard sits in the transcript under what the agent said, numbered as the transcript is
    const detail = page.locator('[data-result-detail]');
    const agentTurn = detail.locator('.transcript > li.turn-agent').first();
    const heard = agentTurn.getByTestId('turn-heard');
    await heard.waitFor();
    expect(await heard.textContent()).toMatch(/^the caller heard: /);
    // the diff is on normalised words (digits one by one): the number is said, and heard in other words
    await heard.locator('del').first().waitFor();
    expect(await heard.getByTestId('turn-wer').textContent()).toMatch(
      /^ · \d+% word errors( \((cached|shared with an identical turn)\))?$/,
    );
    expect(await agentTurn.locator('.turn-no').textContent()).toBe('#1');
    // a misheard word is never drawn in the colour of "good"
    // (computed colours read in the page: a probe span painted with var(--ok) gives the colour of "good")
    const colours = (await page.evaluate(`(() => {
      const probe = document.createElement('span');
      probe.style.color = 'var(--ok)';
      document.body.append(probe);
      const ok = getComputedStyle(probe).color;
      probe.remove();
      const of = (s) => { const el = document.querySelector(s); return el ? getComputedStyle(el).color : null; };
      return { ok, ins: of('[data-testid="turn-heard"] ins'), del: of('[data-testid="turn-heard"] del') };
    })()`)) as { ok: string; ins: string | null; del: string };
    expect(colours.del).not.toBe(colours.ok);
    if (colours.ins !== null) expect(colours.ins).not.toBe(colours.ok);
    expect(await section.getByTestId('conversation-wer').textContent()).toMatch(
      /^Word error rate: the agent as the caller heard it \d+\.\d% \(\d+ words\); the caller as the agent heard it \d+\.\d% \(\d+ words\)$/,
    );
    // the caller's words as the agent heard them, under the caller's turn
    const callerTurn = detail.locator('.transcript > li.turn-caller').first();
    expect(await callerTurn.getByTestId('turn-heard').textContent()).toMatch(/^the agent heard: /);
    expect(await callerTurn.locator('.turn-no').textContent()).toBe('#2');
    // the agent's answer to a spoken caller waited mostly on speech recognition, and its chip says so
    const stored = r.transcript[2].latency!;
    expect(stored.stt_ms).toBeGreaterThan(stored.tts_first_audio_ms!);
    const answer = detail.locator('.transcript > li[data-turn="2"]');
    expect(await answer.getByTestId('turn-latency-top').textContent()).toMatch(/^ · speech recognition \d/);
    const verdicts = section.getByTestId('audio-verdicts');
    const row = verdicts.locator('tr', { hasText: 'includes' });
    expect(await row.locator('td').allTextContents()).toEqual(['includes “415 555 1234”', 'pass', 'fail']);
    await detail.screenshot({ path: shotPath('result-heard-through-speech.png') });
    await page.getByTestId('audio-eval-open').waitFor();

    // ▶ on a turn: synthesised on demand with the default engine (flite) and played, no error
    const synthesized = page.waitForResponse((res) => res.url().endsWith('/rpc/speech.synthesize'));
    await page.getByRole('button', { name: 'Play turn 1' }).click();
    const res = await synthesized;
    expect(res.status()).toBe(200);
    expect(await res.json()).toMatchObject({ ok: true });
    await expect
      .poll(() => page.getByRole('button', { name: 'Play turn 1' }).isEnabled(), { timeout: 20_000 })
      .toBe(true);
    expect(await page.getByTestId('play-error').count()).toBe(0);
  }, 120_000);
});
