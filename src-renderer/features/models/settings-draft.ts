import type { ModelSettings } from '../../../src-shared/contract/models.js';

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * The Models page form when the stored settings change (after a save, or another window's): the new
 * settings replace the form only when it holds no edits of its own (it equals the settings it was showing,
 * or what was last sent to be saved); otherwise the user's edits stay and the page shows them as unsaved.
 */
export function nextDraft(
  draft: ModelSettings,
  shown: ModelSettings,
  sentToSave: ModelSettings | undefined,
  stored: ModelSettings,
): ModelSettings {
  return same(draft, shown) || (sentToSave !== undefined && same(draft, sentToSave)) ? stored : draft;
}

/**
 * The settings as they are saved: trimmed, empty rows dropped (an Ollama URL keeps its limits: a URL and
 * its options are dropped together), an empty key variable or models folder left out.
 */
export function cleanSettings(draft: ModelSettings): ModelSettings {
  return {
    ...draft,
    models_dir: draft.models_dir?.trim() || undefined,
    ollama_endpoints: draft.ollama_endpoints.map((e) => e.trim()).filter(Boolean),
    ollama_endpoint_options: draft.ollama_endpoints
      .map((e, i) => [e.trim(), draft.ollama_endpoint_options[i] ?? {}] as const)
      .filter(([e]) => e)
      .map(([, o]) => o),
    openai_endpoints: draft.openai_endpoints
      .filter((e) => e.name.trim() || e.base_url.trim())
      .map((e) => ({
        ...e,
        name: e.name.trim(),
        base_url: e.base_url.trim(),
        api_key_env: e.api_key_env?.trim() || undefined,
      })),
  };
}

/** The settings without the Ollama URL at `i` and its limits. */
export function withoutOllama(draft: ModelSettings, i: number): ModelSettings {
  return {
    ...draft,
    ollama_endpoints: draft.ollama_endpoints.filter((_, j) => j !== i),
    ollama_endpoint_options: draft.ollama_endpoints
      .map((_, j) => draft.ollama_endpoint_options[j] ?? {})
      .filter((_, j) => j !== i),
  };
}
