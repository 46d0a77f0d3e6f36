import type { AgentGraph, Condition, GraphNode, SourceMeta } from '../../../src-shared/schemas/index.js';
import { formatEquationExpression } from '../shared/equations.js';
import { nativeMeta } from '../shared/export-helpers.js';
import { asObject as obj, asStrings as strs, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { writeExpression } from './expression.js';
import { EDGE_KEYS, NODE_BASE_KEYS, NODE_KEYS } from './workflow-import.js';

type Obj = Record<string, unknown>;
const START_ID = 'start_node';

/** Graph nodes and transitions -> an ElevenLabs workflow (`nodes` and `edges` keyed by id). */
export function exportWorkflow(g: AgentGraph, ctx: ExportContext, gm: SourceMeta): Obj {
  const nodes: Obj = {};
  const edges: Record<string, Obj> = {};
  const entry = g.nodes.find((n) => n.id === g.entry_node_id);
  const synthStart = entry?.type !== 'logic' || !!entry.global;
  if (synthStart) {
    nodes[START_ID] = { type: 'start', edge_order: [`${START_ID}->${g.entry_node_id}`] };
    edges[`${START_ID}->${g.entry_node_id}`] = {
      source: START_ID,
      target: g.entry_node_id,
      forward_condition: { type: 'unconditional' },
    };
  }
  g.nodes.forEach((n, i) => {
    nodes[n.id] = exportNode(n, i, n === entry && !synthStart, ctx);
  });
  g.nodes.forEach((n, i) =>
    n.transitions.forEach((t, j) => {
      const tm = nativeMeta(ctx, t.source_meta);
      const tp = `nodes[${i}].transitions[${j}]`;
      const condition = exportCondition(t.condition, obj(tm.condition) ?? {}, tp, n.type === 'logic', ctx);
      if (t.order !== undefined)
        ctx.drop(`${tp}.order`, 'evaluation order', "ElevenLabs tries a node's edges in its edge_order");
      const em = obj(tm.edge) ?? {};
      const back = typeof tm.backward_of === 'string' ? tm.backward_of : undefined;
      const id = back ?? t.id;
      const e = (edges[id] ??= { source: back ? t.target : n.id, target: back ? n.id : t.target });
      if (back) e.backward_condition = condition;
      else e.forward_condition = condition;
      if (Object.keys(em).length) edges[id] = assemble(e, EDGE_KEYS, obj(em.extra), strs(em.key_order));
      if (em.forward_null && !back && e.forward_condition === undefined) e.forward_condition = null;
      if (em.backward_null && e.backward_condition === undefined) edges[id].backward_condition = null;
    }),
  );
  for (const [id, e] of Object.entries(obj(gm.bare_edges) ?? {})) edges[id] = e as Obj;
  const fileOrder = strs(gm.edge_order_of_file);
  const orderedEdges: Record<string, Obj> = {};
  for (const id of fileOrder ?? []) if (edges[id]) orderedEdges[id] = edges[id];
  for (const [id, e] of Object.entries(edges)) if (!(id in orderedEdges)) orderedEdges[id] = e;
  for (const [id, node] of Object.entries(nodes)) {
    const n = g.nodes.find((x) => x.id === id);
    const m = n ? nativeMeta(ctx, n.source_meta) : {};
    const out = Object.entries(orderedEdges)
      .filter(([, e]) => e.source === id && e.forward_condition)
      .map(([eid]) => eid);
    const kept = strs(m.edge_order);
    if (kept && kept.length === out.length && kept.every((x) => out.includes(x))) (node as Obj).edge_order = kept;
    else if (!(id === START_ID && synthStart)) (node as Obj).edge_order = out;
  }
  return assemble({ nodes, edges: orderedEdges }, ['nodes', 'edges'], obj(gm.workflow_extra));
}

function exportCondition(c: Condition, m: SourceMeta, tp: string, onLogic: boolean, ctx: ExportContext): Obj {
  const extra = obj(m.extra);
  const withExtra = (known: Obj, keys: string[]) => assemble(known, keys, extra);
  if (c.kind === 'prompt') {
    if (m.placeholder === c.prompt && typeof m.result === 'boolean')
      return withExtra({ type: 'result', successful: m.result }, ['type', 'successful']);
    if (m.placeholder === c.prompt && m.expression)
      return withExtra({ type: 'expression', expression: m.expression }, ['type', 'expression']);
    return withExtra({ type: 'llm', condition: ctx.text(c.prompt) }, ['type', 'condition']);
  }
  if (c.kind === 'equation') {
    const expression = writeExpression(c.equations, c.match, Array.isArray(m.literal_types) ? m.literal_types : []);
    if (expression) return withExtra({ type: 'expression', expression }, ['type', 'expression']);
    ctx.drop(
      `${tp}.condition`,
      'equation with contains/exists operators',
      'ElevenLabs expressions compare a variable with a value; written as an LLM condition',
    );
    return { type: 'llm', condition: formatEquationExpression(c.equations, c.match) };
  }
  if (c.kind === 'skip' || (c.kind === 'else' && !onLogic))
    ctx.drop(`${tp}.condition`, `${c.kind} condition`, 'ElevenLabs has unconditional edges, taken in edge_order');
  return withExtra({ type: 'unconditional' }, ['type']);
}

function exportNode(n: GraphNode, i: number, isStart: boolean, ctx: ExportContext): Obj {
  const m = nativeMeta(ctx, n.source_meta);
  const at = `nodes[${i}]`;
  const known: Obj = {};
  let type: keyof typeof NODE_KEYS;
  if (n.global) ctx.drop(`${at}.global`, 'global node setting', 'ElevenLabs workflows have no global nodes');
  switch (n.type) {
    case 'logic':
      type = isStart ? 'start' : 'override_agent';
      if (!isStart) {
        known.additional_prompt = '';
        ctx.drop(
          at,
          `logic node ${JSON.stringify(n.id)}`,
          'ElevenLabs has no logic nodes besides start; written as a subagent with no prompt',
        );
      }
      break;
    case 'end':
      type = 'end';
      if (n.message) ctx.drop(`${at}.message`, 'closing message', 'an ElevenLabs end node says nothing');
      break;
    case 'transfer':
      if (m.type === 'standalone_agent') {
        type = 'standalone_agent';
        known.agent_id = ctx.text(n.target);
        known.transfer_message = n.message ? ctx.text(n.message.text) : m.transfer_message_null ? null : undefined;
      } else {
        type = 'phone_number';
        const key =
          typeof m.destination_key === 'string'
            ? m.destination_key
            : n.target.startsWith('sip:')
              ? 'sip_uri'
              : 'phone_number';
        known.transfer_destination = assemble(
          { [key]: ctx.text(n.target) },
          [key],
          obj(m.destination_extra) ?? (ctx.native ? {} : { type: key === 'sip_uri' ? 'sip_uri' : 'phone' }),
        );
        if (n.message)
          ctx.drop(`${at}.message`, 'transfer message', 'an ElevenLabs transfer-to-number node has no message');
      }
      break;
    case 'function': {
      type = 'tool';
      const raw = Array.isArray(m.tools_raw) ? (m.tools_raw as Obj[]) : undefined;
      known.tools = raw && raw[0]?.tool_id === n.tool ? raw : [{ tool_id: n.tool }];
      if (n.speak_during_execution)
        ctx.drop(
          `${at}.speak_during_execution`,
          'words spoken during the call',
          'an ElevenLabs tool node says nothing',
        );
      break;
    }
    default: {
      type = 'override_agent';
      const words = n.instruction;
      known.label = n.name;
      known.additional_prompt = words && !(m.prompt_absent && words.text === '') ? ctx.text(words.text) : undefined;
      if (n.type === 'conversation') known.additional_tool_ids = n.tools;
      if (words?.mode === 'static')
        ctx.drop(
          `${at}.instruction.mode`,
          'static (spoken as written) instruction',
          'a subagent prompt is for the model',
        );
      if (n.type !== 'conversation')
        ctx.drop(
          at,
          `${n.type} node ${JSON.stringify(n.id)}`,
          `ElevenLabs has no ${n.type} nodes; written as a subagent with its instruction`,
        );
      if (n.type === 'conversation' && n.skip_response)
        ctx.drop(`${at}.skip_response`, 'skip response', 'ElevenLabs subagents wait for the caller');
    }
  }
  const position = n.position
    ? assemble({ x: n.position.x, y: n.position.y }, ['x', 'y'], obj(m.position_extra))
    : undefined;
  return assemble(
    { type, position, ...known },
    [...NODE_BASE_KEYS, ...NODE_KEYS[type]],
    obj(m.extra),
    strs(m.key_order),
  );
}
