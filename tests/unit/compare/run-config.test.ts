import { describe, expect, it } from 'vitest';
import {
  configDifferences,
  configSpread,
  differLine,
  modelsLine,
  runConfig,
} from '../../../src-main/compare/run-config.js';
import { mkRun } from './build.js';

const gguf = (context_size?: number, digest = 'sha256:aaaaaaaaaaaaaaaaaaaa') => ({
  spec: { provider: 'llama-cpp' as const, model: '/models/ux-tiny.gguf', params: context_size ? { context_size } : {} },
  identity: { provider: 'llama-cpp' as const, name: 'ux-tiny.gguf', quantization: 'F32', digest },
});

describe('runConfig / configDifferences', () => {
  it('names the parameter that differs, with both values, in the words of the issue', () => {
    const a = runConfig(mkRun({ id: 'a', models: { agent: gguf(2048) } }));
    const b = runConfig(mkRun({ id: 'b', models: { agent: gguf(8192) } }));
    const diffs = configDifferences(a, b);
    // the caller and judge follow the agent model on both sides: their change is the agent's, said once
    expect(diffs).toEqual([{ field: 'agent model parameters context_size', a: '2048', b: '8192' }]);
    expect(differLine(diffs)).toBe('A and B differ in: agent model parameters context_size 2048 -> 8192');
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
      a: 'ux-tiny.gguf F32 (sha256:111111111111)',
      b: 'ux-tiny.gguf F32 (sha256:222222222222)',
    });
    expect(diffs).toContainEqual({ field: 'judge model', a: 'ux-tiny.gguf F32', b: 'ollama:qwen2.5:7b' });
    expect(diffs).toContainEqual({ field: 'judge model parameters seed', a: 'default', b: '7' });
    // B names its judge: the judge's parameter is listed even though A's judge followed the agent
    expect(modelsLine(b)).toBe('agent ux-tiny.gguf F32 · caller same as agent · judge ollama:qwen2.5:7b');
  });

  it('includes run options and the agent version', () => {
    const a = runConfig(mkRun({ id: 'a', options: { concurrency: 4, repeats: 1 } }), 3);
    const b = runConfig(mkRun({ id: 'b', options: { concurrency: 4, repeats: 5, max_turns: 8 } }), 4);
    expect(configDifferences(a, b)).toEqual([
      { field: 'repeats', a: '1', b: '5' },
      { field: 'max turns', a: 'not set', b: '8' },
      { field: 'agent version', a: 'v3', b: 'v4' },
    ]);
  });
});

describe('configSpread (N-way)', () => {
  it('lists only the fields that are not the same in every run', () => {
    const configs = [2048, 2048, 8192].map((c, i) => runConfig(mkRun({ id: `r${i}`, models: { agent: gguf(c) } })));
    const spread = configSpread(configs);
    expect(spread.map((s) => s.field)).toEqual(['agent model parameters context_size']);
    expect(spread[0].values).toEqual(['2048', '2048', '8192']);
  });
});
