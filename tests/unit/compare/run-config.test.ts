import { describe, expect, it } from 'vitest';
import {
  configDifferences,
  configSpread,
  differLine,
  modelsLine,
  OPTION_FIELDS,
  OPTIONS_LEFT_OUT,
  runConfig,
} from '../../../src-main/compare/run-config.js';
import { RunOptions } from '../../../src-shared/schemas/index.js';
import { mkRun } from './build.js';

const gguf = (context_size?: number, digest = 'sha256:aaaaaaaaaaaaaaaaaaaa') => ({
  spec: { provider: 'llama-cpp' as const, model: '/models/ux-tiny.gguf', params: context_size ? { context_size } : {} },
  identity: { provider: 'llama-cpp' as const, name: 'ux-tiny.gguf', quantization: 'F32', digest },
});

describe('runConfig / configDifferences', () => {
  it('names the parameter that differs for every role that ran with it, said once', () => {
    const a = runConfig(mkRun({ id: 'a', models: { agent: gguf(2048) } }));
    const b = runConfig(mkRun({ id: 'b', models: { agent: gguf(8192) } }));
    const diffs = configDifferences(a, b);
    // the caller and judge followed the agent model on both sides: they ran with the changed parameter too
    expect(diffs).toEqual(
      (['agent', 'caller', 'judge'] as const).map((role) => ({
        field: `${role} model parameters context_size`,
        a: '2048',
        b: '8192',
        kind: 'parameter',
        role,
      })),
    );
    expect(differLine(diffs)).toBe(
      'A and B differ in: agent, caller and judge model parameters context_size 2048 -> 8192',
    );
  });

  it('the example of issue 24: the judge that followed the agent model is named when it changed', () => {
    const script = {
      spec: { provider: 'scripted' as const, model: '/r/scripted-model.json' },
      identity: { provider: 'scripted' as const, name: 'Parley example script', params: {} },
    };
    const t8 = {
      spec: { provider: 'llama-cpp' as const, model: '/m/t8.gguf', params: {} },
      identity: { provider: 'llama-cpp' as const, name: 't8.gguf', quantization: 'F32', params: {} },
    };
    const a = runConfig(mkRun({ id: 'a', models: { agent: script, caller: script, judge: script } }));
    const b = runConfig(
      mkRun({ id: 'b', models: { agent: t8, caller: t8, judge: t8 }, options: { concurrency: 4, max_turns: 3 } }),
    );
    expect(differLine(configDifferences(a, b))).toBe(
      "A and B differ in: agent, caller and judge model scripted:scripted-model.json -> llama-cpp:t8.gguf F32; max turns the tests' own -> 3",
    );
    expect(modelsLine(b)).toBe(
      'agent llama-cpp:t8.gguf F32 · caller llama-cpp:t8.gguf F32 (same as agent) · judge llama-cpp:t8.gguf F32 (same as agent)',
    );
    // "Run on another model" pins the caller and judge: only the agent differs
    const pinned = runConfig(mkRun({ id: 'c', models: { agent: t8, caller: script, judge: script } }));
    expect(differLine(configDifferences(a, pinned))).toBe(
      'A and B differ in: agent model scripted:scripted-model.json -> llama-cpp:t8.gguf F32',
    );
  });

  it('names the speech settings and the engines', () => {
    const a = runConfig(mkRun({ id: 'a' }));
    const b = runConfig(
      mkRun({
        id: 'b',
        options: {
          concurrency: 4,
          speech: {
            tts: 'espeak-ng',
            stt: 'pocketsphinx',
            audio_eval: true,
            engines: {
              tts: { engine: 'command', preset: 'espeak-ng' },
              stt: { engine: 'command', preset: 'pocketsphinx' },
            },
          },
        },
      }),
    );
    expect(differLine(configDifferences(a, b))).toBe(
      'A and B differ in: audio evaluation off -> on; text to speech off -> espeak-ng; speech recognition off -> pocketsphinx',
    );
  });

  it('every run option is compared or listed as left out with its reason', () => {
    const keys = Object.keys(RunOptions.shape).filter((k) => k !== 'speech');
    for (const k of keys) expect(k in OPTION_FIELDS || k in OPTIONS_LEFT_OUT, `run option ${k}`).toBe(true);
    for (const reason of Object.values(OPTIONS_LEFT_OUT)) expect(reason!.length).toBeGreaterThan(20);
  });

  it('a caller stored with the same model and parameters as the agent reads "same as agent"', () => {
    const m = gguf(2048);
    const c = runConfig(
      mkRun({ id: 'a', models: { agent: m, caller: m, judge: { ...m, spec: { ...m.spec, params: {} } } } }),
    );
    expect(c.caller?.inherited).toBe(true);
    expect(c.judge?.inherited).toBe(false);
  });

  it('says when nothing differs', () => {
    const a = runConfig(mkRun({ id: 'a', models: { agent: gguf(2048) } }));
    expect(configDifferences(a, a)).toEqual([]);
    expect(differLine([])).toBe('A and B ran with the same configuration.');
  });

  it('tells apart two files with the same label by their digest, and an unset parameter reads "default"', () => {
    const a = runConfig(mkRun({ id: 'a', models: { agent: gguf(undefined, 'sha256:111111111111ffff') } }));
    const b = runConfig(
      mkRun({
        id: 'b',
        models: {
          agent: gguf(undefined, 'sha256:222222222222ffff'),
          judge: { spec: { provider: 'ollama', model: 'qwen2.5:7b', params: { seed: 7 } } },
        },
      }),
    );
    const diffs = configDifferences(a, b);
    expect(diffs[0]).toEqual({
      field: 'agent model',
      a: 'llama-cpp:ux-tiny.gguf F32 (sha256:111111111111)',
      b: 'llama-cpp:ux-tiny.gguf F32 (sha256:222222222222)',
      kind: 'model',
      role: 'agent',
    });
    expect(diffs).toContainEqual({
      field: 'judge model',
      a: 'llama-cpp:ux-tiny.gguf F32',
      b: 'ollama:qwen2.5:7b',
      kind: 'model',
      role: 'judge',
    });
    expect(diffs).toContainEqual({
      field: 'judge model parameters seed',
      a: 'default',
      b: '7',
      kind: 'parameter',
      role: 'judge',
    });
    expect(modelsLine(b)).toBe(
      'agent llama-cpp:ux-tiny.gguf F32 · caller llama-cpp:ux-tiny.gguf F32 (same as agent) · judge ollama:qwen2.5:7b',
    );
  });

  it('includes run options and the agent version', () => {
    const a = runConfig(mkRun({ id: 'a', options: { concurrency: 4, repeats: 1 } }), 3);
    const b = runConfig(mkRun({ id: 'b', options: { concurrency: 4, repeats: 5, max_turns: 8 } }), 4);
    expect(configDifferences(a, b)).toEqual([
      { field: 'repeats', a: '1', b: '5', kind: 'option' },
      { field: 'max turns', a: "the tests' own", b: '8', kind: 'option' },
      { field: 'agent version', a: 'v3', b: 'v4', kind: 'version' },
    ]);
  });
});

describe('configSpread (N-way)', () => {
  it('lists only the fields that are not the same in every run', () => {
    const configs = [2048, 2048, 8192].map((c, i) => runConfig(mkRun({ id: `r${i}`, models: { agent: gguf(c) } })));
    const spread = configSpread(configs);
    expect(spread.map((s) => s.field)).toEqual(
      ['agent', 'caller', 'judge'].map((r) => `${r} model parameters context_size`),
    );
    expect(spread[0].values).toEqual(['2048', '2048', '8192']);
  });
});
