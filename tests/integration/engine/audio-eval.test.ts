/**
 * Speech in runs, on real engines (espeak-ng -> pocketsphinx) and the scripted model (exact):
 * - audio evaluation: an agent that reads out a phone number passes an includes rule on the text and
 *   fails it on what the caller heard; the scripted judge scores the heard transcript differently;
 * - caller speech: the agent receives the recognised text, the transcript keeps both;
 * - a speech engine that fails: the turn names engine and turn, the text verdict is kept.
 */
import { describe, expect, it } from 'vitest';
import { TestSuite, type Result } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { scriptedModel } from '../../../src-main/providers/scripted.js';
import { smallGraph } from '../../support/graphs.js';
import { tempStore } from '../../unit/engine/run-helpers.js';

const PHONE = 'Your reference number is 415 555 1234.';

const graph = smallGraph({
  first_speaker: 'agent',
  nodes: [
    {
      id: 'greeting',
      type: 'conversation',
      instruction: { mode: 'static', text: PHONE },
      transitions: [{ id: 't1', target: 'order', condition: { kind: 'always' } }],
    },
    {
      id: 'order',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Confirm the order number the caller gave.' },
      transitions: [],
    },
  ],
} as never);

const suite = (test: Record<string, unknown>) =>
  TestSuite.parse({
    name: 'speech',
    tests: [{ name: 'phone number', caller_script: ['thank you'], caller_script_ends_call: true, ...test }],
  });

const model = () =>
  scriptedModel({
    // the judge scores 1 when the agent's line with the number is in the transcript it judges, else 0
    rules: [{ purpose: 'judge', when: { any: 'agent: Your reference number is 415 555 1234' }, reply: 1 }],
    defaults: { score: 0 },
    // the agent answers with what it received: A17 when the recogniser kept it
    chat: [],
  });

async function run(test: Record<string, unknown>, speech: Record<string, unknown>, agent = model()): Promise<Result> {
  const store = tempStore();
  const { agent: a, version } = store.agents.create(graph);
  try {
    const out = await runSuite({
      store,
      models: { agent, caller: agent, judge: agent },
      agent: { id: a.id, version_id: version.id, name: a.name, graph: version.graph },
      suite: { id: null, name: 'speech', data: suite(test) },
      options: { concurrency: 1, speech },
    });
    expect(out.results).toHaveLength(1);
    const stored = store.results.listByRun(out.run.id);
    expect(stored[0].audio_rules ?? null).toEqual(out.results[0].audio_rules ?? null);
    // the engines actually used are kept with the run, like the models' identity
    if (speech.tts === 'espeak-ng')
      expect(store.runs.get(out.run.id)!.options.speech?.engines).toEqual({
        tts: expect.objectContaining({ engine: 'command', preset: 'espeak-ng' }),
        stt: expect.objectContaining({ engine: 'command', preset: 'pocketsphinx' }),
      });
    return out.results[0];
  } finally {
    store.close();
  }
}

describe('audio evaluation (espeak-ng -> pocketsphinx, scripted judge)', () => {
  it('the phone number passes the includes rule on the text and fails it on what was heard', async () => {
    const r = await run(
      {
        includes: ['415 555 1234'],
        metrics: [{ criterion: 'The agent reads out the reference number', threshold: 0.5 }],
      },
      { tts: 'espeak-ng', stt: 'pocketsphinx', audio_eval: true },
    );
    expect(r.status).toBe('pass');
    expect(r.rules).toEqual([expect.objectContaining({ kind: 'includes', target: '415 555 1234', passed: true })]);
    expect(r.audio_rules).toEqual([
      expect.objectContaining({ kind: 'includes', target: '415 555 1234', passed: false }),
    ]);
    expect(r.metrics.map((m) => [m.score, m.passed])).toEqual([[1, true]]);
    expect(r.audio_metrics!.map((m) => [m.criterion, m.score, m.passed])).toEqual([
      ['The agent reads out the reference number', 0, false],
    ]);
    expect(r.audio_error).toBeUndefined();
    expect(r.model_calls.filter((c) => c.purpose === 'audio_judge').length).toBeGreaterThan(0);
    const first = r.transcript[0];
    expect(first).toMatchObject({ role: 'agent', content: PHONE });
    expect(first.heard).toMatch(/fifty|hundred|thousand/);
    expect(first.heard).not.toContain('415');
    expect(first.latency!.tts_first_audio_ms).toBeGreaterThan(0);
    expect(first.latency!.response_ms).toBeGreaterThanOrEqual(first.latency!.tts_first_audio_ms!);
    // caller turns are not spoken under audio evaluation alone
    expect(r.transcript.filter((t) => t.role === 'caller').every((t) => t.heard === undefined)).toBe(true);
  }, 120_000);

  it('a speech engine that fails marks the turn and the audio part, and keeps the text verdict', async () => {
    const r = await run(
      { includes: ['415 555 1234'] },
      { tts: 'command:parley-no-such-tts -w {out}', stt: 'pocketsphinx', audio_eval: true },
    );
    expect(r.status).toBe('pass');
    expect(r.rules[0].passed).toBe(true);
    expect(r.audio_rules).toBeUndefined();
    expect(r.audio_error).toContain('turn 1 (agent): tts engine command (parley-no-such-tts)');
    expect(r.transcript[0].speech_error).toContain('"parley-no-such-tts" was not found');
    expect(r.transcript[0].heard).toBeUndefined();
  }, 60_000);
});

describe('caller speech (the agent hears the caller through speech recognition)', () => {
  it('the agent receives the recognised text and the transcript keeps both', async () => {
    const agent = scriptedModel({
      rules: [{ purpose: 'chat', when: { last: 'A17' }, reply: 'Order A17, booked.' }],
      defaults: { chat: 'Sorry, could you spell the order number?' },
    });
    const r = await run(
      { caller_script: ['My order number is A17 please', 'thanks'], caller_script_ends_call: true },
      { tts: 'espeak-ng', stt: 'pocketsphinx', caller_speech: true, phone_noise: 0.05 },
      agent,
    );
    const caller = r.transcript.find((t) => t.role === 'caller')!;
    expect(caller.content).toBe('My order number is A17 please');
    expect(caller.heard).toBeDefined();
    expect(caller.heard).not.toBe(caller.content);
    expect(caller.heard).not.toContain('A17');
    // the agent got the recognised text, so the scripted rule for "A17" did not fire
    const reply = r.transcript[r.transcript.indexOf(caller) + 1];
    expect(reply).toMatchObject({ role: 'agent', content: 'Sorry, could you spell the order number?' });
    expect(reply.latency!.stt_ms).toBeGreaterThan(0);
    expect(reply.latency!.response_ms).toBeGreaterThanOrEqual(reply.latency!.stt_ms!);
    // and the same run without speech: the agent gets the text and books A17
    const plain = await run(
      { caller_script: ['My order number is A17 please', 'thanks'], caller_script_ends_call: true },
      {},
      scriptedModel({
        rules: [{ purpose: 'chat', when: { last: 'A17' }, reply: 'Order A17, booked.' }],
        defaults: { chat: 'Sorry, could you spell the order number?' },
      }),
    );
    expect(plain.transcript.map((t) => t.content)).toContain('Order A17, booked.');
  }, 120_000);
});
