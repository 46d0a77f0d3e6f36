import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Editing state that survives navigation and reloads: every change is written to localStorage
 * under `storageKey`; on mount a stored draft that differs from `baseline` is restored (and
 * `restored` says so). `markSaved` makes the saved value the new baseline and drops the stored copy.
 */
export function useDraft<T>(storageKey: string, baseline: T) {
  const [base, setBase] = useState<T>(baseline);
  const [state, setState] = useState<{ draft: T; restored: boolean }>(() => {
    try {
      const saved = localStorage.getItem(storageKey);
      if (saved && saved !== JSON.stringify(baseline)) return { draft: JSON.parse(saved) as T, restored: true };
    } catch {
      /* unreadable draft: start from the baseline */
    }
    return { draft: baseline, restored: false };
  });
  const dirty = JSON.stringify(state.draft) !== JSON.stringify(base);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;

  useEffect(() => {
    if (dirty) localStorage.setItem(storageKey, JSON.stringify(state.draft));
    else localStorage.removeItem(storageKey);
  }, [storageKey, state.draft, dirty]);

  useEffect(() => {
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) e.preventDefault();
    };
    window.addEventListener('beforeunload', onUnload);
    return () => window.removeEventListener('beforeunload', onUnload);
  }, []);

  const setDraft = useCallback((next: T | ((d: T) => T)) => {
    setState((s) => ({ ...s, draft: typeof next === 'function' ? (next as (d: T) => T)(s.draft) : next }));
  }, []);
  const discard = useCallback(() => {
    localStorage.removeItem(storageKey);
    setState({ draft: base, restored: false });
  }, [storageKey, base]);
  const markSaved = useCallback(
    (saved: T, newKey?: string) => {
      localStorage.removeItem(storageKey);
      if (newKey) localStorage.removeItem(newKey);
      setBase(saved);
      setState({ draft: saved, restored: false });
    },
    [storageKey],
  );
  const dismissRestored = useCallback(() => setState((s) => ({ ...s, restored: false })), []);

  return { draft: state.draft, setDraft, dirty, restored: state.restored, discard, markSaved, dismissRestored };
}

/** Whether a stored draft exists (for "unsaved changes" marks in lists). */
export const hasStoredDraft = (storageKey: string): boolean => {
  try {
    return localStorage.getItem(storageKey) !== null;
  } catch {
    return false;
  }
};
