import type { Condition, SourceMeta } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder } from '../shared/meta.js';
import type { ImportContext } from '../types.js';
import { resultPrompt } from '../shared/tool-result.js';
import { readExpression } from './expression.js';
import type { ElCondition, ElNode, ElWorkflow } from './schema.js';

export const NODE_BASE_KEYS = ['type', 'position', 'edge_order'] as const;
export const NODE_KEYS: Record<ElNode['type'], readonly string[]> = {
  start: [],
  end: [],
  override_agent: ['label', 'additional_prompt', 'additional_tool_ids'],
  standalone_agent: ['agent_id', 'transfer_message'],
  phone_number: ['transfer_destination'],
  tool: ['tools'],
};
export const EDGE_KEYS = ['source', 'target', 'forward_condition', 'backward_condition'] as const;
export { resultPrompt };
export const expressionPlaceholder = (e: unknown) => `This expression holds: ${JSON.stringify(e)}`;

type Mutable = Record<string, unknown> & { id: string; transitions: Record<string, unknown>[] };

/** The workflow's nodes and edges -> graph nodes; `start` is a logic node (it routes without speaking). */
export function importWorkflow(w: ElWorkflow, at: string, ctx: ImportContext) {
  const ids = Object.keys(w.nodes);
  const index = new Map(ids.map((id, i) => [id, i] as const));
  const nodes = ids.map((id, i) => importNode(id, w.nodes[id], i, joinPath(at, 'nodes', id), ctx));
  const starts = ids.filter((id) => w.nodes[id].type === 'start');
  if (starts.length !== 1)
    ctx.error(
      joinPath(at, 'nodes'),
      `the workflow has ${starts.length} start nodes${starts.length ? ` (${starts.map((s) => JSON.stringify(s)).join(', ')})` : ''}; expected exactly one node of type "start"`,
    );
  const bare: Record<string, unknown> = {};
  for (const [edgeId, e] of Object.entries(w.edges)) {
    const src = joinPath(at, 'edges', edgeId);
    const si = index.get(e.source);
    if (si === undefined) {
      ctx.error(
        joinPath(src, 'source'),
        `edge ${JSON.stringify(edgeId)} starts at node ${JSON.stringify(e.source)}, which does not exist; expected a key of the workflow's nodes`,
      );
      continue;
    }
    const forward = e.forward_condition ?? undefined;
    const backward = e.backward_condition ?? undefined;
    const edgeMeta = cleanMeta({
      extra: extras(e, EDGE_KEYS),
      key_order: keyOrder(e, EDGE_KEYS),
      forward_null: e.forward_condition === null ? true : undefined,
      backward_null: e.backward_condition === null ? true : undefined,
    });
    if (!forward && !backward) {
      bare[edgeId] = e;
      continue;
    }
    if (forward)
      add(nodes[si], si, edgeId, e.target, forward, joinPath(src, 'forward_condition'), src, ctx, { edge: edgeMeta });
    if (backward) {
      const ti = index.get(e.target);
      if (ti === undefined) {
        ctx.error(
          joinPath(src, 'target'),
          `edge ${JSON.stringify(edgeId)} has a backward condition but its target ${JSON.stringify(e.target)} does not exist; expected a key of the workflow's nodes`,
        );
        continue;
      }
      add(nodes[ti], ti, `${edgeId}#back`, e.source, backward, joinPath(src, 'backward_condition'), src, ctx, {
        backward_of: edgeId,
        edge: forward ? undefined : edgeMeta,
      });
    }
  }
  ids.forEach((id, i) => orderTransitions(nodes[i], w.nodes[id].edge_order));
  return {
    entry: starts[0] ?? ids[0],
    nodes,
    meta: {
      workflow_extra: extras(w, ['nodes', 'edges']),
      bare_edges: Object.keys(bare).length ? bare : undefined,
      edge_order_of_file: Object.keys(w.edges),
    },
  };
}

/** Transitions in the node's `edge_order` (edges it lists first, then the others as the file has them). */
function orderTransitions(n: Mutable, order: string[] | undefined): void {
  if (!order) return;
  const rank = (t: Record<string, unknown>) => {
    const r = order.indexOf(String(t.id).replace(/#back$/, ''));
    return r < 0 ? order.length : r;
  };
  n.transitions = n.transitions
    .map((t, j) => ({ t, j }))
    .sort((a, b) => rank(a.t) - rank(b.t) || a.j - b.j)
    .map((x) => x.t);
}

function add(
  n: Mutable,
  ni: number,
  id: string,
  target: string,
  c: ElCondition,
  csrc: string,
  src: string,
  ctx: ImportContext,
  meta: SourceMeta,
): void {
  const tp = `nodes[${ni}].transitions[${n.transitions.length}]`;
  ctx.map(tp, src);
  ctx.map(`${tp}.target`, joinPath(src, meta.backward_of ? 'source' : 'target'));
  ctx.map(`${tp}.condition`, csrc);
  const cm: SourceMeta = {};
  let condition: Condition;
  switch (c.type) {
    case 'unconditional':
      condition = {
        kind:
          n.type === 'logic' && !n.transitions.some((t) => (t.condition as Condition).kind === 'else')
            ? 'else'
            : 'always',
      };
      cm.extra = extras(c, ['type']);
      break;
    case 'llm':
      condition = { kind: 'prompt', prompt: c.condition };
      cm.extra = extras(c, ['type', 'condition']);
      break;
    case 'result':
      condition = { kind: 'prompt', prompt: resultPrompt(c.successful) };
      cm.result = c.successful;
      cm.placeholder = condition.prompt;
      cm.extra = extras(c, ['type', 'successful']);
      break;
    case 'expression': {
      const r = readExpression(c.expression as Record<string, unknown>);
      cm.extra = extras(c, ['type', 'expression']);
      if (r.ok) {
        condition = { kind: 'equation', match: r.match, equations: r.equations };
        if (r.literalTypes.some((t) => t)) cm.literal_types = r.literalTypes;
      } else {
        condition = { kind: 'prompt', prompt: expressionPlaceholder(c.expression) };
        cm.placeholder = condition.prompt;
        cm.expression = c.expression;
        ctx.warn(
          joinPath(csrc, 'expression'),
          'this expression is more than one and/or over comparisons of a variable with a value, which is what Parley equations hold; the model decides it from its text in Parley, and it is written back unchanged',
        );
      }
      break;
    }
  }
  n.transitions.push({ id, target, condition, source_meta: compactMeta({ ...meta, condition: compactMeta(cm) }) });
}

function importNode(id: string, n: ElNode, i: number, src: string, ctx: ImportContext): Mutable {
  const at = `nodes[${i}]`;
  ctx.map(at, src);
  const meta: SourceMeta = {
    type: n.type,
    extra: extras(n, [...NODE_BASE_KEYS, ...NODE_KEYS[n.type]]),
    key_order: keyOrder(n, [...NODE_BASE_KEYS, ...NODE_KEYS[n.type]]),
    edge_order: n.edge_order,
    position_extra: n.position ? extras(n.position, ['x', 'y']) : undefined,
  };
  const out: Mutable = { id, transitions: [] };
  if (n.position) out.position = { x: n.position.x, y: n.position.y };
  switch (n.type) {
    case 'start':
      out.type = 'logic';
      break;
    case 'end':
      out.type = 'end';
      break;
    case 'override_agent':
      Object.assign(out, { type: 'conversation', instruction: { mode: 'prompt', text: n.additional_prompt ?? '' } });
      if (n.label !== undefined) out.name = n.label;
      if (n.additional_tool_ids) out.tools = n.additional_tool_ids;
      if (n.additional_prompt === undefined) meta.prompt_absent = true;
      ctx.map(`${at}.instruction`, joinPath(src, 'additional_prompt'));
      break;
    case 'standalone_agent':
      Object.assign(out, { type: 'transfer', target: n.agent_id });
      if (typeof n.transfer_message === 'string') out.message = { mode: 'static', text: n.transfer_message };
      if (n.transfer_message === null) meta.transfer_message_null = true;
      ctx.map(`${at}.target`, joinPath(src, 'agent_id'));
      break;
    case 'phone_number': {
      const d = n.transfer_destination;
      const key = d.phone_number !== undefined ? 'phone_number' : d.sip_uri !== undefined ? 'sip_uri' : undefined;
      Object.assign(out, { type: 'transfer', target: key ? (d[key] as string) : '' });
      meta.destination_key = key;
      meta.destination_extra = extras(d, key ? [key] : []);
      ctx.map(`${at}.target`, joinPath(src, 'transfer_destination', key ?? 'phone_number'));
      break;
    }
    case 'tool':
      Object.assign(out, { type: 'function', tool: n.tools[0].tool_id });
      meta.tools_raw = n.tools.length > 1 || Object.keys(n.tools[0]).length > 1 ? n.tools : undefined;
      ctx.map(`${at}.tool`, joinPath(src, 'tools', 0, 'tool_id'));
      break;
  }
  out.source_meta = compactMeta(meta);
  return out;
}
