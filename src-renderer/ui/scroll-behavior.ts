type MatchMedia = (query: string) => { matches: boolean };

/**
 * How a programmatic scroll moves: smoothly, unless the person asked their system for reduced motion
 * (then it jumps, as the CSS media query `prefers-reduced-motion: reduce` promises them).
 */
export function scrollBehavior(matchMedia: MatchMedia | undefined = windowMatchMedia()): 'auto' | 'smooth' {
  return matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth';
}

function windowMatchMedia(): MatchMedia | undefined {
  const w = globalThis as { matchMedia?: MatchMedia };
  return w.matchMedia ? (q) => w.matchMedia!(q) : undefined;
}
