import type { AgentGraph, GraphNode, SourceMeta, Transition, Utterance } from '../../../src-shared/schemas/index.js';
import { formatEquationExpression } from '../shared/equations.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject as obj, asStrings as strs, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { DATA_KEYS, DATA_KEYS_BY_TYPE, EDGE_KEYS, NODE_KEYS, PATHWAY_KEYS } from './pathway-import.js';

const TYPE_BY_NODE: Record<GraphNode['type'], string> = {
  conversation: 'Default',
  extract: 'Default',
  logic: 'Default',
  end: 'End Call',
  transfer: 'Transfer Call',
  function: 'Webhook',
  press_digit: 'Press Button',
};
const PARLEY_TO_VAR_TYPE = { text: 'string', number: 'number', boolean: 'boolean', enum: 'string' } as const;

/** Graph -> Bland pathway: nodes with their text or prompt, edges labelled with the condition the model decides. */
export function exportBlandPathway(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = g.source.format === 'bland-pathway' ? graphMeta(ctx) : {};
  dropGraphFeatures(ctx, 'A Bland pathway', ['snippets', 'default_variables', 'begin_message', 'metrics']);
  dropForeignMeta(ctx, 'bland');
  if (g.first_speaker === 'caller')
    ctx.drop(
      'first_speaker',
      'caller speaks first',
      'who speaks first is a call setting in Bland, not part of the pathway',
    );
  g.tools.forEach((t, i) => {
    if (!t.source_meta?.synthesized || !ctx.native)
      ctx.drop(
        `tools[${i}]`,
        `tool definition ${JSON.stringify(t.name)}`,
        'Bland pathways call tools from Webhook / Custom Tool nodes, configured in Bland',
      );
  });
  const nodes = g.nodes.map((n, i) => exportNode(n, i, g, ctx));
  const edges: Record<string, unknown>[] = [];
  g.nodes.forEach((n, i) =>
    n.transitions.forEach((t, j) => edges.push(exportEdge(n.id, t, `nodes[${i}].transitions[${j}]`, ctx))),
  );
  const order = strs(gm.edge_order);
  if (order) {
    const rank = new Map(order.map((id, i) => [id, i] as const));
    const keyed = edges.map((e, i) => ({ e, r: rank.get(e.id as string) ?? order.length + i }));
    keyed.sort((a, b) => a.r - b.r);
    edges.splice(0, edges.length, ...keyed.map((k) => k.e));
  }
  const extra = withGlobalPrompt(g, gm, ctx);
  return assemble(
    {
      name: g.name || undefined,
      description: g.description ?? (gm.description_empty ? '' : undefined),
      nodes,
      edges,
    },
    PATHWAY_KEYS,
    extra,
    strs(gm.key_order),
  );
}

/** The kept pathway keys with the graph's global prompt as `globalConfig.globalPrompt` (where it stood). */
function withGlobalPrompt(g: AgentGraph, gm: SourceMeta, ctx: ExportContext): Record<string, unknown> | undefined {
  const extra = obj(gm.extra);
  if (g.global_prompt === '' && !gm.global_prompt_present) return extra;
  const config = assemble(
    { globalPrompt: ctx.text(g.global_prompt) },
    ['globalPrompt'],
    obj(extra?.globalConfig),
    strs(gm.global_config_order),
  );
  return { ...extra, globalConfig: config };
}

function writeWords(data: Record<string, unknown>, u: Utterance | undefined, m: SourceMeta, ctx: ExportContext): void {
  const raw = obj(m.text_raw);
  if (!u) return;
  if (m.words_absent && u.text === '') return;
  if (u.mode === 'static') {
    data.text = ctx.text(u.text);
    if (raw) data.prompt = raw.prompt;
  } else {
    data.prompt = ctx.text(u.text);
    if (raw) data.text = raw.text;
  }
}

function exportNode(n: GraphNode, i: number, g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const m = nativeMeta(ctx, n.source_meta);
  const at = `nodes[${i}]`;
  const kept = typeof m.type === 'string' ? m.type : undefined;
  const type = kept && (TYPE_BY_NODE[n.type] === kept || sameKind(n, kept)) ? kept : TYPE_BY_NODE[n.type];
  const data: Record<string, unknown> = { name: n.name };
  if (n.id === g.entry_node_id) data.isStart = true;
  else if (m.is_start_false) data.isStart = false;
  const entry = n.global?.entry_conditions ?? [];
  if (n.global) {
    data.isGlobal = true;
    const first = entry[0];
    if (first?.condition.kind === 'prompt') data.globalLabel = ctx.text(first.condition.prompt);
    entry.forEach((c, k) => {
      if (k > 0 || c.condition.kind !== 'prompt')
        ctx.drop(
          `${at}.global.entry_conditions[${k}]`,
          `${c.condition.kind} entry condition`,
          'a Bland global node has one label, decided by the model',
        );
    });
    if (n.global.go_back_conditions.length)
      ctx.drop(
        `${at}.global.go_back_conditions`,
        'go-back conditions of a global node',
        'Bland returns from a global node by itself',
      );
  } else {
    if (m.is_global_false) data.isGlobal = false;
    if (typeof m.global_label_unused === 'string') data.globalLabel = m.global_label_unused;
  }
  switch (n.type) {
    case 'conversation':
      writeWords(data, n.instruction, m, ctx);
      if (n.tools?.length)
        ctx.drop(
          `${at}.tools`,
          'tools the model may call on a node',
          'Bland pathway nodes call tools through Webhook / Custom Tool nodes',
        );
      if (n.skip_response) ctx.drop(`${at}.skip_response`, 'skip response', 'Bland nodes wait for the caller');
      if (m.extract_vars_empty) data.extractVars = [];
      break;
    case 'extract':
      writeWords(data, n.instruction, m, ctx);
      data.extractVars = n.variables.map((v, k) => {
        const vm = nativeMeta(ctx, v.source_meta);
        if (v.type === 'enum' && !ctx.native)
          ctx.drop(
            `${at}.variables[${k}].choices`,
            'choices of an enum variable',
            'Bland extracts a string; the choices were put in its description',
          );
        const description =
          v.type === 'enum' && !ctx.native
            ? `${v.description} (one of: ${(v.choices ?? []).join(', ')})`
            : v.description;
        const rest = Array.isArray(vm.rest) ? vm.rest : [];
        return [v.name, typeof vm.type === 'string' ? vm.type : PARLEY_TO_VAR_TYPE[v.type], description, ...rest];
      });
      break;
    case 'logic':
      data.prompt = '';
      ctx.drop(
        at,
        `logic node ${JSON.stringify(n.id)}`,
        'Bland has no logic nodes; written as a Default node whose edges the model decides',
      );
      break;
    case 'end':
      writeWords(data, n.message, m, ctx);
      break;
    case 'transfer':
      data.transferNumber = m.transfer_absent && n.target === '' ? undefined : ctx.text(n.target);
      writeWords(data, n.message, m, ctx);
      break;
    case 'function':
      writeWords(data, n.speak_during_execution, m, ctx);
      if (m.tool_synthesized !== n.tool) {
        data.name = n.tool;
        if (!ctx.native)
          ctx.drop(
            `${at}.tool`,
            `call of tool ${JSON.stringify(n.tool)}`,
            'a Bland Webhook node needs its URL, method and body set in Bland',
          );
      }
      for (const [k, what] of [
        ['arguments', 'argument templates'],
        ['output_variables', 'output variables'],
        ['actions', 'context.set actions'],
      ] as const) {
        const v = n[k];
        if (v && (!Array.isArray(v) || v.length)) ctx.drop(`${at}.${k}`, what, 'Bland maps webhook data in Bland');
      }
      break;
    case 'press_digit':
      writeWords(data, n.instruction, m, ctx);
      break;
  }
  const dataKeys = [...DATA_KEYS, ...(DATA_KEYS_BY_TYPE[type] ?? [])];
  return assemble(
    {
      id: n.id,
      type,
      data: assemble(data, dataKeys, obj(m.data_extra), strs(m.data_key_order)),
      position: n.position
        ? assemble({ x: n.position.x, y: n.position.y }, ['x', 'y'], obj(m.position_extra))
        : undefined,
    },
    NODE_KEYS,
    obj(m.extra),
    strs(m.key_order),
  );
}

/** A kept Bland type that Parley reads as this node's type (Transfer Node, Custom Tool, the unmodelled ones). */
function sameKind(n: GraphNode, kept: string): boolean {
  if (n.type === 'transfer') return kept === 'Transfer Node';
  if (n.type === 'function') return kept === 'Custom Tool';
  if (n.type === 'conversation')
    return !['End Call', 'Transfer Call', 'Transfer Node', 'Webhook', 'Custom Tool', 'Press Button'].includes(kept);
  return false;
}

function exportEdge(source: string, t: Transition, tp: string, ctx: ExportContext): Record<string, unknown> {
  const m = nativeMeta(ctx, t.source_meta);
  const c = t.condition;
  let label: string | undefined;
  if (c.kind === 'prompt') label = m.placeholder === c.prompt ? (m.label as string | undefined) : ctx.text(c.prompt);
  else if (c.kind === 'equation') {
    label = formatEquationExpression(c.equations, c.match);
    ctx.drop(
      `${tp}.condition`,
      'equation condition',
      'Bland edges are decided by the model from their label; the equation was written as the label',
    );
  } else {
    label = c.kind === 'else' ? 'None of the other pathways apply' : 'Always';
    ctx.drop(`${tp}.condition`, `${c.kind} condition`, 'Bland edges are decided by the model from their label');
  }
  if (t.order !== undefined)
    ctx.drop(`${tp}.order`, 'evaluation order', 'Bland decides between labelled edges without an order');
  const inData = !!m.label_in_data;
  const extra = obj(m.extra);
  const dataExtra = obj(extra?.data);
  return assemble(
    {
      id: t.id,
      source,
      target: t.target,
      label: inData ? undefined : label,
      data: inData ? { ...dataExtra, label } : undefined,
    },
    [...EDGE_KEYS, 'data'],
    extra,
    strs(m.key_order),
  );
}
