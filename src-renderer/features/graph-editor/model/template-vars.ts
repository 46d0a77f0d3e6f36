import type { AgentGraph } from '../../../../src-shared/schemas/index.js';

export interface VariableSuggestion {
  name: string;
  source: string;
}

/** Variables the engine always sets. */
export const SYSTEM_VARIABLES = ['current_time', 'current_date', 'call_id', 'user_number', 'turn'] as const;

/** Every variable a prompt can use: defaults, extracted, function outputs, context.set paths, digits, system. */
export function availableVariables(g: AgentGraph): VariableSuggestion[] {
  const out = new Map<string, string>();
  const add = (name: string, source: string) => {
    if (name && !out.has(name)) out.set(name, source);
  };
  for (const k of Object.keys(g.default_variables)) add(k, 'default variable');
  for (const n of g.nodes) {
    const where = n.name || n.id;
    if (n.type === 'extract') for (const v of n.variables) add(v.name, `extracted in ${where}`);
    if (n.type === 'function') {
      for (const o of n.output_variables) add(o.variable, `output of ${n.tool}`);
      for (const a of n.actions) add(a.path.replace(/\[\+\]$/, ''), `set in ${where}`);
    }
    if (n.type === 'press_digit') add(n.variable || 'digit', `pressed in ${where}`);
  }
  for (const s of SYSTEM_VARIABLES) add(s, 'system');
  return [...out].map(([name, source]) => ({ name, source }));
}

export interface CompletionContext {
  kind: 'variable' | 'snippet';
  /** What the user typed after the opening braces. */
  prefix: string;
  /** Index of the opening `{{` / `{%`. */
  start: number;
}

/** Whether the caret sits inside an unclosed `{{…` or `{%…` (on the same line). */
export function completionAt(text: string, caret: number): CompletionContext | null {
  const before = text.slice(0, caret);
  const m = /(\{\{|\{%)\s*([\w.[\]+-]*)$/.exec(before);
  if (!m) return null;
  return { kind: m[1] === '{{' ? 'variable' : 'snippet', prefix: m[2]!, start: m.index };
}

/** Inserts a chosen completion, closing the braces; returns the new text and caret. */
export function applyCompletion(
  text: string,
  ctx: CompletionContext,
  caret: number,
  value: string,
): { text: string; caret: number } {
  const close = ctx.kind === 'variable' ? '}}' : '%}';
  const open = ctx.kind === 'variable' ? '{{' : '{%';
  const after = text.slice(caret);
  const trailing = after.startsWith(close) ? close.length : 0;
  const inserted = `${open}${value}${close}`;
  return { text: text.slice(0, ctx.start) + inserted + after.slice(trailing), caret: ctx.start + inserted.length };
}

/** Suggestions matching the typed prefix, best (prefix matches) first. */
export function filterSuggestions<T extends { name: string }>(items: T[], prefix: string, max = 12): T[] {
  const p = prefix.toLowerCase();
  const starts = items.filter((i) => i.name.toLowerCase().startsWith(p));
  const contains = items.filter((i) => !i.name.toLowerCase().startsWith(p) && i.name.toLowerCase().includes(p));
  return [...starts, ...contains].slice(0, max);
}

/** `{{name}}` placeholders used in a text (root names, without braces). */
export function usedVariables(text: string): string[] {
  return [...text.matchAll(/\{\{\s*([\w.[\]+-]+)\s*\}\}/g)].map((m) => m[1]!);
}
