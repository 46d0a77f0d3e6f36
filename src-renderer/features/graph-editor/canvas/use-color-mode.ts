import { useSyncExternalStore } from 'react';

const read = (): 'light' | 'dark' => (document.documentElement.dataset.theme === 'dark' ? 'dark' : 'light');

function subscribe(cb: () => void) {
  const obs = new MutationObserver(cb);
  obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
  return () => obs.disconnect();
}

/** The app theme (ThemeToggle sets `data-theme` on <html>), for xyflow's colorMode. */
export const useColorMode = () => useSyncExternalStore(subscribe, read, () => 'light' as const);
