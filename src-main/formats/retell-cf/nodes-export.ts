import type { GraphNode, SourceMeta, Transition, Utterance } from '../../../src-shared/schemas/index.js';
import { inEvaluationOrder, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { exportTransitionCondition, FIXED_CONDITION } from './conditions.js';
import { EDGE_KEYS, NODE_KEYS, RETELL_TYPE_FOR } from './nodes-import.js';

const VAR_KEYS = ['type', 'name', 'description', 'choices'] as const;
const VAR_TYPE_TO_RETELL: Record<string, string> = {
  text: 'string',
  number: 'number',
  boolean: 'boolean',
  enum: 'enum',
};
const GLOBAL_KEYS = ['condition', 'go_back_conditions'] as const;
const GO_BACK_KEYS = ['id', 'transition_condition'] as const;
const HAS_EDGES = new Set(['conversation', 'function', 'extract', 'logic', 'press_digit']);
const SLOT: Record<string, string> = { else: 'else_edge', always: 'always_edge', skip: 'skip_response_edge' };

/** One Parley node -> one Retell node. */
export function exportRetellNode(
  n: GraphNode,
  i: number,
  ctx: ExportContext,
  toolIdByName: Map<string, string>,
): Record<string, unknown> {
  const m = nativeMeta(ctx, n.source_meta);
  const at = `nodes[${i}]`;
  const im = asObject(m.instruction) ?? {};
  const instruction = (u: Utterance) =>
    assemble(
      { type: u.mode === 'static' ? 'static_text' : 'prompt', text: ctx.text(u.text) },
      ['type', 'text'],
      asObject(im.extra),
      asStrings(im.key_order),
    );
  const known: Record<string, unknown> = {
    id: n.id,
    type: typeof m.type === 'string' ? m.type : RETELL_TYPE_FOR[n.type],
    name: n.name,
  };

  switch (n.type) {
    case 'conversation':
      if (!(m.instruction_absent && n.instruction.text === '' && n.instruction.mode === 'prompt'))
        known.instruction = instruction(n.instruction);
      if (n.tools?.length)
        ctx.drop(
          `${at}.tools`,
          'tools the model may call on a conversation node',
          'Retell conversation nodes do not call tools; use a function node',
        );
      break;
    case 'end':
      if (n.message) known.instruction = instruction(n.message);
      break;
    case 'transfer': {
      if (n.message) known.instruction = instruction(n.message);
      const td = asObject(m.transfer_destination);
      if (td) {
        known.transfer_destination = assemble(
          { number: td.number_absent && n.target === '' ? undefined : ctx.text(n.target) },
          ['number'],
          asObject(td.rest),
          asStrings(td.order),
        );
      } else if (!(m.destination_absent && n.target === '')) {
        known.transfer_destination = { type: 'predefined', number: ctx.text(n.target) };
      }
      break;
    }
    case 'press_digit':
      known.instruction = instruction(n.instruction);
      if (n.variable)
        ctx.drop(
          `${at}.variable`,
          'variable the pressed digit is stored in',
          'Retell press_digit nodes do not name a variable',
        );
      break;
    case 'function': {
      known.tool_id = m.tool_id_unresolved ? n.tool : (toolIdByName.get(n.tool) ?? n.tool);
      known.wait_for_result = n.wait_for_result;
      if (n.speak_during_execution) {
        known.speak_during_execution = true;
        known.instruction = instruction(n.speak_during_execution);
      } else {
        const raw = asObject(m.speak_raw) ?? {};
        known.speak_during_execution = raw.speak_during_execution;
        known.instruction = raw.instruction;
      }
      if (n.arguments)
        ctx.drop(
          `${at}.arguments`,
          'argument templates of a function node',
          'Retell lets the model fill tool arguments',
        );
      if (n.actions.length)
        ctx.drop(
          `${at}.actions`,
          'context.set actions',
          'Retell sets variables from a tool with response_variables only',
        );
      break;
    }
    case 'extract':
      known.variables = n.variables.map((v) => {
        const vm = nativeMeta(ctx, v.source_meta);
        return assemble(
          {
            type: typeof vm.type === 'string' ? vm.type : VAR_TYPE_TO_RETELL[v.type],
            name: v.name,
            description: vm.description_absent && v.description === '' ? undefined : ctx.text(v.description),
            choices: v.choices,
          },
          VAR_KEYS,
          asObject(vm.extra),
          asStrings(vm.key_order),
        );
      });
      if (n.instruction)
        ctx.drop(`${at}.instruction`, 'extraction instruction', 'Retell extract nodes have only variable descriptions');
      break;
  }
  known.display_position = n.position ? { x: n.position.x, y: n.position.y } : m.display_position;
  exportEdges(n, at, m, known, ctx);
  if (n.global) known.global_node_setting = exportGlobal(n, at, m, ctx);
  return assemble(known, NODE_KEYS, asObject(m.extra), asStrings(m.key_order));
}

function exportEdges(
  n: GraphNode,
  at: string,
  m: SourceMeta,
  known: Record<string, unknown>,
  ctx: ExportContext,
): void {
  const edge = (t: Transition, tc: Record<string, unknown>) => {
    const tm = nativeMeta(ctx, t.source_meta);
    return assemble(
      { id: t.id, destination_node_id: t.target, transition_condition: tc },
      EDGE_KEYS,
      asObject(tm.extra),
      asStrings(tm.key_order),
    );
  };
  const edges: Record<string, unknown>[] = [];
  const taken = new Set<string>();
  for (const { t, j } of inEvaluationOrder(n.transitions)) {
    const tm = nativeMeta(ctx, t.source_meta);
    const c = t.condition;
    const tp = `${at}.transitions[${j}]`;
    if (c.kind === 'prompt' || c.kind === 'equation') {
      const tc = exportTransitionCondition(c, asObject(tm.condition) ?? {}, ctx, `${tp}.condition`);
      const isFailureEdge = n.type === 'transfer' && (tm.slot === 'edge' || !ctx.native) && !taken.has('edge');
      if (n.type === 'transfer' && !isFailureEdge) {
        ctx.drop(
          tp,
          'transition out of a transfer node',
          'Retell transfer nodes have one edge, taken when the transfer fails',
        );
        continue;
      }
      if (isFailureEdge) {
        taken.add('edge');
        known.edge = edge(t, tc);
        continue;
      }
      if (n.type === 'end') {
        ctx.drop(tp, 'transition out of an end node', 'Retell end nodes have no edges');
        continue;
      }
      edges.push(edge(t, tc));
      continue;
    }
    const slot = SLOT[c.kind];
    if (taken.has(slot) || n.type === 'end' || n.type === 'transfer') {
      ctx.drop(
        tp,
        `${c.kind} edge`,
        taken.has(slot) ? `Retell nodes have one ${slot}` : `Retell ${n.type} nodes have no ${slot}`,
      );
      continue;
    }
    taken.add(slot);
    known[slot] = edge(t, asObject(tm.transition_condition) ?? FIXED_CONDITION[c.kind]);
  }
  const unconnected = Array.isArray(m.unconnected_edges)
    ? (m.unconnected_edges as { at: number; edge: Record<string, unknown> }[])
    : [];
  for (const u of unconnected) edges.splice(Math.min(u.at, edges.length), 0, u.edge);
  const slots = asObject(m.unconnected_slots) ?? {};
  for (const [slot, e] of Object.entries(slots)) if (known[slot] === undefined) known[slot] = e;
  const writeEdges = ctx.native ? !(m.edges_absent && edges.length === 0) : edges.length > 0 || HAS_EDGES.has(n.type);
  if (writeEdges) known.edges = edges;
}

function exportGlobal(n: GraphNode, at: string, m: SourceMeta, ctx: ExportContext): Record<string, unknown> {
  const g = n.global!;
  const gm = asObject(m.global) ?? {};
  const [first, ...rest] = g.entry_conditions;
  let condition = '';
  if (first?.condition.kind === 'prompt') condition = ctx.text(first.condition.prompt);
  else if (first)
    ctx.drop(
      `${at}.global.entry_conditions[0]`,
      'equation entry condition of a global node',
      'Retell global nodes are entered on a prompt condition only',
    );
  if (rest.length)
    ctx.drop(
      `${at}.global.entry_conditions`,
      `${rest.length} more entry condition(s) of a global node`,
      'Retell global nodes have one entry condition',
    );
  const goBack = g.go_back_conditions.map((c, k) => {
    const cm = nativeMeta(ctx, c.source_meta);
    const tc = exportTransitionCondition(
      c.condition,
      asObject(cm.condition) ?? {},
      ctx,
      `${at}.global.go_back_conditions[${k}].condition`,
    );
    return assemble({ id: c.id, transition_condition: tc }, GO_BACK_KEYS, asObject(cm.extra), asStrings(cm.key_order));
  });
  return assemble(
    { condition, go_back_conditions: gm.go_back_absent && goBack.length === 0 ? undefined : goBack },
    GLOBAL_KEYS,
    asObject(gm.extra),
    asStrings(gm.key_order),
  );
}
