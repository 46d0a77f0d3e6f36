import { diffWords } from 'diff';

export interface WordDiffPart {
  /** same: in both; said: said but not heard; heard: heard but not said. */
  op: 'same' | 'said' | 'heard';
  text: string;
}

/** Word-level diff of what was said against what was heard (case and punctuation ignored). */
export function wordDiff(said: string, heard: string): WordDiffPart[] {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return diffWords(norm(said), norm(heard)).map((p) => ({
    op: p.added ? 'heard' : p.removed ? 'said' : 'same',
    text: p.value,
  }));
}

/** Word error rate: (substitutions + deletions + insertions) / words said, from the diff. */
export function wordErrorRate(parts: WordDiffPart[]): number {
  const words = (t: string) => t.split(/\s+/).filter(Boolean).length;
  const said = parts.filter((p) => p.op !== 'heard').reduce((n, p) => n + words(p.text), 0);
  const del = parts.filter((p) => p.op === 'said').reduce((n, p) => n + words(p.text), 0);
  const ins = parts.filter((p) => p.op === 'heard').reduce((n, p) => n + words(p.text), 0);
  return said ? Math.min(1, Math.max(del, ins) / said) : ins ? 1 : 0;
}
