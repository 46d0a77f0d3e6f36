import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../../../src-shared/contract/models.js';
import { cleanSettings, nextDraft, withoutOllama } from '../../../../src-renderer/features/models/settings-draft.js';

const settings = (models_dir: string): ModelSettings => ({
  models_dir,
  ollama_endpoints: [],
  ollama_endpoint_options: [],
  openai_endpoints: [],
});

describe('the Models page form when the stored settings change', () => {
  const shown = settings('/a');
  const stored = settings('/b');

  it('takes the stored settings when the form has no edits of its own', () => {
    expect(nextDraft(shown, shown, undefined, stored)).toBe(stored);
    // what was sent to be saved (before the server trimmed it) is not an edit either
    const sent = settings(' /b ');
    expect(nextDraft(sent, shown, sent, stored)).toBe(stored);
  });

  it('keeps what was typed after Save, or before another window saved', () => {
    const typed = settings('/c');
    expect(nextDraft(typed, shown, settings('/b'), stored)).toBe(typed);
    expect(nextDraft(typed, shown, undefined, stored)).toBe(typed);
  });
});

describe('the settings as they are saved', () => {
  it('trims them and drops empty rows, an Ollama URL together with its limits', () => {
    const draft: ModelSettings = {
      models_dir: '  ',
      ollama_endpoints: [' http://a:11434 ', '', 'http://b:11434'],
      ollama_endpoint_options: [{ concurrency: 2 }, { concurrency: 9 }, { rpm: 60 }],
      openai_endpoints: [
        { name: ' groq ', base_url: ' https://api.groq.com/openai/v1 ', api_key_env: ' ', has_key: false },
        { name: '', base_url: '', has_key: false },
      ],
    };
    expect(cleanSettings(draft)).toEqual({
      models_dir: undefined,
      ollama_endpoints: ['http://a:11434', 'http://b:11434'],
      ollama_endpoint_options: [{ concurrency: 2 }, { rpm: 60 }],
      openai_endpoints: [
        { name: 'groq', base_url: 'https://api.groq.com/openai/v1', api_key_env: undefined, has_key: false },
      ],
    });
  });
  it('removes an Ollama URL with its own limits, not its neighbour’s', () => {
    const s = { ...settings('/a'), ollama_endpoints: ['u1', 'u2', 'u3'], ollama_endpoint_options: [{ rpm: 1 }] };
    expect(withoutOllama(s, 0)).toMatchObject({ ollama_endpoints: ['u2', 'u3'], ollama_endpoint_options: [{}, {}] });
    expect(withoutOllama(s, 1)).toMatchObject({
      ollama_endpoints: ['u1', 'u3'],
      ollama_endpoint_options: [{ rpm: 1 }, {}],
    });
  });
});
