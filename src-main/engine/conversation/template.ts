/**
 * Prompt templates: `{%snippet%}` references are expanded first (snippets may nest, up to 5 levels),
 * then `{{path}}` placeholders from the call context. Unknown names are kept as written. Pure string
 * substitution: nothing is ever evaluated, and substituted values are not scanned again.
 */

import { MAX_EXPANDED_TEXT_CHARS } from '../../../src-shared/limits.js';
import { MAX_SNIPPET_DEPTH, SNIPPET_REF_SOURCE } from './snippet-size.js';

export interface TemplateVars {
  get(path: string): unknown;
}

const SNIPPET_RE = new RegExp(SNIPPET_REF_SOURCE, 'g');
const VAR_RE = /\{\{\s*([^{}]+?)\s*\}\}/g;

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

/** How a variable value reads inside text. */
export function stringifyValue(v: unknown): string {
  if (typeof v === 'string') return v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  return JSON.stringify(v);
}

export function expandVariables(text: string, vars: TemplateVars): string {
  return text.replace(VAR_RE, (whole, path: string) => {
    const v = vars.get(path);
    return v === undefined ? whole : stringifyValue(v);
  });
}

export function expandTemplate(text: string, snippets: Record<string, string>, vars: TemplateVars): string {
  return expandVariables(expandSnippets(text, snippets), vars);
}

/**
 * Expands templates inside any JSON value (context.set values, argument templates): a string that is
 * exactly one `{{path}}` becomes the variable's raw value (keeping numbers, arrays, objects); other
 * strings are expanded as text; arrays and objects are walked.
 */
export function expandValue(value: unknown, snippets: Record<string, string>, vars: TemplateVars): unknown {
  if (typeof value === 'string') {
    const only = /^\{\{\s*([^{}]+?)\s*\}\}$/.exec(value);
    if (only) {
      const v = vars.get(only[1]);
      return v === undefined ? value : v;
    }
    return expandTemplate(value, snippets, vars);
  }
  if (Array.isArray(value)) return value.map((v) => expandValue(v, snippets, vars));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, expandValue(v, snippets, vars)]));
  }
  return value;
}
