import { useCallback, useMemo } from 'react';
import { currentHashPath, currentHashSearch, navigateHash, useHashSearch } from '../app/hash-location.js';

/**
 * Page state kept in the hash query (`#/runs?status=failed`) so it survives a reload and can be
 * shared as a link. Setting a key to null or '' removes it. Changes replace the history entry.
 */
export function useQueryState(): [URLSearchParams, (patch: Record<string, string | null | undefined>) => void] {
  const search = useHashSearch();
  const params = useMemo(() => new URLSearchParams(search), [search]);
  const set = useCallback((patch: Record<string, string | null | undefined>) => {
    const next = new URLSearchParams(currentHashSearch());
    for (const [k, v] of Object.entries(patch)) {
      if (v === null || v === undefined || v === '') next.delete(k);
      else next.set(k, v);
    }
    const qs = next.toString();
    navigateHash(currentHashPath() + (qs ? `?${qs}` : ''), { replace: true });
  }, []);
  return [params, set];
}
