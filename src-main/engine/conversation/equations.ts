import type { Equation, EquationOperator } from '../../../src-shared/schemas/index.js';
import { expandVariables, stringifyValue, type TemplateVars } from './template.js';

/**
 * Deterministic equation conditions (no LLM):
 * - `==` / `!=`: string equality (numbers compare numerically when both sides are numbers).
 * - `>` `>=` `<` `<=`: numeric coercion; a non-numeric side makes the comparison false.
 * - `contains` / `not_contains`: case-insensitive substring; on an array, membership of an element.
 * - `contained_in` / `not_contained_in`: the value is one of a list (`a,b,c` or a JSON array), or,
 *   when the right side is a single word/phrase, a case-insensitive substring of it.
 * - `exists` / `not_exists`: set and not null/empty string.
 * The negative operators are exact negations of their positive forms (a missing value is "not equal").
 * The right side may itself contain `{{path}}` placeholders.
 */

export function toNumber(v: unknown): number | undefined {
  if (typeof v === 'number') return Number.isFinite(v) ? v : undefined;
  if (typeof v === 'string') {
    const t = v.trim();
    if (!t || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(t)) return undefined;
    return Number(t);
  }
  return undefined;
}

const present = (v: unknown) => v !== undefined && v !== null && v !== '';
const lower = (v: unknown) => stringifyValue(v).toLowerCase();

function equals(left: unknown, right: string): boolean {
  if (!present(left) && right === '') return left !== undefined;
  if (left === undefined) return false;
  const ln = toNumber(left);
  const rn = toNumber(right);
  if (ln !== undefined && rn !== undefined) return ln === rn;
  return stringifyValue(left) === right;
}

/** Items of a list written as a JSON array or comma-separated text; undefined when it is one item. */
function listItems(right: string): string[] | undefined {
  const t = right.trim();
  if (t.startsWith('[')) {
    try {
      const arr = JSON.parse(t) as unknown;
      if (Array.isArray(arr)) return arr.map((x) => stringifyValue(x));
    } catch {
      /* not JSON: fall through */
    }
  }
  if (t.includes(','))
    return t
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean);
  return undefined;
}

function contains(left: unknown, right: string): boolean {
  if (!present(left)) return false;
  if (Array.isArray(left)) return left.some((x) => lower(x) === right.toLowerCase());
  return lower(left).includes(right.toLowerCase());
}

function containedIn(left: unknown, right: string): boolean {
  if (!present(left)) return false;
  const items = listItems(right);
  const l = lower(left).trim();
  if (items) return items.some((i) => i.toLowerCase() === l);
  return right.toLowerCase().includes(l);
}

function compare(left: unknown, right: string, op: '>' | '>=' | '<' | '<='): boolean {
  const a = toNumber(left);
  const b = toNumber(right);
  if (a === undefined || b === undefined) return false;
  return op === '>' ? a > b : op === '>=' ? a >= b : op === '<' ? a < b : a <= b;
}

export function applyOperator(op: EquationOperator, left: unknown, right: string): boolean {
  switch (op) {
    case '==':
      return equals(left, right);
    case '!=':
      return !equals(left, right);
    case '>':
    case '>=':
    case '<':
    case '<=':
      return compare(left, right, op);
    case 'contains':
      return contains(left, right);
    case 'not_contains':
      return !contains(left, right);
    case 'contained_in':
      return containedIn(left, right);
    case 'not_contained_in':
      return !containedIn(left, right);
    case 'exists':
      return present(left);
    case 'not_exists':
      return !present(left);
  }
}

export interface EquationTrace {
  equation: string;
  value: unknown;
  result: boolean;
}

export function evaluateEquation(eq: Equation, vars: TemplateVars): EquationTrace {
  const left = vars.get(eq.left);
  const right = expandVariables(eq.right ?? '', vars);
  const result = applyOperator(eq.operator, left, right);
  const rhs = eq.operator === 'exists' || eq.operator === 'not_exists' ? '' : ` "${right}"`;
  return { equation: `${eq.left} ${eq.operator}${rhs}`, value: left, result };
}

/** `all` needs every equation, `any` one of them. An empty list never matches. */
export function evaluateEquations(
  cond: { match?: 'all' | 'any'; equations: Equation[] },
  vars: TemplateVars,
): { matched: boolean; traces: EquationTrace[]; summary: string } {
  const traces = cond.equations.map((e) => evaluateEquation(e, vars));
  const match = cond.match ?? 'all';
  const matched = traces.length > 0 && (match === 'any' ? traces.some((t) => t.result) : traces.every((t) => t.result));
  const summary = traces.map((t) => t.equation).join(match === 'any' ? ' or ' : ' and ');
  return { matched, traces, summary };
}
