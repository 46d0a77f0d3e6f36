import { describe, expect, it } from 'vitest';
import { modelProblem } from '../../../../src-renderer/ui/model-choice.js';
import { roleModelLabel, runModelLabels } from '../../../../src-renderer/ui/models-label.js';

describe('model choice in the New run dialog', () => {
  it('requires an agent model and a usable file or name for every role given', () => {
    expect(modelProblem(undefined, true)).toMatch(/choose a provider/);
    expect(modelProblem(undefined, false)).toBeNull();
    expect(modelProblem({ provider: 'llama-cpp', model: ' ' }, true)).toMatch(/\.gguf file/);
    expect(modelProblem({ provider: 'llama-cpp', model: '/m/notes.txt' }, true)).toBe(
      '/m/notes.txt is not a .gguf file',
    );
    expect(modelProblem({ provider: 'scripted', model: '' }, false)).toMatch(/scripted-model JSON/);
    expect(modelProblem({ provider: 'ollama', model: '' }, false)).toBe('give the model name');
    expect(modelProblem({ provider: 'llama-cpp', model: '/m/tiny.GGUF', params: { threads: 0 } }, true)).toMatch(
      /threads/,
    );
    expect(modelProblem({ provider: 'llama-cpp', model: '/m/tiny.gguf', params: { threads: 1 } }, true)).toBeNull();
  });
});

describe('model labels', () => {
  it('labels models shortly: provider and model (the file name of a path), with the quantization once known', () => {
    expect(roleModelLabel({ spec: { provider: 'llama-cpp', model: '/models/qwen.gguf', params: {} } })).toBe(
      'llama-cpp:qwen.gguf',
    );
    expect(
      roleModelLabel({
        spec: { provider: 'ollama', model: 'llama3.2', params: {} },
        identity: { provider: 'ollama', name: 'llama3.2', quantization: 'Q4_K_M', params: {} },
      }),
    ).toBe('ollama:llama3.2 Q4_K_M');
    // the parameters a run set, so two runs of one model at different settings read apart
    expect(roleModelLabel({ spec: { provider: 'openai', model: 'tiny', params: { temperature: 0.8, seed: 3 } } })).toBe(
      'openai:tiny (temperature 0.8, seed 3)',
    );
    const agent = { spec: { provider: 'ollama' as const, model: 'a', params: {} } };
    const labels = runModelLabels({
      models: { agent, caller: agent, judge: { spec: { provider: 'openai' as const, model: 'gpt', params: {} } } },
    } as never);
    expect(labels).toEqual([
      { role: 'agent', label: 'ollama:a' },
      { role: 'judge', label: 'openai:gpt' },
    ]);
  });
});
