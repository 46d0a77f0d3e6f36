import type { Run } from '../../src-shared/schemas/index.js';

/** How a person names a persona a run was crossed with (its library name; the ref itself when unknown). */
export type PersonaName = (ref: string) => string;

const crossed = (run: Run) => run.options.personas ?? [];
const sideText = (side: string, refs: string[], name: PersonaName) =>
  refs.length
    ? `${side} crossed each test with ${refs.length === 1 ? 'persona' : 'personas'} ${refs.map(name).join(', ')} (its tests are named "test · persona")`
    : `${side} ran its tests without personas`;

/**
 * Why two runs share no test when one was crossed with personas and the other was not (or with others): a
 * persona x scenario run names its tests "test · persona", so no row pairs with a plain run's "test". Null when
 * the runs share a test or were crossed alike. Pure.
 */
export function personaCrossingNote(a: Run, b: Run, sharedTests: number, name: PersonaName = (r) => r): string | null {
  const pa = crossed(a);
  const pb = crossed(b);
  if (sharedTests > 0) return null;
  if (pa.length === pb.length && pa.every((p, i) => p === pb[i])) return null;
  return `no test is in both runs: ${sideText('A', pa, name)}; ${sideText('B', pb, name)}. Compare runs crossed with the same personas, or two runs without personas.`;
}
