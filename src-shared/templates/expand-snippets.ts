import { MAX_EXPANDED_TEXT_CHARS } from '../limits.js';
import { MAX_SNIPPET_DEPTH, SNIPPET_REF_SOURCE } from './snippet-size.js';

/**
 * THE expansion of `{%snippet%}` references: the engine's prompts, exports to formats without snippets,
 * lint and diagnosis all read a text through it, so they see what the model sees.
 */

const SNIPPET_RE = new RegExp(SNIPPET_REF_SOURCE, 'g');

/** A text whose snippets expand beyond MAX_EXPANDED_TEXT_CHARS (the validator refuses such graphs; this is the runtime guard). */
export class TemplateSizeError extends Error {
  constructor(readonly limit: number) {
    super(
      `a prompt text grows beyond ${limit.toLocaleString('en-US')} characters when its {%snippets%} are expanded (snippets that repeat each other nest exponentially); expected snippets that expand to at most ${limit.toLocaleString('en-US')} characters`,
    );
    this.name = 'TemplateSizeError';
  }
}

/**
 * Expands `{%snippet%}` references (nested up to 5 passes). Before each pass its result size is
 * counted (no string is built), and TemplateSizeError is thrown when it would exceed `limit` (or the
 * text's own length when longer). Same sizes as the validator's SnippetSizer, pass by pass.
 */
export function expandSnippets(
  text: string,
  snippets: Record<string, string>,
  limit: number = MAX_EXPANDED_TEXT_CHARS,
): string {
  const max = Math.max(limit, text.length); // a long text without snippets is not this check's business
  const known = (name: string) => Object.prototype.hasOwnProperty.call(snippets, name);
  let out = text;
  for (let depth = 0; depth < MAX_SNIPPET_DEPTH; depth++) {
    let size = out.length;
    let changed = false;
    for (const m of out.matchAll(SNIPPET_RE)) {
      if (!known(m[1])) continue;
      changed = true;
      size += snippets[m[1]].length - m[0].length;
    }
    if (!changed) break;
    if (size > max) throw new TemplateSizeError(limit);
    out = out.replace(SNIPPET_RE, (whole, name: string) => (known(name) ? snippets[name] : whole));
  }
  return out;
}
