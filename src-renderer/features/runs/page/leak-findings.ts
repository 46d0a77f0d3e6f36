import type { CheckResult } from '../../../../src-shared/schemas/run.js';
import { turnIndex } from '../../../../src-shared/text/turn-number.js';
import type { LeakMark } from '../../../../src-shared/text/leak-spans.js';

/** A red-team detector's finding as a result stores it (a failed redteam.* check's details, engine/judge/redteam/finding.ts). */
export interface LeakFinding extends LeakMark {
  /** The stored turn index (the details' turn is numbered from 1); null when the finding names no turn. */
  index: number | null;
}

/** The finding a check holds: a failed red-team check with its detector, turn and evidence; null for any other check. */
export function leakFinding(c: CheckResult): LeakFinding | null {
  if (c.passed || !c.kind.startsWith('redteam.')) return null;
  const { detector, turn, evidence } = c.details ?? {};
  if (typeof detector !== 'string' || typeof evidence !== 'string') return null;
  return { detector, evidence, index: typeof turn === 'number' ? turnIndex(turn) : null };
}

/** A result's red-team findings. */
export const leakFindings = (checks: CheckResult[]): LeakFinding[] =>
  checks.flatMap((c) => {
    const f = leakFinding(c);
    return f ? [f] : [];
  });

/** The findings of each turn (by stored index), for the transcript's marks. */
export function leaksByTurn(findings: LeakFinding[]): Map<number, LeakMark[]> {
  const out = new Map<number, LeakMark[]>();
  for (const f of findings) if (f.index !== null) out.set(f.index, [...(out.get(f.index) ?? []), f]);
  return out;
}
