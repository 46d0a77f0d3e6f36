/**
 * Audio evaluation of a finished run through the app's door (dispatch -> app/speech/audio-eval.ts ->
 * engine/run/run-pool.ts), with the tiny GGUF as every model (mechanics: its judge really runs on the
 * heard transcript) and real espeak-ng / pocketsphinx; and the Models page's speech test.
 */
import { AudioEvalOutput } from '../../../src-shared/contract/speech.js';
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { TestSuite } from '../../../src-shared/schemas/index.js';
import { runSuite } from '../../../src-main/engine/index.js';
import { createProviderRegistry } from '../../../src-main/providers/registry.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { useApiContext } from '../../support/api-context.js';
import { smallGraph } from '../../support/graphs.js';

const t = useApiContext();

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

async function finishedRun(): Promise<string> {
  const registry = createProviderRegistry();
  try {
    const gguf = await registry.load({
      provider: 'llama-cpp',
      model: await ensureTinyGguf(),
      params: { threads: 1, max_tokens: 16 },
    });
    const { agent, version } = t.store.agents.create(graph);
    const suite = TestSuite.parse({
      name: 'speech',
      tests: [
        {
          name: 'number',
          caller_script: ['ok thanks'],
          caller_script_ends_call: true,
          includes: ['agent:415 555 1234'],
          metrics: [{ criterion: 'The agent gives a reference number', threshold: 0.5 }],
        },
      ],
    });
    const out = await runSuite({
      store: t.store,
      models: { agent: gguf, caller: gguf, judge: gguf },
      agent: { id: agent.id, version_id: version.id, name: agent.name, graph: version.graph },
      suite: { id: null, name: 'speech', data: suite },
      options: { concurrency: 1 },
    });
    return out.run.id;
  } finally {
    await registry.close();
  }
}

describe('speech.audioEval (a finished run, tiny GGUF judge, real speech engines)', () => {
  it('stores what was heard and the verdicts judged again on it; the text verdicts stay', async () => {
    const runId = await finishedRun();
    const before = t.store.results.listByRun(runId)[0];
    expect(before.rules[0]).toMatchObject({ target: 'agent:415 555 1234', passed: true });
    const job = await t.job(
      (await t.call('speech.audioEval', { run_id: runId, tts: 'espeak-ng', stt: 'pocketsphinx' })).job_id,
    );
    expect(job).toMatchObject({ kind: 'audio-eval', status: 'done', progress: { done: 1, total: 1 } });
    const out = AudioEvalOutput.parse(job.result);
    expect(out).toMatchObject({ run_id: runId, conversations: 1, turns: 1, errors: 0, lost_in_speech: 1 });
    expect(out.tts).toMatchObject({ engine: 'command', preset: 'espeak-ng' });
    const after = t.store.results.listByRun(runId)[0];
    expect(after.status).toBe(before.status);
    expect(after.rules).toEqual(before.rules);
    expect(after.metrics).toEqual(before.metrics);
    expect(after.transcript[0].heard).toMatch(/fifty|hundred|thousand/);
    expect(after.audio_rules).toEqual([
      expect.objectContaining({ kind: 'includes', target: 'agent:415 555 1234', passed: false }),
    ]);
    // the tiny model really judged the heard transcript: one verdict per metric, in range, and a recorded call
    expect(after.audio_metrics).toHaveLength(1);
    expect(after.audio_metrics![0].criterion).toBe('The agent gives a reference number');
    expect(after.audio_metrics![0].score).toBeGreaterThanOrEqual(0);
    expect(after.model_calls.filter((c) => c.purpose === 'audio_judge').length).toBeGreaterThan(0);
  }, 180_000);

  it('a bad engine or a server that is down: a clear error naming the engine, and the run unchanged', async () => {
    const runId = await finishedRun();
    const before = t.store.results.listByRun(runId);
    const bad = await dispatch(t.ctx, 'speech.audioEval', { run_id: runId, tts: 'festival', stt: 'pocketsphinx' });
    expect(bad).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'tts' } });
    expect(!bad.ok && bad.error.message).toContain('unknown engine "festival"');
    const badStt = await dispatch(t.ctx, 'speech.audioEval', { run_id: runId, stt: 'whisper:' });
    expect(badStt).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'stt' } });
    expect(!badStt.ok && badStt.error.message).toContain('whisper needs a model file');
    expect(t.store.results.listByRun(runId)).toEqual(before);
    // the server is down: every turn fails, the audio part says so, the text verdicts are kept
    const downJob = await t.job(
      (
        await t.call('speech.audioEval', {
          run_id: runId,
          tts: 'espeak-ng',
          stt: 'openai:whisper-1@http://127.0.0.1:9/v1',
        })
      ).job_id,
    );
    expect(downJob).toMatchObject({ kind: 'audio-eval', status: 'done' });
    expect(AudioEvalOutput.parse(downJob.result)).toMatchObject({ errors: 1, lost_in_speech: 0 });
    const r = t.store.results.listByRun(runId)[0];
    expect(r.audio_error).toContain('turn 1 (agent): stt engine openai model "whisper-1" (http://127.0.0.1:9/v1)');
    expect(r.rules).toEqual(before[0].rules);
    expect(r.status).toBe(before[0].status);
  }, 180_000);
});

describe('speech.test', () => {
  it('speaks and hears a sentence, with timings and the engines', async () => {
    const out = await t.call('speech.test', { tts: 'espeak-ng', stt: 'pocketsphinx', text: 'Fifty five' });
    expect(out.said).toBe('Fifty five');
    expect(out.timings.tts_ms).toBeGreaterThan(0);
    expect(out.timings.stt_ms).toBeGreaterThan(0);
    expect(out.stt).toMatchObject({ preset: 'pocketsphinx' });
    const missing = await dispatch(t.ctx, 'speech.test', {
      tts: 'piper:/parley/no-such-voice.onnx',
      stt: 'pocketsphinx',
    });
    expect(missing).toMatchObject({ ok: false });
    expect(!missing.ok && missing.error.message).toContain('"/parley/no-such-voice.onnx" does not exist');
  }, 60_000);
});
