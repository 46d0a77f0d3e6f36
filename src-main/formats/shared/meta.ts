import type { SourceMeta } from '../../../src-shared/schemas/index.js';
import { defineKey, isPlainObject } from './stable-json.js';

/**
 * Helpers for keeping what Parley does not model: the keys an importer did not map (`extra`), the
 * original key order when it differs from the order an exporter writes, and flags for optional keys
 * that were present with their default value. Exporters put everything back.
 */

/** The keys of `obj` not in `known`, in their original order; undefined when there are none. */
export function extras(obj: Record<string, unknown>, known: readonly string[]): Record<string, unknown> | undefined {
  let out: Record<string, unknown> | undefined;
  for (const k of Object.keys(obj)) {
    if (!known.includes(k)) defineKey((out ??= {}), k, obj[k]);
  }
  return out;
}

/**
 * The original key order, recorded only when an exporter writing known keys in `canonical` order
 * followed by the extra keys would not reproduce it.
 */
export function keyOrder(obj: Record<string, unknown>, canonical: readonly string[]): string[] | undefined {
  const keys = Object.keys(obj);
  const expected = [...canonical.filter((k) => k in obj), ...keys.filter((k) => !canonical.includes(k))];
  return expected.every((k, i) => keys[i] === k) ? undefined : keys;
}

/**
 * Builds an object from known values (undefined ones skipped) and extras. Keys follow `order` when
 * given (the source's order), then `canonical`, then the extras in their own order.
 */
export function assemble(
  known: Record<string, unknown>,
  canonical: readonly string[],
  extra?: Record<string, unknown>,
  order?: readonly string[],
): Record<string, unknown> {
  const bag = new Map<string, unknown>();
  for (const k of canonical) if (known[k] !== undefined) bag.set(k, known[k]);
  for (const k of Object.keys(known)) if (known[k] !== undefined && !bag.has(k)) bag.set(k, known[k]);
  if (extra) for (const k of Object.keys(extra)) if (!bag.has(k)) bag.set(k, extra[k]);
  const out: Record<string, unknown> = {};
  if (order)
    for (const k of order)
      if (bag.has(k)) {
        defineKey(out, k, bag.get(k));
        bag.delete(k);
      }
  for (const [k, v] of bag) defineKey(out, k, v);
  return out;
}

/** Drops undefined entries; returns undefined when nothing is left (so no empty `source_meta: {}`). */
export function compactMeta(meta: Record<string, unknown>): SourceMeta | undefined {
  const out: SourceMeta = {};
  for (const k of Object.keys(meta)) if (meta[k] !== undefined) defineKey(out, k, meta[k]);
  return Object.keys(out).length ? out : undefined;
}

/** Keys of `obj` among `optional` that are present (recorded so an exporter writes them even when empty). */
export function presentKeys(obj: Record<string, unknown>, optional: readonly string[]): string[] | undefined {
  const p = optional.filter((k) => k in obj);
  return p.length ? p : undefined;
}

/** Drops undefined entries (keeps an empty object). */
export function cleanMeta(meta: Record<string, unknown>): SourceMeta {
  const out: SourceMeta = {};
  for (const k of Object.keys(meta)) if (meta[k] !== undefined) defineKey(out, k, meta[k]);
  return out;
}

export function asObject(v: unknown): Record<string, unknown> | undefined {
  return isPlainObject(v) ? v : undefined;
}

export function asStrings(v: unknown): string[] | undefined {
  return Array.isArray(v) && v.every((x) => typeof x === 'string') ? (v as string[]) : undefined;
}

/** `table[key]` for data-driven keys: only own entries (so "constructor" or "__proto__" in a file finds nothing). */
export function own<T>(table: Readonly<Record<string, T>>, key: unknown): T | undefined {
  return typeof key === 'string' && Object.hasOwn(table, key) ? table[key] : undefined;
}
