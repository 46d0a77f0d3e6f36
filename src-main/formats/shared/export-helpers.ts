import type { SourceMeta } from '../../../src-shared/schemas/index.js';
import type { ExportContext } from '../types.js';

export type GraphFeature =
  'global_prompt' | 'snippets' | 'default_variables' | 'begin_message' | 'metrics' | 'description' | 'name';

const FEATURE_WORDS: Record<GraphFeature, string> = {
  global_prompt: 'global prompt',
  snippets: 'snippets',
  default_variables: 'default variables',
  begin_message: 'begin message (fixed opening line)',
  metrics: 'agent metrics',
  description: 'description',
  name: 'agent name',
};

/** Reports graph-level features the target format has no place for. */
export function dropGraphFeatures(ctx: ExportContext, target: string, unsupported: readonly GraphFeature[]): void {
  const g = ctx.graph;
  const has: Record<GraphFeature, boolean> = {
    global_prompt: g.global_prompt !== '',
    snippets: Object.keys(g.snippets).length > 0,
    default_variables: Object.keys(g.default_variables).length > 0,
    begin_message: g.begin_message !== undefined,
    metrics: g.metrics.length > 0,
    description: !!g.description,
    name: g.name !== '',
  };
  for (const f of unsupported) {
    if (!has[f] || (f === 'name' && ctx.native)) continue;
    const reason =
      f === 'snippets'
        ? `${target} has no snippets; their text was expanded into the prompts that use them`
        : f === 'metrics'
          ? 'metrics are Parley test settings; they stay in Parley'
          : `${target} has no field for it`;
    ctx.drop(f, FEATURE_WORDS[f], reason);
  }
}

/** When exporting to another format, the source format's kept metadata cannot be written: list where it was. */
export function dropForeignMeta(ctx: ExportContext, target: string): void {
  if (ctx.native) return;
  const g = ctx.graph;
  const from = g.source.format;
  const note = (path: string, meta: SourceMeta | undefined) => {
    const keys = meta ? keptFields(meta) : [];
    if (keys.length)
      ctx.drop(
        path,
        `${from} settings kept from import: ${keys.join(', ')}`,
        `only written back when exporting to ${from}, not ${target}`,
      );
  };
  note('source.meta', g.source.meta);
  g.tools.forEach((t, i) => note(`tools[${i}].source_meta`, t.source_meta));
  g.nodes.forEach((n, i) => {
    note(`nodes[${i}].source_meta`, n.source_meta);
    n.transitions.forEach((t, j) => note(`nodes[${i}].transitions[${j}].source_meta`, t.source_meta));
    n.global?.entry_conditions.forEach((c, k) =>
      note(`nodes[${i}].global.entry_conditions[${k}].source_meta`, c.source_meta),
    );
    n.global?.go_back_conditions.forEach((c, k) =>
      note(`nodes[${i}].global.go_back_conditions[${k}].source_meta`, c.source_meta),
    );
    if (n.type === 'extract')
      n.variables.forEach((v, k) => note(`nodes[${i}].variables[${k}].source_meta`, v.source_meta));
  });
}

/** The node's kept metadata when the graph came from the target format, else nothing. */
export function nativeMeta(ctx: ExportContext, meta: SourceMeta | undefined): SourceMeta {
  return ctx.native && meta ? meta : {};
}

export function graphMeta(ctx: ExportContext): SourceMeta {
  return ctx.native ? ctx.graph.source.meta : {};
}

/** Bookkeeping in source_meta (key order, absent/present flags) is not a setting anyone lost. */
const BOOKKEEPING =
  /(^|_)(order|absent|present|nulls|raw|placeholder|for|plain|braces|synthesized|single_prompt|by_id|prompt_from|unresolved|scope)$/;

/** The names of the settings a source_meta holds: keys of its `extra` bags, plus other non-bookkeeping entries. */
export function keptFields(meta: SourceMeta): string[] {
  const out: string[] = [];
  for (const [k, v] of Object.entries(meta)) {
    if (k === 'extra' || k.endsWith('_extra') || k === 'rest') {
      if (v && typeof v === 'object') out.push(...Object.keys(v as object));
    } else if (!BOOKKEEPING.test(k) && k !== 'present' && k !== 'key') {
      out.push(k);
    }
  }
  return [...new Set(out)];
}

/**
 * A node's transitions with their graph index, condition edges sorted by `order` (stable; edges
 * without an order keep their place after the ordered ones): for formats where array position is
 * the evaluation order.
 */
export function inEvaluationOrder<T extends { order?: number; condition: { kind: string } }>(
  ts: readonly T[],
): { t: T; j: number }[] {
  const indexed = ts.map((t, j) => ({ t, j }));
  if (!ts.some((t) => t.order !== undefined)) return indexed;
  const isCond = (x: T) => x.condition.kind === 'prompt' || x.condition.kind === 'equation';
  const cond = indexed
    .filter((x) => isCond(x.t))
    .sort((a, b) => (a.t.order ?? Infinity) - (b.t.order ?? Infinity) || a.j - b.j);
  let k = 0;
  return indexed.map((x) => (isCond(x.t) ? cond[k++] : x));
}
