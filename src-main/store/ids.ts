import { randomBytes } from 'node:crypto';

/** Time-sortable short ids: `run_lq3k2x1a9f3c2d`. Sorting by id sorts by creation time. */
export function newId(prefix: string): string {
  const t = Date.now().toString(36).padStart(9, '0');
  return `${prefix}_${t}${randomBytes(4).toString('hex')}`;
}

export const nowIso = (): string => new Date().toISOString();
