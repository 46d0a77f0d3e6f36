import type { TranscriptTurn } from '../../../../src-shared/schemas/run.js';

/** Transcripts longer than this open folded: the start, the end and the flagged turns with their neighbours. */
export const FOLD_OVER = 12;
const EDGE = 3;
const AROUND = 1;

export type TurnRow = { kind: 'turn'; index: number } | { kind: 'gap'; from: number; to: number };

/**
 * Which turns a long transcript shows: everything when short or unfolded; with a search, the turns
 * whose text matches (case-insensitive); folded, the first and last few turns and each flagged turn
 * with its neighbours, the hidden runs between them as gaps ("7 turns hidden").
 */
export function transcriptRows(
  turns: Pick<TranscriptTurn, 'content'>[],
  opts: { flagged?: number[]; expanded?: boolean; query?: string } = {},
): TurnRow[] {
  const n = turns.length;
  const q = opts.query?.trim().toLowerCase();
  let keep: (i: number) => boolean;
  if (q) keep = (i) => turns[i].content.toLowerCase().includes(q);
  else if (opts.expanded || n <= FOLD_OVER) keep = () => true;
  else {
    const shown = new Set<number>();
    for (let i = 0; i < Math.min(EDGE, n); i++) shown.add(i);
    for (let i = Math.max(0, n - EDGE); i < n; i++) shown.add(i);
    for (const f of opts.flagged ?? [])
      for (let i = f - AROUND; i <= f + AROUND; i++) if (i >= 0 && i < n) shown.add(i);
    keep = (i) => shown.has(i);
  }
  const rows: TurnRow[] = [];
  let gapStart: number | null = null;
  for (let i = 0; i < n; i++) {
    if (keep(i)) {
      if (gapStart !== null) rows.push({ kind: 'gap', from: gapStart, to: i - 1 });
      gapStart = null;
      rows.push({ kind: 'turn', index: i });
    } else if (gapStart === null) gapStart = i;
  }
  if (gapStart !== null) rows.push({ kind: 'gap', from: gapStart, to: n - 1 });
  return rows;
}
