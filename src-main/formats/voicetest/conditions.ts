import type { Condition, SourceMeta } from '../../../src-shared/schemas/index.js';
import {
  formatEquationExpression,
  normalizeOperator,
  parseEquationExpression,
  stripBraces,
} from '../shared/equations.js';
import { joinPath } from '../shared/json-path.js';
import { asObject, asStrings, assemble, cleanMeta, extras, keyOrder } from '../shared/meta.js';
import { resultPrompt } from '../shared/tool-result.js';
import type { ImportContext } from '../types.js';
import type { VtCondition } from './schema.js';

const COND_KEYS = ['type', 'value', 'equations', 'logical_operator'] as const;
const EQ_KEYS = ['left', 'operator', 'right'] as const;
const FIXED_VALUE = { else: 'Else', always: 'Always' } as const;

/** voicetest condition -> Parley condition. `always` on a logic or extract node is its else. */
export function importVtCondition(
  c: VtCondition,
  src: string,
  graphPath: string,
  elseNode: boolean,
  ctx: ImportContext,
  opts: { functionNode?: boolean } = {},
): { condition: Condition; meta: SourceMeta } | undefined {
  ctx.map(graphPath, src);
  const meta: SourceMeta = {
    extra: extras(c, COND_KEYS),
    key_order: keyOrder(c, COND_KEYS),
    value_absent: c.value === undefined ? true : undefined,
  };
  if (c.type !== 'equation') {
    // voicetest 0.49 writes `equations: []` and `logical_operator` on every condition: kept as they are.
    if (c.equations !== undefined) meta.equations_raw = c.equations;
    if (c.logical_operator !== undefined) meta.logical_raw = c.logical_operator;
  }
  if (c.type === 'always') {
    const kind = elseNode ? 'else' : 'always';
    if (c.value !== undefined && c.value !== FIXED_VALUE[kind]) meta.value = c.value;
    return { condition: { kind }, meta: cleanMeta(meta) };
  }
  if (c.type === 'tool_call' && opts.functionNode) {
    // On a function node a tool_call edge is a branch on the call's result: failed when its text says so.
    const prompt = resultPrompt(!/fail|error|unsuccess/i.test(c.value ?? ''));
    meta.type = 'tool_call';
    meta.value = c.value;
    meta.value_for = prompt;
    ctx.map(`${graphPath}.prompt`, joinPath(src, 'value'));
    return { condition: { kind: 'prompt', prompt }, meta: cleanMeta(meta) };
  }
  if (c.type === 'llm_prompt' || c.type === 'tool_call') {
    if (c.type === 'tool_call') {
      meta.type = 'tool_call';
      ctx.warn(
        joinPath(src, 'type'),
        `tool_call transitions are decided in Parley as a prompt condition on ${JSON.stringify(c.value ?? '')}; expected llm_prompt, equation or always for exact behaviour`,
      );
    }
    ctx.map(`${graphPath}.prompt`, joinPath(src, 'value'));
    return { condition: { kind: 'prompt', prompt: c.value ?? '' }, meta: cleanMeta(meta) };
  }
  let match: 'all' | 'any' = 'all';
  if (c.logical_operator === undefined) meta.logical_absent = true;
  else if (/^(or|any|\|\|)$/i.test(c.logical_operator)) match = 'any';
  else if (!/^(and|all|&&)$/i.test(c.logical_operator)) {
    ctx.error(joinPath(src, 'logical_operator'), `found ${JSON.stringify(c.logical_operator)}; expected "and" or "or"`);
    return undefined;
  }
  if (c.logical_operator !== undefined && c.logical_operator !== (match === 'any' ? 'or' : 'and'))
    meta.logical_operator = c.logical_operator;
  let equations;
  if (c.equations) {
    ctx.map(`${graphPath}.equations`, joinPath(src, 'equations'));
    const eqMeta: Record<string, SourceMeta> = {};
    equations = c.equations.map((e, k) => {
      const ep = joinPath(src, 'equations', k);
      ctx.map(`${graphPath}.equations[${k}]`, ep);
      ctx.map(`${graphPath}.equations[${k}].operator`, joinPath(ep, 'operator'));
      ctx.map(`${graphPath}.equations[${k}].left`, joinPath(ep, 'left'));
      ctx.map(`${graphPath}.equations[${k}].right`, joinPath(ep, 'right'));
      const op = normalizeOperator(e.operator);
      const { name, braced } = stripBraces(e.left);
      const m = cleanMeta({
        extra: extras(e, EQ_KEYS),
        key_order: keyOrder(e, EQ_KEYS),
        operator: op && op !== e.operator ? e.operator : undefined,
        left: braced ? e.left : undefined,
      });
      if (Object.keys(m).length) eqMeta[k] = m;
      return {
        left: name,
        operator: (op ?? e.operator) as never,
        ...(e.right !== undefined ? { right: e.right } : {}),
      };
    });
    if (Object.keys(eqMeta).length) meta.equations = eqMeta;
    const canonical = formatEquationExpression(equations, match);
    if (c.value !== undefined && c.value !== canonical) {
      meta.value = c.value;
      meta.value_for = canonical;
    }
  } else {
    const parsed = parseEquationExpression(c.value ?? '');
    if (!parsed.ok) {
      ctx.error(joinPath(src, 'value'), `cannot read the equation ${JSON.stringify(c.value ?? '')}: ${parsed.message}`);
      return undefined;
    }
    ctx.map(`${graphPath}.equations`, joinPath(src, 'value'));
    equations = parsed.equations;
    if (c.logical_operator === undefined) match = parsed.match;
    meta.equations_absent = true;
    const canonical = formatEquationExpression(equations, match);
    if (c.value !== canonical) {
      meta.value = c.value;
      meta.value_for = canonical;
    }
  }
  return { condition: { kind: 'equation', match, equations }, meta: cleanMeta(meta) };
}

export function exportVtCondition(
  c: Condition,
  meta: SourceMeta,
  text: (s: string) => string,
): Record<string, unknown> {
  const extra = asObject(meta.extra);
  const order = asStrings(meta.key_order);
  const rest = { equations: meta.equations_raw, logical_operator: meta.logical_raw };
  if (c.kind === 'else' || c.kind === 'always' || c.kind === 'skip') {
    const kind = c.kind === 'skip' ? 'always' : c.kind;
    const value = typeof meta.value === 'string' ? meta.value : meta.value_absent ? undefined : FIXED_VALUE[kind];
    return assemble({ type: 'always', value, ...rest }, COND_KEYS, extra, order);
  }
  if (c.kind === 'prompt') {
    return assemble(
      {
        type: meta.type === 'tool_call' ? 'tool_call' : 'llm_prompt',
        value:
          meta.value_for === c.prompt ? meta.value : meta.value_absent && c.prompt === '' ? undefined : text(c.prompt),
        ...rest,
      },
      COND_KEYS,
      extra,
      order,
    );
  }
  const canonical = formatEquationExpression(c.equations, c.match);
  const eqMeta = asObject(meta.equations) ?? {};
  const equations = meta.equations_absent
    ? undefined
    : c.equations.map((e, k) => {
        const m = asObject(eqMeta[k]) ?? {};
        const op =
          typeof m.operator === 'string' && normalizeOperator(m.operator) === e.operator ? m.operator : e.operator;
        const left = typeof m.left === 'string' && stripBraces(m.left).name === e.left ? m.left : e.left;
        return assemble({ left, operator: op, right: e.right }, EQ_KEYS, asObject(m.extra), asStrings(m.key_order));
      });
  // The original text of the condition, as long as the equations still say what they said at import.
  const value =
    typeof meta.value === 'string' && meta.value_for === canonical
      ? meta.value
      : meta.value_absent
        ? undefined
        : canonical;
  const logical =
    typeof meta.logical_operator === 'string'
      ? meta.logical_operator
      : meta.logical_absent && c.match === 'all'
        ? undefined
        : c.match === 'any'
          ? 'or'
          : 'and';
  return assemble({ type: 'equation', value, equations, logical_operator: logical }, COND_KEYS, extra, order);
}
