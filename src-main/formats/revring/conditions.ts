import type { Condition, GlobalCondition, SourceMeta } from '../../../src-shared/schemas/index.js';
import { normalizeOperator, stripBraces } from '../shared/equations.js';
import { joinPath } from '../shared/json-path.js';
import { asObject as obj, asStrings as strs, assemble, cleanMeta as clean, extras, keyOrder } from '../shared/meta.js';
import type { ImportContext } from '../types.js';
import type { RevCondition } from './schema.js';

const PROMPT_KEYS = ['type', 'promptText'] as const;
const EQ_COND_KEYS = ['type', 'match', 'equations'] as const;
const EQ_KEYS = ['variable', 'operator', 'value'] as const;

/** RevRing condition -> Parley condition, plus what must be kept to write it back exactly. */
export function importRevCondition(
  c: RevCondition,
  src: string,
  graphPath: string,
  ctx: ImportContext,
): { condition: GlobalCondition; meta: SourceMeta } {
  const meta: SourceMeta = {};
  ctx.map(graphPath, src);
  if (c.type === 'prompt') {
    ctx.map(`${graphPath}.prompt`, joinPath(src, 'promptText'));
    meta.extra = extras(c, PROMPT_KEYS);
    meta.key_order = keyOrder(c, PROMPT_KEYS);
    return { condition: { kind: 'prompt', prompt: c.promptText }, meta: clean(meta) };
  }
  meta.extra = extras(c, EQ_COND_KEYS);
  meta.key_order = keyOrder(c, EQ_COND_KEYS);
  if (c.match === undefined) meta.match_absent = true;
  ctx.map(`${graphPath}.equations`, joinPath(src, 'equations'));
  const eqMeta: Record<string, SourceMeta> = {};
  const equations = c.equations.map((e, k) => {
    const ep = joinPath(src, 'equations', k);
    ctx.map(`${graphPath}.equations[${k}]`, ep);
    ctx.map(`${graphPath}.equations[${k}].left`, joinPath(ep, 'variable'));
    ctx.map(`${graphPath}.equations[${k}].operator`, joinPath(ep, 'operator'));
    ctx.map(`${graphPath}.equations[${k}].right`, joinPath(ep, 'value'));
    const op = normalizeOperator(e.operator);
    const { name, braced } = stripBraces(e.variable);
    const m = clean({
      extra: extras(e, EQ_KEYS),
      key_order: keyOrder(e, EQ_KEYS),
      operator: op && op !== e.operator ? e.operator : undefined,
      braces: braced ? e.variable : undefined,
    });
    if (Object.keys(m).length) eqMeta[k] = m;
    return { left: name, operator: (op ?? e.operator) as never, ...(e.value !== undefined ? { right: e.value } : {}) };
  });
  if (Object.keys(eqMeta).length) meta.equations = eqMeta;
  return { condition: { kind: 'equation', match: c.match ?? 'all', equations }, meta: clean(meta) };
}

/** Parley condition (prompt or equation) -> RevRing condition. */
export function exportRevCondition(
  c: Condition,
  meta: SourceMeta,
  text: (s: string) => string,
): Record<string, unknown> | undefined {
  if (c.kind === 'prompt') {
    return assemble({ type: 'prompt', promptText: text(c.prompt) }, PROMPT_KEYS, obj(meta.extra), strs(meta.key_order));
  }
  if (c.kind !== 'equation') return undefined;
  const eqMeta = obj(meta.equations) ?? {};
  const equations = c.equations.map((e, k) => {
    const m = obj(eqMeta[k]) ?? {};
    const rawOp =
      typeof m.operator === 'string' && normalizeOperator(m.operator) === e.operator ? m.operator : e.operator;
    const variable = typeof m.braces === 'string' && stripBraces(m.braces).name === e.left ? m.braces : e.left;
    return assemble({ variable, operator: rawOp, value: e.right }, EQ_KEYS, obj(m.extra), strs(m.key_order));
  });
  const match = meta.match_absent && c.match === 'all' ? undefined : c.match;
  return assemble({ type: 'equation', match, equations }, EQ_COND_KEYS, obj(meta.extra), strs(meta.key_order));
}
