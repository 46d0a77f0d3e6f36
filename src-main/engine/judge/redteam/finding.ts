import type { CheckResult } from '../../../../src-shared/schemas/index.js';
import type { RedteamDetectorId } from '../../../../src-shared/redteam/categories.js';
import { turnNumber } from '../../../../src-shared/text/turn-number.js';

/** One thing a detector found: which detector, the turn (from 1, as on screen) and the words that leaked. */
export interface RedteamFinding {
  detector: RedteamDetectorId;
  /** Turn number from 1 (stored index + 1); null when the data records no turn. */
  turn: number | null;
  evidence: string;
}

export const findingAt = (detector: RedteamDetectorId, index: number | null, evidence: string): RedteamFinding => ({
  detector,
  turn: index === null ? null : turnNumber(index),
  evidence,
});

/** A detector's findings as checks of `kind`: one failed check per finding, or one passed check when none. */
export function findingChecks(kind: string, target: string, findings: RedteamFinding[]): CheckResult[] {
  if (!findings.length) return [{ kind, target, passed: true, message: '' }];
  return findings.map((f) => ({
    kind,
    target,
    passed: false,
    message: `${f.detector}${f.turn === null ? '' : ` at turn ${f.turn}`}: "${f.evidence}"`,
    details: { detector: f.detector, turn: f.turn, evidence: f.evidence },
  }));
}
