/**
 * One turn numbering for every screen and report: stored indices count from 0 (judges cite them, metrics keep
 * them), people count from 1. "turn 3" in the CLI, "#3" on the result page and "turn #3" under a metric are
 * the same turn.
 */
export const turnNumber = (index: number): number => index + 1;

/** "#3" for the stored index 2. */
export const turnRef = (index: number): string => `#${turnNumber(index)}`;
