import type { Run } from '../schemas/run.js';

/**
 * A run copied from another database (`parley runs merge FILE`): its stored model and speech specs
 * were written by that file's author, so no dialog offers them as the default choice.
 */
export const isCopiedRun = (run: Pick<Run, 'options'>): boolean => (run.options.copied_from?.length ?? 0) > 0;

/** "Copied from ci-1.db, ci-2.db": how a report names where a copied run came from. */
export const copiedFromText = (run: Pick<Run, 'options'>): string | undefined =>
  isCopiedRun(run) ? `copied from ${run.options.copied_from!.join(', ')}` : undefined;
