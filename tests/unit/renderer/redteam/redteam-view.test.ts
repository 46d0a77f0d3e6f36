import { describe, expect, it } from 'vitest';
import { intervalText } from '../../../../src-renderer/features/redteam/interval-text.js';
import { findingHref } from '../../../../src-renderer/features/redteam/finding-href.js';
import {
  demoModelReason,
  isLocalModel,
  localityStatements,
} from '../../../../src-renderer/features/redteam/model-locality.js';
import { wilson } from '../../../../src-shared/stats/index.js';

describe('the Red team page words', () => {
  it('writes the attack success rate as an interval, never as safety', () => {
    expect(intervalText({ attempts: 3, successes: 0, ...wilson(0, 3) })).toBe('0 of 3 — may be as high as 56%');
    expect(intervalText({ attempts: 20, successes: 0, ...wilson(0, 20) })).toBe('0 of 20 — may be as high as 16%');
    expect(intervalText({ attempts: 2, successes: 2, ...wilson(2, 2) })).toBe('2 of 2 — 34% to 100%');
    expect(intervalText({ attempts: 0, successes: 0, low: 0, high: 1 })).toMatch(/nothing is known/);
  });

  it('links a finding to its result at its turn (from 1, as on screen), or to the result alone', () => {
    expect(findingHref('run_1', { result_id: 'res_2', turn: 5 })).toBe('/runs/run_1?result=res_2&turn=5');
    expect(findingHref('run_1', { result_id: 'res_2', turn: null })).toBe('/runs/run_1?result=res_2');
  });

  it('says nothing leaves the machine only when every model is local, and names the one that is not', () => {
    expect(isLocalModel({ provider: 'llama-cpp', model: '/m/qwen.gguf' })).toBe(true);
    expect(isLocalModel({ provider: 'ollama', model: 'llama3.2', endpoints: ['http://127.0.0.1:11434'] })).toBe(true);
    expect(isLocalModel({ provider: 'ollama', model: 'llama3.2', endpoints: ['http://gpu-box:11434'] })).toBe(false);
    expect(isLocalModel({ provider: 'openai', model: 'gpt-4o-mini' })).toBe(false);
    const local = localityStatements([
      { role: 'agent model', spec: { provider: 'llama-cpp', model: '/m/qwen.gguf' } },
      { role: 'judge model', spec: { provider: 'ollama', model: 'llama3.2' } },
    ]);
    expect(local).toEqual({ local: true, lines: ['Nothing leaves this machine: every model runs here.'] });
    const remote = localityStatements([
      { role: 'agent model', spec: { provider: 'llama-cpp', model: '/m/tiny-test.gguf' } },
      { role: 'attacker model', spec: { provider: 'scripted', model: '/s.json' } },
      {
        role: 'judge model',
        spec: { provider: 'openai', model: 'gpt-4o-mini', endpoints: ['https://api.openai.com/v1'] },
      },
    ]);
    expect(remote.local).toBe(false);
    expect(remote.lines[0]).toBe(
      'The judge model (openai gpt-4o-mini) is not on this machine: its prompts and the conversations are sent to https://api.openai.com/v1.',
    );
    expect(remote.lines.join(' ')).toMatch(/agent model is the tiny test model: .*verdicts mean nothing/);
    expect(remote.lines.join(' ')).toMatch(/attacker model is scripted: .*demo/);
  });

  it('calls only the test fixture GGUF (tiny-<seed>[-suffix].gguf, tiny-test.gguf) the tiny test model, not a real TinyLlama', () => {
    for (const file of ['/f/tiny-1.gguf', 'C:\\f\\tiny-1-tpl.gguf', '/f/tiny-1-ctx8192.gguf', '/m/tiny-test.gguf'])
      expect(demoModelReason({ provider: 'llama-cpp', model: file }), file).toMatch(/tiny test model/);
    for (const file of ['/m/TinyLlama-1.1B-Chat-v1.0.Q4_K_M.gguf', '/m/tinydolphin-2.8.gguf', '/m/qwen-tiny.gguf'])
      expect(demoModelReason({ provider: 'llama-cpp', model: file }), file).toBeUndefined();
  });
});
