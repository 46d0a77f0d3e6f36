import { describe, expect, it } from 'vitest';
import { baseName, listedModelName, modelLabel } from '../../../../src-shared/text/model-name.js';

describe('one way to name a model to a person', () => {
  it('keeps the file name of a path for providers that take one, the whole name otherwise', () => {
    expect(modelLabel({ provider: 'llama-cpp', model: '/models/qwen/Qwen2.5-7B-Q4_K_M.gguf' })).toBe(
      'llama-cpp:Qwen2.5-7B-Q4_K_M.gguf',
    );
    expect(modelLabel({ provider: 'scripted', model: 'C:\\scripts\\demo.json' })).toBe('scripted:demo.json');
    expect(modelLabel({ provider: 'ollama', model: 'library/llama3.2:3b' })).toBe('ollama:library/llama3.2:3b');
    expect(baseName('a/b\\c.gguf')).toBe('c.gguf');
  });

  it("adds a loaded model's quantization unless the name says it", () => {
    const spec = { provider: 'ollama' as const, model: 'llama3.2:3b' };
    expect(modelLabel(spec, { quantization: 'Q4_K_M' })).toBe('ollama:llama3.2:3b Q4_K_M');
    expect(modelLabel({ provider: 'llama-cpp', model: '/m/model-Q8_0.gguf' }, { quantization: 'Q8_0' })).toBe(
      'llama-cpp:model-Q8_0.gguf',
    );
    expect(modelLabel(spec, null)).toBe('ollama:llama3.2:3b');
  });
});

describe('one name per model, whatever the screen (issue 38, walk item 10)', () => {
  const script = '/opt/parley/resources/example/scripted-model.json';
  const gguf = '/home/me/parley/tests/fixtures/models/tiny.gguf';

  it('the bundled script: the same name in a run, the picker, Try it and the CLI, whatever the script calls itself', () => {
    const run = modelLabel({ provider: 'scripted', model: script }, {
      provider: 'scripted',
      name: 'Parley example script',
      params: {},
    } as never);
    const picker = listedModelName({ provider: 'scripted', name: 'scripted-model.json', path: script });
    const typed = modelLabel({ provider: 'scripted', model: 'resources/example/scripted-model.json' });
    expect(new Set([run, picker, typed])).toEqual(new Set(['scripted:scripted-model.json']));
  });

  it('the tiny GGUF: the same name from its identity, the Models page listing and a typed path', () => {
    const run = modelLabel({ provider: 'llama-cpp', model: gguf }, {
      provider: 'llama-cpp',
      name: 'tiny.gguf',
      params: {},
    } as never);
    const listed = listedModelName({ provider: 'llama-cpp', name: 'tiny.gguf', path: gguf });
    const typed = modelLabel({ provider: 'llama-cpp', model: 'C:\\models\\tiny.gguf' });
    expect(new Set([run, listed, typed])).toEqual(new Set(['llama-cpp:tiny.gguf']));
  });

  it('a listed Ollama or OpenAI model (no path) is named by its model name', () => {
    expect(listedModelName({ provider: 'ollama', name: 'llama3.2:3b' })).toBe('ollama:llama3.2:3b');
    expect(listedModelName({ provider: 'openai', name: 'gpt-4o-mini' })).toBe('openai:gpt-4o-mini');
  });
});
