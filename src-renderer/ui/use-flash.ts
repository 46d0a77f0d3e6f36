import { useEffect, useRef, useState } from 'react';

/**
 * A short status message ("Saved.") that clears itself after `ms`. `onShown` runs once the message
 * is on screen (editors use it to forget a "just saved" marker kept across a route change).
 */
export function useFlash<T>(
  initial: () => T | null,
  ms = 2500,
  onShown?: () => void,
): [T | null, (v: T | null) => void] {
  const [value, setValue] = useState<T | null>(initial);
  // The latest callback, so showing a message does not depend on the caller memoising it.
  const shown = useRef(onShown);
  useEffect(() => {
    shown.current = onShown;
  });
  useEffect(() => {
    if (value === null) return;
    shown.current?.();
    const t = setTimeout(() => setValue(null), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return [value, setValue];
}
