/**
 * One turn numbering for every screen, report and model prompt: stored indices count from 0 (metrics and
 * fix evidence keep them), people and models count from 1. "turn 3" in the CLI, "#3" on the result page,
 * "turn #3" under a metric and "[3]" in the transcript a judge reads are the same turn.
 */
export const turnNumber = (index: number): number => index + 1;

/** The stored index of the turn a person or a model calls number `n` (the inverse of turnNumber). */
export const turnIndex = (n: number): number => n - 1;

/** "#3" for the stored index 2. */
export const turnRef = (index: number): string => `#${turnNumber(index)}`;
