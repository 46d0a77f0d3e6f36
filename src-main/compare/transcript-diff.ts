import { diffArrays, diffWords } from 'diff';
import type { TranscriptTurn } from '../../src-shared/schemas/index.js';

export interface WordPart {
  /** '=' common, '-' only in A, '+' only in B. */
  op: '=' | '-' | '+';
  text: string;
}

export interface TranscriptDiffEntry {
  /** same: identical text; changed: aligned turns with different text; removed: only in A; inserted: only in B. */
  op: 'same' | 'changed' | 'removed' | 'inserted';
  role: 'agent' | 'caller' | 'tool';
  a_index: number | null;
  b_index: number | null;
  node_a: string | null;
  node_b: string | null;
  /** Full text of each side, never truncated. */
  a: string | null;
  b: string | null;
  /** Word-level differences (jsdiff diffWords) for changed turns. */
  words?: WordPart[];
}

/**
 * Index pairs of a longest common subsequence of `a` and `b` under `eq`: jsdiff's `diffArrays`
 * (Myers' O(ND) diff) walked into the pairs of its unchanged runs.
 */
export function lcsPairs<T>(a: T[], b: T[], eq: (x: T, y: T) => boolean): [number, number][] {
  const pairs: [number, number][] = [];
  let i = 0;
  let j = 0;
  for (const change of diffArrays(a, b, { comparator: eq })) {
    const n = change.count ?? change.value.length;
    if (change.removed) i += n;
    else if (change.added) j += n;
    else for (let k = 0; k < n; k++) pairs.push([i++, j++]);
  }
  return pairs;
}

/** Word-level differences of two texts (jsdiff diffWords), as '=', '-', '+' parts. */
export function wordDiff(a: string, b: string): WordPart[] {
  return diffWords(a, b).map((c) => ({ op: c.added ? '+' : c.removed ? '-' : '=', text: c.value }));
}

const sameRoleAndNode = (x: TranscriptTurn, y: TranscriptTurn) =>
  x.role === y.role && (x.node ?? '') === (y.node ?? '');
const sameRole = (x: TranscriptTurn, y: TranscriptTurn) => x.role === y.role;

function entry(a: TranscriptTurn[], b: TranscriptTurn[], i: number | null, j: number | null): TranscriptDiffEntry {
  const x = i !== null ? a[i] : undefined;
  const y = j !== null ? b[j] : undefined;
  const base = {
    role: (x ?? y)!.role,
    a_index: i,
    b_index: j,
    node_a: x?.node ?? null,
    node_b: y?.node ?? null,
    a: x?.content ?? null,
    b: y?.content ?? null,
  };
  if (x && y) {
    if (x.content === y.content) return { op: 'same', ...base };
    return { op: 'changed', ...base, words: wordDiff(x.content, y.content) };
  }
  return { op: x ? 'removed' : 'inserted', ...base };
}

/**
 * Aligns two transcripts turn by turn. Turns are first matched on (role, node) with an LCS; between
 * those anchors, the remaining turns are matched on role alone (same position in the exchange, the
 * agent on a different node). Matched turns are `same` or `changed` (with word differences); the rest
 * are `removed` (only in A) or `inserted` (only in B). Every turn of both sides appears exactly once.
 */
export function diffTranscripts(a: TranscriptTurn[], b: TranscriptTurn[]): TranscriptDiffEntry[] {
  const anchors = lcsPairs(a, b, sameRoleAndNode);
  const out: TranscriptDiffEntry[] = [];
  let i = 0;
  let j = 0;
  const gap = (iEnd: number, jEnd: number) => {
    const ga = a.slice(i, iEnd);
    const gb = b.slice(j, jEnd);
    const inner = lcsPairs(ga, gb, sameRole);
    let x = 0;
    let y = 0;
    for (const [pi, pj] of [...inner, [ga.length, gb.length] as [number, number]]) {
      while (x < pi) out.push(entry(a, b, i + x++, null));
      while (y < pj) out.push(entry(a, b, null, j + y++));
      if (pi < ga.length) {
        out.push(entry(a, b, i + pi, j + pj));
        x++;
        y++;
      }
    }
    i = iEnd;
    j = jEnd;
  };
  for (const [ai, bj] of anchors) {
    gap(ai, bj);
    out.push(entry(a, b, ai, bj));
    i = ai + 1;
    j = bj + 1;
  }
  gap(a.length, b.length);
  return out;
}
