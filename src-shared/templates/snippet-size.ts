/**
 * The size a prompt text reaches once its `{%snippet%}` references are expanded, computed without
 * expanding anything (a 2.6 KB file can expand to hundreds of MB). Same rules as the engine's
 * expansion (src-shared/templates/expand-snippets.ts): every pass replaces every reference to a defined snippet,
 * at most MAX_SNIPPET_DEPTH passes, unknown names stay as written.
 */

/** `{%name%}`: the engine's reference syntax. */
export const SNIPPET_REF_SOURCE = String.raw`\{%\s*([^%{}]+?)\s*%\}`;
export const MAX_SNIPPET_DEPTH = 5;

const refsOf = (text: string) => [...text.matchAll(new RegExp(SNIPPET_REF_SOURCE, 'g'))];

/** Sizes of snippets expanded with `depth` passes left, memoized per (name, depth). */
export class SnippetSizer {
  private readonly memo = new Map<string, number>();

  constructor(private readonly snippets: Record<string, string>) {}

  /** Characters of `text` after expansion (may exceed Number.MAX_SAFE_INTEGER on hostile graphs: still ordered). */
  expandedLength(text: string, depth = MAX_SNIPPET_DEPTH): number {
    let size = text.length;
    if (depth <= 0) return size;
    for (const m of refsOf(text)) {
      const name = m[1];
      if (!Object.prototype.hasOwnProperty.call(this.snippets, name)) continue;
      size += this.snippetLength(name, depth - 1) - m[0].length;
    }
    return size;
  }

  /**
   * The largest the text gets during expansion: the engine builds every pass's result, and a pass
   * can be larger than the last one (snippets that expand to nothing in a later pass).
   */
  peakLength(text: string, depth = MAX_SNIPPET_DEPTH): number {
    let peak = text.length;
    for (let d = 1; d <= depth; d++) peak = Math.max(peak, this.expandedLength(text, d));
    return peak;
  }

  /** Characters snippet `name`'s text becomes with `depth` more passes. */
  snippetLength(name: string, depth: number): number {
    const key = `${depth}\u0000${name}`;
    const known = this.memo.get(key);
    if (known !== undefined) return known;
    const size = this.expandedLength(this.snippets[name], depth);
    this.memo.set(key, size);
    return size;
  }
}
