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
