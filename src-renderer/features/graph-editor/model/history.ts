/**
 * Undo history of immutable snapshots. Changes pushed with the same `key` within `coalesceMs`
 * (typing in one field) merge into one step, so one undo reverts the whole burst.
 */
export interface History<T> {
  past: T[];
  present: T;
  future: T[];
  lastKey?: string;
  lastAt?: number;
}

export interface PushOptions {
  key?: string;
  now?: number;
  limit?: number;
  coalesceMs?: number;
}

export const createHistory = <T>(present: T): History<T> => ({ past: [], present, future: [] });

export function push<T>(h: History<T>, next: T, opts: PushOptions = {}): History<T> {
  if (next === h.present) return h;
  const now = opts.now ?? Date.now();
  const limit = opts.limit ?? 200;
  const coalesce =
    opts.key !== undefined &&
    opts.key === h.lastKey &&
    h.lastAt !== undefined &&
    now - h.lastAt < (opts.coalesceMs ?? 1000);
  if (coalesce) return { past: h.past, present: next, future: [], lastKey: opts.key, lastAt: now };
  const past = [...h.past, h.present];
  if (past.length > limit) past.splice(0, past.length - limit);
  return { past, present: next, future: [], lastKey: opts.key, lastAt: now };
}

export function undo<T>(h: History<T>): History<T> {
  if (!h.past.length) return h;
  return { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] };
}

export function redo<T>(h: History<T>): History<T> {
  if (!h.future.length) return h;
  return { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) };
}

export const canUndo = (h: History<unknown>) => h.past.length > 0;
export const canRedo = (h: History<unknown>) => h.future.length > 0;
