import type { Equation, EquationOperator } from '../../../src-shared/schemas/index.js';
import { isPlainObject } from '../shared/stable-json.js';

/**
 * ElevenLabs expression conditions (an AST: `and_operator` / `or_operator` with `children`,
 * comparisons `eq_operator`... with `left` and `right`, leaves `dynamic_variable` and literals) to
 * Parley equations and back. One level of and/or over comparisons of a variable with a literal is
 * what Parley's equations hold; anything else is kept as it is.
 */

const OPS: Record<string, EquationOperator> = {
  eq_operator: '==',
  neq_operator: '!=',
  gt_operator: '>',
  lt_operator: '<',
  gte_operator: '>=',
  lte_operator: '<=',
};
const NODE_BY_OP = Object.fromEntries(Object.entries(OPS).map(([k, v]) => [v, k])) as Partial<
  Record<EquationOperator, string>
>;

export type ReadExpression =
  { ok: true; match: 'all' | 'any'; equations: Equation[]; literalTypes: (string | undefined)[] } | { ok: false };

type Obj = Record<string, unknown>;

function comparison(e: Obj): { eq: Equation; literalType?: string } | undefined {
  const op = typeof e.type === 'string' && Object.hasOwn(OPS, e.type) ? OPS[e.type] : undefined;
  const left = e.left;
  const right = e.right;
  if (!op || !isPlainObject(left) || !isPlainObject(right)) return undefined;
  if (left.type !== 'dynamic_variable' || typeof left.name !== 'string' || !left.name) return undefined;
  if (Object.keys(e).length !== 3 || Object.keys(left).length !== 2 || Object.keys(right).length !== 2)
    return undefined;
  const t = right.type;
  if (t !== 'string_literal' && t !== 'number_literal' && t !== 'boolean_literal') return undefined;
  const value = right.value;
  if (t === 'string_literal' && typeof value !== 'string') return undefined;
  if (t === 'number_literal' && typeof value !== 'number') return undefined;
  if (t === 'boolean_literal' && typeof value !== 'boolean') return undefined;
  const text = String(value);
  return { eq: { left: left.name, operator: op, right: text }, literalType: t === inferType(text) ? undefined : t };
}

export function readExpression(e: Obj): ReadExpression {
  const single = comparison(e);
  if (single) return { ok: true, match: 'all', equations: [single.eq], literalTypes: [single.literalType] };
  if (
    (e.type !== 'and_operator' && e.type !== 'or_operator') ||
    !Array.isArray(e.children) ||
    Object.keys(e).length !== 2
  )
    return { ok: false };
  const parts = e.children.map((c) => (isPlainObject(c) ? comparison(c) : undefined));
  if (!parts.length || parts.some((p) => !p)) return { ok: false };
  return {
    ok: true,
    match: e.type === 'or_operator' ? 'any' : 'all',
    equations: parts.map((p) => p!.eq),
    literalTypes: parts.map((p) => p!.literalType),
  };
}

function inferType(text: string): string {
  if (text === 'true' || text === 'false') return 'boolean_literal';
  if (text.trim() !== '' && Number.isFinite(Number(text))) return 'number_literal';
  return 'string_literal';
}

function literal(text: string, type: string | undefined): Obj {
  const t = type ?? inferType(text);
  const value = t === 'number_literal' ? Number(text) : t === 'boolean_literal' ? text === 'true' : text;
  return { type: t, value };
}

/** Equations -> an expression; undefined when an operator has no ElevenLabs counterpart. */
export function writeExpression(
  equations: readonly Equation[],
  match: 'all' | 'any',
  literalTypes: unknown[] = [],
): Obj | undefined {
  const parts: Obj[] = [];
  for (const [k, e] of equations.entries()) {
    const type = NODE_BY_OP[e.operator];
    if (!type) return undefined;
    const lt = literalTypes[k];
    parts.push({
      type,
      left: { type: 'dynamic_variable', name: e.left },
      right: literal(e.right ?? '', typeof lt === 'string' ? lt : undefined),
    });
  }
  if (parts.length === 1 && match === 'all') return parts[0];
  return { type: match === 'any' ? 'or_operator' : 'and_operator', children: parts };
}
