import type { SourceMeta } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import { jsonEqual } from '../shared/stable-json.js';
import type { ImportContext } from '../types.js';
import { FIXED_CONDITION, importTransitionCondition } from './conditions.js';
import type { RetellEdge, RetellNode } from './schema.js';

/** Retell node type -> Parley node type; the first Retell name listed for a Parley type is what export writes. */
export const NODE_TYPES: Record<string, string> = {
  conversation: 'conversation',
  subagent: 'conversation',
  end: 'end',
  function: 'function',
  transfer_call: 'transfer',
  press_digit: 'press_digit',
  branch: 'logic',
  logic_split: 'logic',
  extract_dynamic_variables: 'extract',
};
export const RETELL_TYPE_FOR: Record<string, string> = {
  conversation: 'conversation',
  end: 'end',
  function: 'function',
  transfer: 'transfer_call',
  press_digit: 'press_digit',
  logic: 'branch',
  extract: 'extract_dynamic_variables',
};
export const NODE_KEYS = [
  'id',
  'type',
  'name',
  'instruction',
  'tool_id',
  'speak_during_execution',
  'wait_for_result',
  'variables',
  'transfer_destination',
  'edges',
  'edge',
  'else_edge',
  'always_edge',
  'skip_response_edge',
  'global_node_setting',
  'display_position',
] as const;
const COMMON = [
  'id',
  'type',
  'name',
  'edges',
  'else_edge',
  'always_edge',
  'skip_response_edge',
  'global_node_setting',
  'display_position',
];
/** Keys each Parley node type maps (besides the common ones); the rest is kept as is. */
export const KNOWN_BY_TYPE: Record<string, readonly string[]> = {
  conversation: [...COMMON, 'instruction'],
  end: [...COMMON, 'instruction'],
  press_digit: [...COMMON, 'instruction'],
  transfer: [...COMMON, 'instruction', 'transfer_destination', 'edge'],
  function: [...COMMON, 'instruction', 'tool_id', 'speak_during_execution', 'wait_for_result'],
  extract: [...COMMON, 'variables'],
  logic: COMMON,
};
export const EDGE_KEYS = ['id', 'destination_node_id', 'transition_condition'] as const;
const VAR_KEYS = ['type', 'name', 'description', 'choices'] as const;
export const VARIABLE_TYPES: Record<string, string> = {
  string: 'text',
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  enum: 'enum',
};
const GLOBAL_KEYS = ['condition', 'go_back_conditions'] as const;
const GO_BACK_KEYS = ['id', 'transition_condition'] as const;

export interface ToolIndex {
  byId: Map<string, string>;
}

/** One Retell node -> one Parley node (transitions included). */
export function importRetellNode(
  n: RetellNode,
  i: number,
  src: string,
  tools: ToolIndex,
  ctx: ImportContext,
): Record<string, unknown> {
  const at = `nodes[${i}]`;
  ctx.map(at, src);
  ctx.map(`${at}.id`, joinPath(src, 'id'));
  const known = own(NODE_TYPES, n.type);
  const type = known ?? 'conversation';
  if (!known) {
    ctx.warn(
      joinPath(src, 'type'),
      `node type ${JSON.stringify(n.type)} is not modelled by Parley; it runs as a conversation node (its settings are kept for export); expected one of ${Object.keys(NODE_TYPES).join(', ')}`,
    );
  }
  const meta: SourceMeta = {
    type: n.type !== RETELL_TYPE_FOR[type] ? n.type : undefined,
    extra: extras(n, KNOWN_BY_TYPE[type]),
    key_order: keyOrder(n, NODE_KEYS),
  };
  const out: Record<string, unknown> = { id: n.id, type };
  if (n.name !== undefined) out.name = n.name;
  const instr = n.instruction;
  const utter = instr ? { mode: instr.type === 'static_text' ? 'static' : 'prompt', text: instr.text } : undefined;
  if (instr)
    meta.instruction = compactMeta({
      extra: extras(instr, ['type', 'text']),
      key_order: keyOrder(instr, ['type', 'text']),
    });
  const ip = joinPath(src, 'instruction');

  switch (type) {
    case 'conversation':
      out.instruction = utter ?? { mode: 'prompt', text: '' };
      if (!utter) meta.instruction_absent = true;
      ctx.map(`${at}.instruction`, ip);
      if (n.skip_response_edge) out.skip_response = true;
      break;
    case 'end':
    case 'transfer':
      if (utter) {
        out.message = utter;
        ctx.map(`${at}.message`, ip);
      }
      if (type === 'transfer') {
        const td = n.transfer_destination;
        out.target = td?.number ?? '';
        ctx.map(`${at}.target`, joinPath(src, 'transfer_destination'));
        if (!td) meta.destination_absent = true;
        else
          meta.transfer_destination = {
            rest: extras(td, ['number']) ?? {},
            order: Object.keys(td),
            number_absent: td.number === undefined ? true : undefined,
          };
      }
      break;
    case 'press_digit':
      out.instruction = utter;
      ctx.map(`${at}.instruction`, ip);
      break;
    case 'function': {
      const name = tools.byId.get(n.tool_id!);
      out.tool = name ?? n.tool_id;
      ctx.map(`${at}.tool`, joinPath(src, 'tool_id'));
      if (name === undefined) {
        meta.tool_id_unresolved = true;
        ctx.warn(
          joinPath(src, 'tool_id'),
          `tool_id ${JSON.stringify(n.tool_id)} matches none of the flow's tools; expected one of: ${[...tools.byId.keys()].map((k) => JSON.stringify(k)).join(', ') || '(no tools defined)'}`,
        );
      }
      if (n.wait_for_result !== undefined) out.wait_for_result = n.wait_for_result;
      if (n.speak_during_execution === true && utter) {
        out.speak_during_execution = utter;
        ctx.map(`${at}.speak_during_execution`, ip);
      } else {
        meta.speak_raw = cleanMeta({ speak_during_execution: n.speak_during_execution, instruction: n.instruction });
      }
      break;
    }
    case 'extract':
      out.variables = (n.variables ?? []).map((v, k) => {
        const vp = joinPath(src, 'variables', k);
        ctx.map(`${at}.variables[${k}]`, vp);
        ctx.map(`${at}.variables[${k}].type`, joinPath(vp, 'type'));
        const t = own(VARIABLE_TYPES, v.type);
        if (!t)
          ctx.error(
            joinPath(vp, 'type'),
            `found ${JSON.stringify(v.type)}; expected one of "string", "number", "boolean", "enum"`,
          );
        return {
          name: v.name,
          description: v.description ?? '',
          type: t ?? 'text',
          ...(v.choices !== undefined ? { choices: v.choices } : {}),
          source_meta: compactMeta({
            extra: extras(v, VAR_KEYS),
            key_order: keyOrder(v, VAR_KEYS),
            type: t && v.type !== 'string' && t === 'text' ? v.type : undefined,
            description_absent: v.description === undefined ? true : undefined,
          }),
        };
      });
      break;
  }

  if (n.display_position) {
    const dp = n.display_position;
    if (typeof dp.x === 'number' && typeof dp.y === 'number' && Object.keys(dp).length === 2)
      out.position = { x: dp.x, y: dp.y };
    else meta.display_position = dp;
    ctx.map(`${at}.position`, joinPath(src, 'display_position'));
  }

  out.transitions = importEdges(n, i, src, type, meta, ctx);
  if (n.global_node_setting) out.global = importGlobal(n, i, src, meta, ctx);
  out.source_meta = compactMeta(meta);
  return out;
}

function importEdges(
  n: RetellNode,
  i: number,
  src: string,
  type: string,
  meta: SourceMeta,
  ctx: ImportContext,
): Record<string, unknown>[] {
  const transitions: Record<string, unknown>[] = [];
  const unconnected: { at: number; edge: RetellEdge }[] = [];
  if (n.edges === undefined) meta.edges_absent = true;
  const add = (e: RetellEdge, esrc: string, slot: string) => {
    if (e.destination_node_id === undefined) {
      ctx.warn(
        esrc,
        `edge ${JSON.stringify(e.id)} has no destination_node_id, so it is never taken (kept for export); expected the id of the node it leads to`,
      );
      return false;
    }
    const tp = `nodes[${i}].transitions[${transitions.length}]`;
    ctx.map(tp, esrc);
    ctx.map(`${tp}.target`, joinPath(esrc, 'destination_node_id'));
    const m: SourceMeta = { extra: extras(e, EDGE_KEYS), key_order: keyOrder(e, EDGE_KEYS) };
    let condition: unknown;
    const kind =
      slot === 'else_edge'
        ? 'else'
        : slot === 'always_edge'
          ? 'always'
          : slot === 'skip_response_edge'
            ? 'skip'
            : undefined;
    if (kind) {
      condition = { kind };
      ctx.map(`${tp}.condition`, joinPath(esrc, 'transition_condition'));
      if (!jsonEqual(e.transition_condition, FIXED_CONDITION[kind])) m.transition_condition = e.transition_condition;
    } else {
      const r = importTransitionCondition(
        e.transition_condition,
        joinPath(esrc, 'transition_condition'),
        `${tp}.condition`,
        ctx,
      );
      if (!r) return false;
      condition = r.condition;
      if (Object.keys(r.meta).length) m.condition = r.meta;
      if (slot === 'edge') m.slot = 'edge';
    }
    transitions.push({ id: e.id, target: e.destination_node_id, condition, source_meta: compactMeta(m) });
    return true;
  };
  (n.edges ?? []).forEach((e, k) => {
    const esrc = joinPath(src, 'edges', k);
    if (!add(e, esrc, 'edges') && e.destination_node_id === undefined) unconnected.push({ at: k, edge: e });
  });
  const slots: Record<string, RetellEdge> = {};
  for (const slot of ['else_edge', 'always_edge', 'skip_response_edge', 'edge'] as const) {
    const e = n[slot];
    if (!e) continue;
    if (slot === 'edge' && type !== 'transfer') continue; // kept among the node's extra keys
    if (!add(e, joinPath(src, slot), slot) && e.destination_node_id === undefined) slots[slot] = e;
  }
  if (unconnected.length) meta.unconnected_edges = unconnected;
  if (Object.keys(slots).length) meta.unconnected_slots = slots;
  return transitions;
}

function importGlobal(
  n: RetellNode,
  i: number,
  src: string,
  meta: SourceMeta,
  ctx: ImportContext,
): Record<string, unknown> {
  const gs = n.global_node_setting!;
  const gsrc = joinPath(src, 'global_node_setting');
  const at = `nodes[${i}].global`;
  ctx.map(at, gsrc);
  ctx.map(`${at}.entry_conditions[0]`, joinPath(gsrc, 'condition'));
  meta.global = compactMeta({
    extra: extras(gs, GLOBAL_KEYS),
    key_order: keyOrder(gs, GLOBAL_KEYS),
    go_back_absent: gs.go_back_conditions === undefined ? true : undefined,
  });
  const go_back_conditions = (gs.go_back_conditions ?? []).flatMap((g, k) => {
    const psrc = joinPath(gsrc, 'go_back_conditions', k);
    ctx.map(`${at}.go_back_conditions[${k}]`, psrc);
    const r = importTransitionCondition(
      g.transition_condition,
      joinPath(psrc, 'transition_condition'),
      `${at}.go_back_conditions[${k}].condition`,
      ctx,
    );
    if (!r) return [];
    return [
      {
        id: g.id,
        condition: r.condition,
        source_meta: compactMeta({
          extra: extras(g, GO_BACK_KEYS),
          key_order: keyOrder(g, GO_BACK_KEYS),
          condition: Object.keys(r.meta).length ? r.meta : undefined,
        }),
      },
    ];
  });
  return {
    entry_conditions: [{ id: `${n.id}#global`, condition: { kind: 'prompt', prompt: gs.condition } }],
    go_back_conditions,
  };
}
