import { describe, expect, it } from 'vitest';
import {
  baseName,
  bundledScriptName,
  identityName,
  roleModelName,
  specName,
} from '../../../../src-shared/text/model-name.js';

describe('one way to name a model to a person', () => {
  it('keeps the file name of a path for providers that take one, the whole name otherwise', () => {
    expect(specName({ provider: 'llama-cpp', model: '/models/qwen/Qwen2.5-7B-Q4_K_M.gguf' })).toBe(
      'llama-cpp:Qwen2.5-7B-Q4_K_M.gguf',
    );
    expect(specName({ provider: 'scripted', model: 'C:\\scripts\\demo.json' })).toBe('scripted:demo.json');
    expect(specName({ provider: 'ollama', model: 'library/llama3.2:3b' })).toBe('ollama:library/llama3.2:3b');
    expect(baseName('a/b\\c.gguf')).toBe('c.gguf');
  });

  it('prefers a known identity, adding its quantization unless the name says it', () => {
    const spec = { provider: 'ollama' as const, model: 'llama3.2:3b', params: {} };
    expect(roleModelName({ spec, identity: { name: 'llama3.2:3b', quantization: 'Q4_K_M' } as never })).toBe(
      'llama3.2:3b Q4_K_M',
    );
    expect(identityName({ name: 'model-Q8_0', quantization: 'Q8_0' } as never)).toBe('model-Q8_0');
    expect(roleModelName({ spec })).toBe('ollama:llama3.2:3b');
  });
});

describe('one name per model, whatever the screen', () => {
  it('the picker leads with the name the runs show for the bundled script, then the file', () => {
    const file = '/opt/parley/resources/example/scripted-model.json';
    const run = roleModelName({
      spec: { provider: 'scripted', model: file, params: {} },
      identity: { provider: 'scripted', name: 'Parley example script', params: {} },
    });
    expect(run).toBe('Parley example script');
    expect(bundledScriptName('Parley example script', file)).toBe(
      'Parley example script — Bundled example script (scripted-model.json)',
    );
    expect(bundledScriptName(undefined, file)).toBe(
      'scripted-model.json — Bundled example script (scripted-model.json)',
    );
  });

  it('a spec is named provider:model with paths cut to the file name, as Try it now shows it', () => {
    expect(specName({ provider: 'scripted', model: '/r/example/scripted-model.json' })).toBe(
      'scripted:scripted-model.json',
    );
    expect(specName({ provider: 'llama-cpp', model: 'C:\\models\\tiny.gguf' })).toBe('llama-cpp:tiny.gguf');
    expect(specName({ provider: 'ollama', model: 'llama3.2:3b' })).toBe('ollama:llama3.2:3b');
  });
});
