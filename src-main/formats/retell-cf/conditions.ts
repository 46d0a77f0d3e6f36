import type { Condition, Equation, GlobalCondition, SourceMeta } from '../../../src-shared/schemas/index.js';
import { normalizeOperator, parseEquationExpression, stripBraces } from '../shared/equations.js';
import { joinPath } from '../shared/json-path.js';
import { asObject, asStrings, assemble, cleanMeta, extras, keyOrder } from '../shared/meta.js';
import { jsonEqual } from '../shared/stable-json.js';
import type { ExportContext, ImportContext } from '../types.js';
import type { RetellTransitionCondition } from './schema.js';

const PROMPT_KEYS = ['type', 'prompt'] as const;
const EQ_KEYS = ['type', 'operator', 'equations', 'equation'] as const;
const EQUATION_KEYS = ['left', 'operator', 'right'] as const;

/** Retell's operator spellings that differ from Parley's. */
const TO_RETELL: Partial<Record<Equation['operator'], string>> = { not_exists: 'not_exist' };
const RETELL_OPERATORS = new Set([
  '==',
  '!=',
  '>',
  '>=',
  '<',
  '<=',
  'contains',
  'not_contains',
  'exists',
  'not_exists',
]);

/** Retell `transition_condition` -> Parley condition (prompt or equation) and what to keep. */
export function importTransitionCondition(
  tc: RetellTransitionCondition,
  src: string,
  graphPath: string,
  ctx: ImportContext,
): { condition: GlobalCondition; meta: SourceMeta } | undefined {
  ctx.map(graphPath, src);
  if (tc.type === 'prompt') {
    ctx.map(`${graphPath}.prompt`, joinPath(src, 'prompt'));
    return {
      condition: { kind: 'prompt', prompt: tc.prompt },
      meta: cleanMeta({ extra: extras(tc, PROMPT_KEYS), key_order: keyOrder(tc, PROMPT_KEYS) }),
    };
  }
  const meta: SourceMeta = { extra: extras(tc, EQ_KEYS), key_order: keyOrder(tc, EQ_KEYS) };
  let match: 'all' | 'any' = 'all';
  if (tc.operator === undefined) meta.operator_absent = true;
  else if (tc.operator === '||' || /^(or|any)$/i.test(tc.operator)) match = 'any';
  else if (tc.operator === '&&' || /^(and|all)$/i.test(tc.operator)) match = 'all';
  else {
    ctx.error(
      joinPath(src, 'operator'),
      `found ${JSON.stringify(tc.operator)}; expected "&&" (all equations) or "||" (any equation)`,
    );
    return undefined;
  }
  if (tc.operator !== undefined && tc.operator !== (match === 'any' ? '||' : '&&')) meta.operator = tc.operator;
  let equations: Equation[];
  if (tc.equations) {
    ctx.map(`${graphPath}.equations`, joinPath(src, 'equations'));
    const eqMeta: Record<string, SourceMeta> = {};
    equations = tc.equations.map((e, k) => {
      const ep = joinPath(src, 'equations', k);
      for (const [g, s] of [
        ['', ''],
        ['.left', 'left'],
        ['.operator', 'operator'],
        ['.right', 'right'],
      ] as const) {
        ctx.map(`${graphPath}.equations[${k}]${g}`, s ? joinPath(ep, s) : ep);
      }
      const op = normalizeOperator(e.operator);
      const { name, braced } = stripBraces(e.left);
      const m = cleanMeta({
        extra: extras(e, EQUATION_KEYS),
        key_order: keyOrder(e, EQUATION_KEYS),
        operator: op && op !== e.operator && TO_RETELL[op] !== e.operator ? e.operator : undefined,
        plain: braced ? undefined : true,
        left: braced && e.left !== `{{${name}}}` ? e.left : undefined,
      });
      if (Object.keys(m).length) eqMeta[k] = m;
      return {
        left: name,
        operator: (op ?? e.operator) as Equation['operator'],
        ...(e.right !== undefined ? { right: e.right } : {}),
      };
    });
    if (Object.keys(eqMeta).length) meta.equations = eqMeta;
  } else {
    const parsed = parseEquationExpression(tc.equation ?? '');
    if (!parsed.ok) {
      ctx.error(
        joinPath(src, 'equation'),
        `cannot read the equation ${JSON.stringify(tc.equation)}: ${parsed.message}`,
      );
      return undefined;
    }
    ctx.map(`${graphPath}.equations`, joinPath(src, 'equation'));
    equations = parsed.equations;
    if (tc.operator === undefined) match = parsed.match;
    meta.equation_string = tc.equation;
  }
  return { condition: { kind: 'equation', match, equations }, meta: cleanMeta(meta) };
}

/** Parley condition -> Retell `transition_condition`. `ctx.drop` reports operators Retell lacks. */
export function exportTransitionCondition(
  c: Condition,
  meta: SourceMeta,
  ctx: ExportContext,
  path: string,
): Record<string, unknown> {
  if (c.kind === 'prompt')
    return assemble(
      { type: 'prompt', prompt: ctx.text(c.prompt) },
      PROMPT_KEYS,
      asObject(meta.extra),
      asStrings(meta.key_order),
    );
  if (c.kind !== 'equation')
    return { type: 'prompt', prompt: c.kind === 'else' ? 'Else' : c.kind === 'always' ? 'Always' : 'Skip response' };
  // An absent operator means "all", or for the string form whatever its && / || say.
  const operatorOver = (implied: 'all' | 'any') =>
    typeof meta.operator === 'string'
      ? meta.operator
      : meta.operator_absent && c.match === implied
        ? undefined
        : c.match === 'any'
          ? '||'
          : '&&';
  if (typeof meta.equation_string === 'string') {
    const again = parseEquationExpression(meta.equation_string);
    if (again.ok && jsonEqual(again.equations, c.equations)) {
      return assemble(
        { type: 'equation', operator: operatorOver(again.match), equation: meta.equation_string },
        EQ_KEYS,
        asObject(meta.extra),
        asStrings(meta.key_order),
      );
    }
  }
  const operator = operatorOver('all');
  const eqMeta = asObject(meta.equations) ?? {};
  const equations = c.equations.map((e, k) => {
    const m = asObject(eqMeta[k]) ?? {};
    if (!RETELL_OPERATORS.has(e.operator))
      ctx.drop(
        `${path}.equations[${k}].operator`,
        `equation operator ${e.operator}`,
        'Retell has no such operator; it was written as is and Retell will refuse it',
      );
    const rawOp =
      typeof m.operator === 'string' && normalizeOperator(m.operator) === e.operator
        ? m.operator
        : (TO_RETELL[e.operator] ?? e.operator);
    const left =
      typeof m.left === 'string' && stripBraces(m.left).name === e.left ? m.left : m.plain ? e.left : `{{${e.left}}}`;
    return assemble(
      { left, operator: rawOp, right: e.right !== undefined ? ctx.text(e.right) : undefined },
      EQUATION_KEYS,
      asObject(m.extra),
      asStrings(m.key_order),
    );
  });
  return assemble({ type: 'equation', operator, equations }, EQ_KEYS, asObject(meta.extra), asStrings(meta.key_order));
}

/** The `transition_condition` Retell writes on else / always / skip-response edges. */
export const FIXED_CONDITION: Record<'else' | 'always' | 'skip', Record<string, unknown>> = {
  else: { type: 'prompt', prompt: 'Else' },
  always: { type: 'prompt', prompt: 'Always' },
  skip: { type: 'prompt', prompt: 'Skip response' },
};
