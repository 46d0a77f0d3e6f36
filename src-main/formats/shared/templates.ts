/** Reading `{{variable}}` placeholders and `{%snippet%}` references in prompt text. */
import { SNIPPET_REF_SOURCE } from '../../../src-shared/templates/snippet-size.js';

export interface TemplateRef {
  name: string;
  index: number;
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const SNIPPET = new RegExp(SNIPPET_REF_SOURCE, 'g');
const PATH = /^[A-Za-z_][A-Za-z0-9_-]*(?:\.[A-Za-z_][A-Za-z0-9_-]*|\[(?:\d+|\+)\])*$/;

/** Variable paths used in a template: `{{user.name}}`, `{{ age | default: 3 }}` -> `age`. Other expressions are skipped. */
export function findVariables(text: string | undefined): TemplateRef[] {
  if (!text) return [];
  const out: TemplateRef[] = [];
  for (const m of text.matchAll(VARIABLE)) {
    const expr = m[1].split('|')[0].trim();
    if (PATH.test(expr)) out.push({ name: expr, index: m.index ?? 0 });
  }
  return out;
}

export function findSnippets(text: string | undefined): TemplateRef[] {
  if (!text) return [];
  return [...text.matchAll(SNIPPET)].map((m) => ({ name: m[1], index: m.index ?? 0 }));
}

/** Nested snippets expanded as the engine expands them (one implementation). */
export { expandSnippets } from '../../../src-shared/templates/expand-snippets.js';
