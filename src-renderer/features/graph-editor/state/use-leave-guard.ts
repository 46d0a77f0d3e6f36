import { useEffect, useRef, useState } from 'react';

/**
 * Holds navigation away while there are unsaved changes: in-app links (hash routes) are caught before
 * the router sees the click and handed to `pending` for the page to confirm; closing or reloading the
 * window asks the browser's own question.
 */
export function useLeaveGuard(dirty: boolean) {
  const [pending, setPending] = useState<string | null>(null);
  const dirtyRef = useRef(dirty);
  dirtyRef.current = dirty;
  useEffect(() => {
    const onClick = (e: MouseEvent) => {
      if (!dirtyRef.current || e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey) return;
      const a = (e.target as HTMLElement).closest?.('a[href]') as HTMLAnchorElement | null;
      if (!a || a.target === '_blank' || a.hasAttribute('download')) return;
      const href = a.getAttribute('href') ?? '';
      if (!href.startsWith('#') || href === window.location.hash) return;
      e.preventDefault();
      e.stopPropagation();
      setPending(href);
    };
    const onUnload = (e: BeforeUnloadEvent) => {
      if (dirtyRef.current) {
        e.preventDefault();
        e.returnValue = '';
      }
    };
    document.addEventListener('click', onClick, true);
    window.addEventListener('beforeunload', onUnload);
    return () => {
      document.removeEventListener('click', onClick, true);
      window.removeEventListener('beforeunload', onUnload);
    };
  }, []);
  return {
    pending,
    stay: () => setPending(null),
    /** Leaves to the held destination (call after discarding or saving). */
    leave: () => {
      const to = pending;
      setPending(null);
      if (to) window.location.hash = to.slice(1);
    },
  };
}
