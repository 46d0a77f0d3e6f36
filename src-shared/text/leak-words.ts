/**
 * How the red-team detectors (src-main/engine/judge/redteam/) and the leaked-words marks (leak-spans.ts) read a
 * text, in one place so a mark always covers what a detector matched.
 */

/** A word as compared: letters and digits, with one apostrophe part ("don't", "caller’s"). */
export const LEAK_WORD = /[\p{L}\p{N}]+(?:['’][\p{L}]+)?/gu;

/** A value compared by its digits: at least 4 digits and at least half its non-space characters ("555-0100"). */
export function isMostlyDigits(value: string): boolean {
  const d = value.replace(/\D/g, '').length;
  return d >= 4 && d >= value.replace(/\s/g, '').length / 2;
}
