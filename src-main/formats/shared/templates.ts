/** Reading `{{variable}}` placeholders and `{%snippet%}` references in prompt text. */

export interface TemplateRef {
  name: string;
  index: number;
}

const VARIABLE = /\{\{\s*([^{}]*?)\s*\}\}/g;
const SNIPPET = /\{%\s*([A-Za-z0-9_.-]+)\s*%\}/g;
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

/** Replaces `{%name%}` with the snippet's text; unknown snippets stay as they are. */
export function expandSnippets(text: string, snippets: Record<string, string>): string {
  return text.replace(SNIPPET, (whole, name: string) => (Object.hasOwn(snippets, name) ? snippets[name] : whole));
}
