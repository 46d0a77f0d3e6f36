import { EQUATION_OPERATORS, type Equation, type EquationOperator } from '../../../src-shared/schemas/index.js';
import { own } from './meta.js';

/** Every spelling of an equation operator seen in the formats Parley reads, mapped to Parley's. */
const ALIASES: Record<string, EquationOperator> = {
  '==': '==',
  '=': '==',
  '===': '==',
  eq: '==',
  equals: '==',
  is: '==',
  '!=': '!=',
  '!==': '!=',
  '<>': '!=',
  ne: '!=',
  not_equals: '!=',
  is_not: '!=',
  '>': '>',
  gt: '>',
  greater_than: '>',
  '>=': '>=',
  gte: '>=',
  greater_than_or_equal: '>=',
  '<': '<',
  lt: '<',
  less_than: '<',
  '<=': '<=',
  lte: '<=',
  less_than_or_equal: '<=',
  contains: 'contains',
  includes: 'contains',
  not_contains: 'not_contains',
  does_not_contain: 'not_contains',
  not_include: 'not_contains',
  not_includes: 'not_contains',
  contained_in: 'contained_in',
  in: 'contained_in',
  not_contained_in: 'not_contained_in',
  not_in: 'not_contained_in',
  exists: 'exists',
  exist: 'exists',
  is_set: 'exists',
  not_exists: 'not_exists',
  not_exist: 'not_exists',
  does_not_exist: 'not_exists',
  is_not_set: 'not_exists',
};

export const OPERATOR_LIST = EQUATION_OPERATORS.join(', ');

/** Parley's operator for a raw spelling (case and spaces ignored), or undefined when unknown. */
export function normalizeOperator(raw: unknown): EquationOperator | undefined {
  if (typeof raw !== 'string') return undefined;
  const key = raw
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  return own(ALIASES, key) ?? own(ALIASES, raw.trim());
}

/** Operators that take no right-hand value. */
export const UNARY: ReadonlySet<EquationOperator> = new Set(['exists', 'not_exists']);

/** `{{ user.tier }}` -> `user.tier` (braced: true); `tier` -> `tier` (braced: false). */
export function stripBraces(left: string): { name: string; braced: boolean } {
  const m = /^\s*\{\{\s*([^{}]*?)\s*\}\}\s*$/.exec(left);
  return m ? { name: m[1], braced: true } : { name: left, braced: false };
}

export type Match = 'all' | 'any';
export type ParsedExpression = { ok: true; match: Match; equations: Equation[] } | { ok: false; message: string };

const CLAUSE =
  /^\s*(\{\{[^{}]*\}\}|[^\s=!<>]+)\s*(==|!=|>=|<=|>|<|=|\bnot_contained_in\b|\bcontained_in\b|\bnot_contains\b|\bcontains\b|\bnot_exists\b|\bnot_exist\b|\bexists\b|\bexist\b)\s*(.*?)\s*$/i;

/**
 * Parses the string form of an equation condition: `{{age}} >= 18 && {{tier}} == "gold"`,
 * `account_type == premium`, `email exists || phone exists`. Mixing && and || is refused.
 */
export function parseEquationExpression(text: string): ParsedExpression {
  const parts = splitOutsideQuotes(text);
  if (!parts.ok) return parts;
  const { clauses, joiners } = parts;
  const kinds = new Set(joiners);
  if (kinds.size > 1)
    return { ok: false, message: 'mixes && and || in one condition; expected only && (all) or only || (any)' };
  const equations: Equation[] = [];
  for (const clause of clauses) {
    const m = CLAUSE.exec(clause);
    if (!m)
      return {
        ok: false,
        message: `cannot read ${JSON.stringify(clause.trim())}; expected "<variable> <operator> <value>" with operator one of ${OPERATOR_LIST}`,
      };
    const op = normalizeOperator(m[2])!;
    const right = unquote(m[3]);
    if (UNARY.has(op) && right !== '')
      return {
        ok: false,
        message: `${op} takes no value but ${JSON.stringify(m[3])} follows it; expected "<variable> ${op}"`,
      };
    const eq: Equation = { left: stripBraces(m[1]).name, operator: op };
    if (!UNARY.has(op)) eq.right = right;
    equations.push(eq);
  }
  return { ok: true, match: joiners[0] === '||' ? 'any' : 'all', equations };
}

/** The string form of equations, `left op right` joined by && or ||. */
export function formatEquationExpression(equations: readonly Equation[], match: Match, braces = false): string {
  return equations
    .map((e) => {
      const left = braces ? `{{${e.left}}}` : e.left;
      return UNARY.has(e.operator) ? `${left} ${e.operator}` : `${left} ${e.operator} ${e.right ?? ''}`.trimEnd();
    })
    .join(match === 'any' ? ' || ' : ' && ');
}

function unquote(s: string): string {
  const t = s.trim();
  if (t.length >= 2 && ((t[0] === '"' && t.endsWith('"')) || (t[0] === "'" && t.endsWith("'")))) return t.slice(1, -1);
  return t;
}

function splitOutsideQuotes(
  text: string,
): { ok: true; clauses: string[]; joiners: string[] } | { ok: false; message: string } {
  const clauses: string[] = [];
  const joiners: string[] = [];
  let quote: string | null = null;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (quote) {
      if (c === quote) quote = null;
      continue;
    }
    if (c === '"' || c === "'") {
      quote = c;
      continue;
    }
    const two = text.slice(i, i + 2);
    if (two === '&&' || two === '||') {
      clauses.push(text.slice(start, i));
      joiners.push(two);
      start = i + 2;
      i++;
    }
  }
  if (quote) return { ok: false, message: `unterminated ${quote} quote; expected a closing ${quote}` };
  clauses.push(text.slice(start));
  if (clauses.some((c) => !c.trim()))
    return {
      ok: false,
      message: 'empty clause next to && or ||; expected "<variable> <operator> <value>" on both sides',
    };
  return { ok: true, clauses, joiners };
}
