import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import type { ImportContext } from '../types.js';
import { VAR_TYPE_TO_PARLEY, type BlandEdge, type BlandNode, type BlandPathway } from './schema.js';

export const PATHWAY_KEYS = ['name', 'description', 'nodes', 'edges'] as const;
export const NODE_KEYS = ['id', 'type', 'data', 'position'] as const;
export const EDGE_KEYS = ['id', 'source', 'target', 'label'] as const;
/** `data` keys Parley maps for every node; the rest of `data` is kept. */
export const DATA_KEYS = ['name', 'isStart', 'isGlobal', 'globalLabel', 'text', 'prompt'] as const;
export const DATA_KEYS_BY_TYPE: Record<string, readonly string[]> = {
  'Transfer Call': ['transferNumber'],
  'Transfer Node': ['transferNumber'],
  Default: ['extractVars'],
};

export const edgePlaceholder = (target: string) => `The conversation should now move on to "${target}"`;
/** The tool a Webhook or Custom Tool node calls: its name, made into an identifier. */
export const toolNameOf = (n: BlandNode) =>
  (n.data.name ?? '')
    .trim()
    .replace(/[^A-Za-z0-9_]+/g, '_')
    .replace(/^_+|_+$/g, '') || `tool_${n.id}`;

type Mutable = Record<string, unknown> & { id: string; transitions: unknown[] };

/** A Bland pathway -> a graph: one node per pathway node, edges as prompt transitions decided by their labels. */
export function importBlandPathway(p: BlandPathway, ctx: ImportContext): AgentGraphInput {
  const tools: ToolDef[] = [];
  const nodes = p.nodes.map((n, i) => importNode(n, i, tools, ctx));
  const starts = p.nodes.flatMap((n, i) => (n.data.isStart ? [i] : []));
  if (starts.length === 0) ctx.error('nodes', 'no node has "data": {"isStart": true}; expected exactly one start node');
  starts
    .slice(1)
    .forEach((i) =>
      ctx.error(
        `nodes[${i}].data.isStart`,
        `node ${JSON.stringify(p.nodes[i].id)} is a second start node (the first is ${JSON.stringify(p.nodes[starts[0]].id)}); expected exactly one start node`,
      ),
    );
  const index = new Map(p.nodes.map((n, i) => [n.id, i] as const));
  const natural: string[] = [];
  const perNode: string[][] = nodes.map(() => []);
  p.edges.forEach((e, k) => {
    const si = index.get(e.source);
    const src = `edges[${k}]`;
    if (si === undefined) {
      ctx.error(
        joinPath(src, 'source'),
        `edge ${JSON.stringify(e.id)} starts at node ${JSON.stringify(e.source)}, which does not exist; expected the id of a node of this pathway`,
      );
      return;
    }
    const node = nodes[si];
    const tp = `nodes[${si}].transitions[${node.transitions.length}]`;
    ctx.map(tp, src);
    ctx.map(`${tp}.target`, joinPath(src, 'target'));
    node.transitions.push(importEdge(e, src, tp, ctx));
    perNode[si].push(e.id);
  });
  natural.push(...perNode.flat());
  const order = p.edges.map((e) => e.id);
  const start = starts[0] !== undefined ? p.nodes[starts[0]].id : (p.nodes[0]?.id ?? 'start');
  ctx.map('entry_node_id', starts[0] !== undefined ? `nodes[${starts[0]}].data.isStart` : 'nodes');
  if (p.name !== undefined) ctx.map('name', 'name');
  const globalPrompt = p.globalConfig?.globalPrompt;
  if (globalPrompt !== undefined) ctx.map('global_prompt', 'globalConfig.globalPrompt');
  return {
    ...(p.name !== undefined ? { name: p.name } : {}),
    ...(p.description !== undefined ? { description: p.description } : {}),
    ...(globalPrompt !== undefined ? { global_prompt: globalPrompt } : {}),
    entry_node_id: start,
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: {
      format: 'bland-pathway',
      meta: cleanMeta({
        extra: pathwayExtra(p),
        // Where globalPrompt stood among globalConfig's keys, when it was not first, and that it was there.
        global_config_order:
          globalPrompt !== undefined && p.globalConfig ? keyOrder(p.globalConfig, ['globalPrompt']) : undefined,
        global_prompt_present: globalPrompt !== undefined ? true : undefined,
        key_order: keyOrder(p, PATHWAY_KEYS),
        edge_order: order.every((id, i) => id === natural[i]) && order.length === natural.length ? undefined : order,
        description_empty: p.description === '' ? true : undefined,
      }),
    },
  };
}

/** The pathway's keys Parley does not map, `globalConfig` without the `globalPrompt` it reads. */
function pathwayExtra(p: BlandPathway): Record<string, unknown> | undefined {
  const extra = extras(p, PATHWAY_KEYS);
  if (!extra || p.globalConfig?.globalPrompt === undefined) return extra;
  const { globalPrompt: _read, ...rest } = p.globalConfig;
  return { ...extra, globalConfig: rest };
}

function utterance(d: BlandNode['data']): { mode: 'prompt' | 'static'; text: string } | undefined {
  if (d.text !== undefined && d.text !== '') return { mode: 'static', text: d.text };
  if (d.prompt !== undefined) return { mode: 'prompt', text: d.prompt };
  if (d.text !== undefined) return { mode: 'static', text: d.text };
  return undefined;
}

function importNode(n: BlandNode, i: number, tools: ToolDef[], ctx: ImportContext): Mutable {
  const at = `nodes[${i}]`;
  ctx.map(at, at);
  ctx.map(`${at}.id`, `${at}.id`);
  const d = n.data as BlandNode['data'] & Record<string, unknown>;
  const typeKeys = DATA_KEYS_BY_TYPE[n.type] ?? [];
  const meta: SourceMeta = {
    type: n.type,
    extra: extras(n, NODE_KEYS),
    key_order: keyOrder(n, NODE_KEYS),
    data_extra: extras(d, [...DATA_KEYS, ...typeKeys]),
    data_key_order: keyOrder(d, [...DATA_KEYS, ...typeKeys]),
    // Which of text/prompt held the words, and the other one when both were set.
    text_raw: d.text !== undefined && d.prompt !== undefined ? { text: d.text, prompt: d.prompt } : undefined,
    is_start_false: d.isStart === false ? true : undefined,
    is_global_false: d.isGlobal === false ? true : undefined,
    global_label_unused: !d.isGlobal && d.globalLabel !== undefined ? d.globalLabel : undefined,
  };
  const out: Mutable = { id: n.id, transitions: [] };
  if (d.name !== undefined) out.name = d.name;
  if (n.position) {
    out.position = { x: n.position.x, y: n.position.y };
    const pe = extras(n.position, ['x', 'y']);
    if (pe) meta.position_extra = pe;
  }
  if (d.isGlobal) {
    out.global = {
      entry_conditions:
        d.globalLabel !== undefined
          ? [{ id: `${n.id}#global`, condition: { kind: 'prompt', prompt: d.globalLabel } }]
          : [],
      go_back_conditions: [],
    };
    ctx.map(`${at}.global`, joinPath(at, 'data', d.globalLabel !== undefined ? 'globalLabel' : 'isGlobal'));
  }
  const words = utterance(d);
  const wordsAt = joinPath(at, 'data', words?.mode === 'static' ? 'text' : 'prompt');
  switch (n.type) {
    case 'End Call':
      Object.assign(out, { type: 'end', ...(words ? { message: words } : {}) });
      if (words) ctx.map(`${at}.message`, wordsAt);
      break;
    case 'Transfer Call':
    case 'Transfer Node':
      Object.assign(out, { type: 'transfer', target: d.transferNumber ?? '', ...(words ? { message: words } : {}) });
      ctx.map(`${at}.target`, joinPath(at, 'data', 'transferNumber'));
      if (d.transferNumber === undefined) meta.transfer_absent = true;
      break;
    case 'Webhook':
    case 'Custom Tool': {
      const tool = toolNameOf(n);
      if (!tools.some((t) => t.name === tool))
        tools.push({ name: tool, description: '', kind: 'custom', source_meta: { synthesized: true } });
      Object.assign(out, { type: 'function', tool, ...(words ? { speak_during_execution: words } : {}) });
      meta.tool_synthesized = tool;
      break;
    }
    case 'Press Button':
      Object.assign(out, { type: 'press_digit', instruction: words ?? { mode: 'prompt', text: '' } });
      break;
    default:
      if (n.type === 'Default' && d.extractVars?.length) {
        out.type = 'extract';
        out.variables = d.extractVars.map((v, k) => {
          ctx.map(`${at}.variables[${k}]`, joinPath(at, 'data', 'extractVars', k));
          const type = own(VAR_TYPE_TO_PARLEY, v[1]);
          return {
            name: v[0],
            description: v[2],
            type: type ?? 'text',
            source_meta: compactMeta({ rest: v.length > 3 ? v.slice(3) : undefined, type: type ? undefined : v[1] }),
          };
        });
        if (words) out.instruction = words;
      } else {
        Object.assign(out, { type: 'conversation', instruction: words ?? { mode: 'prompt', text: '' } });
        if (d.extractVars) meta.extract_vars_empty = true;
        if (n.type !== 'Default')
          ctx.warn(
            joinPath(at, 'type'),
            `Parley does not model Bland's ${JSON.stringify(n.type)} node; it is read as a conversation node speaking its text or prompt, with its settings kept for export to Bland`,
          );
      }
      break;
  }
  if (words) ctx.map(`${at}.instruction`, wordsAt);
  if (!words) meta.words_absent = true;
  out.source_meta = compactMeta(meta);
  return out;
}

function importEdge(e: BlandEdge, src: string, tp: string, ctx: ImportContext): Record<string, unknown> {
  const inData = e.label === undefined && e.data?.label !== undefined;
  const label = e.label ?? e.data?.label;
  const meta: SourceMeta = {
    extra: extras(e, EDGE_KEYS),
    key_order: keyOrder(e, EDGE_KEYS),
    label_in_data: inData ? true : undefined,
  };
  ctx.map(`${tp}.condition`, joinPath(src, ...(inData ? ['data', 'label'] : ['label'])));
  let prompt = label ?? '';
  if (!prompt.trim()) {
    prompt = edgePlaceholder(e.target);
    meta.placeholder = prompt;
    meta.label = label;
    ctx.warn(
      joinPath(src, 'label'),
      `edge ${JSON.stringify(e.id)} has no label; Parley decides it with the placeholder question ${JSON.stringify(prompt)} (expected a label saying when to take this pathway)`,
    );
  }
  return { id: e.id, target: e.target, condition: { kind: 'prompt', prompt }, source_meta: compactMeta(meta) };
}
