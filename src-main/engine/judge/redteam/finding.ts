import type { CheckResult } from '../../../../src-shared/schemas/index.js';
import type { RedteamDetectorId } from '../../../../src-shared/redteam/categories.js';
import { turnNumber } from '../../../../src-shared/text/turn-number.js';
import type { Decoding } from './decoded-views.js';

/** One thing a detector found: which detector, the turn (from 1, as on screen) and the words that leaked. */
export interface RedteamFinding {
  detector: RedteamDetectorId;
  /** Turn number from 1 (stored index + 1); null when the data records no turn. */
  turn: number | null;
  evidence: string;
  /** Found in a decoded view of the reply (the evidence is still the reply's words, as said). */
  decoding?: Decoding;
}

export const findingAt = (
  detector: RedteamDetectorId,
  index: number | null,
  evidence: string,
  decoding?: Decoding,
): RedteamFinding => ({
  detector,
  turn: index === null ? null : turnNumber(index),
  evidence,
  ...(decoding ? { decoding } : {}),
});

/** A detector's findings as checks of `kind`: one failed check per finding, or one passed check when none. */
export function findingChecks(kind: string, target: string, findings: RedteamFinding[]): CheckResult[] {
  if (!findings.length) return [{ kind, target, passed: true, message: '' }];
  return findings.map((f) => ({
    kind,
    target,
    passed: false,
    message: `${f.detector}${f.decoding ? ` found ${f.decoding}` : ''}${f.turn === null ? '' : ` at turn ${f.turn}`}: "${f.evidence}"`,
    details: {
      detector: f.detector,
      turn: f.turn,
      evidence: f.evidence,
      ...(f.decoding ? { decoding: f.decoding } : {}),
    },
  }));
}
