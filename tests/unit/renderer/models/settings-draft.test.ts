import { describe, expect, it } from 'vitest';
import type { ModelSettings } from '../../../../src-shared/contract/models.js';
import { nextDraft } from '../../../../src-renderer/features/models/settings-draft.js';

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
