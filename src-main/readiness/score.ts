import {
  FAMILY_ROLE,
  READINESS_FAMILIES,
  type ReadinessFamilyScore,
  type ReadinessItem,
  type ReadinessSpeed,
  type ReadinessVerdict,
} from '../../src-shared/schemas/index.js';
import type { MeasuredCall } from './measuring-model.js';
import { familyNotes, familyVerdictText } from '../../src-shared/readiness/fitness.js';

/** Accuracy at or above which a role is "fit" (with >= FIT_VALID of tasks giving valid output). */
export const FIT_ACCURACY = 0.8;
export const FIT_VALID = 0.95;
/** Below FIT_ACCURACY but at or above this: "weak". */
export const WEAK_ACCURACY = 0.6;
/** A tag is named as a weakness when its accuracy is this far below the role's (and it has 3+ tasks). */
export const WEAK_TAG_GAP = 0.2;

export function familyScores(items: ReadinessItem[]): ReadinessFamilyScore[] {
  return READINESS_FAMILIES.flatMap((family) => {
    const of = items.filter((i) => i.family === family);
    if (!of.length) return [];
    const tags = [...new Set(of.flatMap((i) => i.tags))].sort();
    return [
      {
        family,
        role: FAMILY_ROLE[family],
        correct: of.filter((i) => i.correct).length,
        total: of.length,
        valid: of.filter((i) => i.valid).length,
        errors: of.filter((i) => i.error).length,
        by_tag: tags.map((tag) => {
          const t = of.filter((i) => i.tags.includes(tag));
          return { tag, correct: t.filter((i) => i.correct).length, total: t.length };
        }),
      },
    ];
  });
}

/** A plain verdict per family: "fit as judge: 18/20 right (70-97%, 95% interval)", "weak as router: 22/30 right (...) - weak on negated conditions". */
export function verdicts(items: ReadinessItem[]): ReadinessVerdict[] {
  return READINESS_FAMILIES.flatMap((family) => {
    const of = items.filter((i) => i.family === family);
    if (!of.length) return [];
    const correct = of.filter((i) => i.correct).length;
    const total = of.length;
    const acc = correct / total;
    const valid = of.filter((i) => i.valid).length;
    const fit = acc >= FIT_ACCURACY && valid / total >= FIT_VALID ? 'fit' : acc >= WEAK_ACCURACY ? 'weak' : 'unfit';
    const tags = [...new Set(of.flatMap((i) => i.tags))].sort();
    const weak_on = tags.filter((tag) => {
      const t = of.filter((i) => i.tags.includes(tag));
      return t.length >= 3 && t.filter((i) => i.correct).length / t.length <= acc - WEAK_TAG_GAP + 1e-9;
    });
    const errors = of.filter((i) => i.error).length;
    const text = familyVerdictText(family, fit, correct, total, weak_on, familyNotes({ total, valid, errors }));
    return [{ family, role: FAMILY_ROLE[family], fit, correct, total, weak_on, text }];
  });
}

const median = (xs: number[]): number | null => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2;
};

const round = (x: number | null, digits = 1) => (x === null ? null : Math.round(x * 10 ** digits) / 10 ** digits);

export function speedOf(calls: MeasuredCall[]): ReadinessSpeed {
  const ok = calls.filter((c) => c.completion_tokens > 0);
  const tokens = ok.reduce((n, c) => n + c.completion_tokens, 0);
  const genMs = ok.reduce((n, c) => n + c.gen_ms, 0);
  return {
    calls: calls.length,
    completion_tokens: tokens,
    tokens_per_s: genMs > 0 ? round((tokens * 1000) / genMs) : null,
    first_token_ms: round(median(calls.flatMap((c) => (c.first_token_ms !== undefined ? [c.first_token_ms] : [])))),
    call_ms: round(median(calls.map((c) => c.wall_ms))),
  };
}
