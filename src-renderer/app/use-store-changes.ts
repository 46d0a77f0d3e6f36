import { useQueryClient } from '@tanstack/react-query';
import { useAppEvents } from '../api/hooks.js';

/** Queries a store change must not repeat: the pre-run check calls the models themselves. */
const NOT_REFETCHED = new Set<unknown>(['models.preflight']);

/**
 * Another process wrote to the database (`store.changed`, src-main/api/store-changes.ts: the command line
 * grouped failures, re-judged, ran a suite): every query on screen is fetched again and the others are
 * marked stale, so an open page shows the change without a reload. Unchanged answers keep their
 * objects (TanStack Query's structural sharing), so nothing on screen moves.
 */
export function useStoreChanges(): void {
  const qc = useQueryClient();
  useAppEvents((e) => {
    if (e.type !== 'store.changed') return;
    void qc.invalidateQueries({ predicate: (q) => !NOT_REFETCHED.has(q.queryKey[0]) });
  });
}
