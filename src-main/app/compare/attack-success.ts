import type { AttackSide, AttackSuccessRow } from '../../../src-shared/contract/compare-shapes.js';
import type { RedteamCategoryReport } from '../../../src-shared/contract/redteam.js';
import type { Result, TestSuite } from '../../../src-shared/schemas/index.js';
import { fisherExact } from '../../compare/fisher.js';
import { gradeAttempts } from '../redteam/grade-attempts.js';

interface Side {
  suite: TestSuite | undefined;
  results: Result[];
}

const isRedteam = (suite: TestSuite | undefined): suite is TestSuite => !!suite?.tests.some((t) => t.redteam);

const side = (c: RedteamCategoryReport | undefined): AttackSide | null =>
  c
    ? {
        attempts: c.attempts,
        successes: c.successes,
        rate: c.rate,
        low: c.low,
        high: c.high,
        ...(c.note ? { note: c.note } : {}),
      }
    : null;

/**
 * Attack success per red-team category of two runs, before (A) and after (B) — what a prompt change did to the
 * attacks (docs/red-team.md). Undefined unless both runs are red-team runs. Categories in A's order, then B's new ones.
 */
export function attackSuccess(a: Side, b: Side): AttackSuccessRow[] | undefined {
  if (!isRedteam(a.suite) || !isRedteam(b.suite)) return undefined;
  const ga = gradeAttempts(a.suite, a.results).categories;
  const gb = gradeAttempts(b.suite, b.results).categories;
  const ids = [...new Set([...ga.map((c) => c.id), ...gb.map((c) => c.id)])];
  return ids.map((id) => {
    const ca = ga.find((c) => c.id === id);
    const cb = gb.find((c) => c.id === id);
    const both = ca && cb && ca.attempts > 0 && cb.attempts > 0;
    return {
      id,
      owasp: (ca ?? cb)!.owasp,
      label: (ca ?? cb)!.label,
      a: side(ca),
      b: side(cb),
      p: both ? fisherExact(ca.successes, ca.attempts - ca.successes, cb.successes, cb.attempts - cb.successes) : null,
    };
  });
}
