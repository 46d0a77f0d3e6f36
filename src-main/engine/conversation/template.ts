/**
 * Prompt templates: `{%snippet%}` references are expanded first (snippets may nest, up to 5 levels),
 * then `{{path}}` placeholders from the call context. Unknown names are kept as written. Pure string
 * substitution: nothing is ever evaluated, and substituted values are not scanned again.
 */

import { expandSnippets } from '../../../src-shared/templates/expand-snippets.js';

export { expandSnippets, TemplateSizeError } from '../../../src-shared/templates/expand-snippets.js';

export interface TemplateVars {
  get(path: string): unknown;
}

const VAR_RE = /\{\{\s*([^{}]+?)\s*\}\}/g;

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
