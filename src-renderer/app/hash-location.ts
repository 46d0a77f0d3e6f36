import { useSyncExternalStore } from 'react';

/**
 * Hash routing that keeps a query inside the hash: `#/runs?status=failed&model=qwen`. The path part
 * (`/runs`) is what routes match; the query part is page state that survives a reload (filters,
 * selected runs). wouter's own hash hook moves `?…` into the real URL search instead, and does not
 * strip it from the path it matches, so pages could not keep state in the address.
 */

const PREFIX = /^#?\/?/;
const raw = () => window.location.hash.replace(PREFIX, '');

export const currentHashPath = () => '/' + raw().split('?')[0];
export const currentHashSearch = () => {
  const r = raw();
  const i = r.indexOf('?');
  return i >= 0 ? r.slice(i + 1) : '';
};

const subscribe = (cb: () => void) => {
  window.addEventListener('hashchange', cb);
  return () => window.removeEventListener('hashchange', cb);
};

/** Navigates to `/path?query` inside the hash (replace: no new history entry, for filter changes). */
export function navigateHash(to: string, opts: { replace?: boolean } = {}): void {
  const oldURL = window.location.href;
  const url = new URL(oldURL);
  url.hash = '/' + to.replace(PREFIX, '');
  if (url.href === oldURL) return;
  window.history[opts.replace ? 'replaceState' : 'pushState'](null, '', url.href);
  window.dispatchEvent(new HashChangeEvent('hashchange', { oldURL, newURL: url.href }));
}

export function useHashSearch(): string {
  return useSyncExternalStore(subscribe, currentHashSearch, () => '');
}

/** wouter location hook: [path without the query, navigate]. */
export function useHashPathLocation(): [string, (to: string, opts?: { replace?: boolean }) => void] {
  return [useSyncExternalStore(subscribe, currentHashPath, () => '/'), navigateHash];
}
useHashPathLocation.hrefs = (href: string) => '#' + href;
useHashPathLocation.searchHook = useHashSearch;
