import { CliError } from './errors.js';

/**
 * The one reading of a whole-number flag: digits only (no "1e3", "0x10", "2.0", " "), within [min, max];
 * undefined when the flag was not given. The error names the flag and the range.
 */
export function intFlag(
  flag: string,
  v: string | undefined,
  range: { min?: number; max?: number } = {},
): number | undefined {
  if (v === undefined) return undefined;
  const min = range.min ?? 1;
  const max = range.max ?? Number.MAX_SAFE_INTEGER;
  const n = /^\s*\d+\s*$/.test(v) ? Number(v) : NaN;
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    const want =
      max === Number.MAX_SAFE_INTEGER
        ? min === 1
          ? 'a positive whole number'
          : `a whole number from ${min}`
        : `a whole number from ${min} to ${max}`;
    throw new CliError(`${flag}: expected ${want}, got "${v}"`);
  }
  return n;
}

/** One of a flag's fixed values. */
export function choiceFlag<T extends string>(flag: string, v: string, choices: readonly T[]): T {
  if ((choices as readonly string[]).includes(v)) return v as T;
  throw new CliError(`${flag}: expected ${choices.join(' or ')}, got "${v}"`);
}

/** Commander's collector for a repeatable flag. */
export const collect = (v: string, prev: string[]): string[] => [...prev, v];
