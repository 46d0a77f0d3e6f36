import type { AgentGraph, GraphNode, SourceMeta, Transition } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject as obj, asStrings as strs, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { exportRevCondition } from './conditions.js';
import { BEGIN_KEYS, DATA_KEYS, EDGE_KEYS, NODE_KEYS, TOP_KEYS } from './import.js';
import { GLOBAL_SOURCE, type RevNode } from './schema.js';

const VAR_KEYS = ['variableName', 'description', 'variableType', 'enumOptions'] as const;
const OUT_KEYS = ['outputKey', 'variableName'] as const;

export function exportRevRing(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  dropGraphFeatures(ctx, 'RevRing', [
    'global_prompt',
    'snippets',
    'default_variables',
    'begin_message',
    'metrics',
    'description',
    'name',
  ]);
  dropForeignMeta(ctx, 'revring');
  g.tools.forEach((t, i) => {
    if (t.description || t.parameters || t.kind !== 'custom') {
      ctx.drop(
        `tools[${i}]`,
        `tool definition ${JSON.stringify(t.name)}`,
        'RevRing configures tools on the agent, not in the flow; function nodes refer to them by name',
      );
    }
  });

  const nodes = g.nodes.map((n, i) => exportNode(n, i, ctx));
  const edges: Record<string, unknown>[] = [];
  g.nodes.forEach((n) => {
    const orders = autoOrders(n.transitions);
    n.transitions.forEach((t, j) => edges.push(exportEdge(n.id, t, orders[j], ctx)));
  });
  g.nodes.forEach((n, i) => {
    n.global?.entry_conditions.forEach((c) => {
      const m = nativeMeta(ctx, c.source_meta);
      const condition = exportRevCondition(c.condition, obj(m.condition) ?? {}, (s) => ctx.text(s));
      edges.push(
        assemble(
          {
            id: c.id,
            source: GLOBAL_SOURCE,
            target: n.id,
            kind: typeof m.kind === 'string' ? m.kind : 'condition',
            order: m.order,
            condition,
          },
          EDGE_KEYS,
          obj(m.extra),
          strs(m.key_order),
        ),
      );
    });
    if (n.global?.go_back_conditions.length) {
      ctx.drop(
        `nodes[${i}].global.go_back_conditions`,
        'go-back conditions of a global node',
        'RevRing global nodes have no go-back conditions; add edges out of the node instead',
      );
    }
  });

  const order = strs(gm.edge_order);
  if (order) {
    const rank = new Map(order.map((id, i) => [id, i] as const));
    const keyed = edges.map((e, i) => ({ e, r: rank.get(e.id as string) ?? order.length + i }));
    keyed.sort((a, b) => a.r - b.r);
    edges.splice(0, edges.length, ...keyed.map((k) => k.e));
  }

  const begin = assemble(
    { startNodeId: g.entry_node_id, whoSpeaksFirst: g.first_speaker === 'caller' ? 'user' : 'agent' },
    BEGIN_KEYS,
    obj(gm.begin_extra),
    strs(gm.begin_key_order),
  );
  return assemble({ schemaVersion: 1, begin, nodes, edges }, TOP_KEYS, obj(gm.extra), strs(gm.key_order));
}

/** Condition edges need a unique integer order in RevRing: keep the ones set, give the others the next free numbers. */
function autoOrders(ts: readonly Transition[]): (number | undefined)[] {
  const used = new Set(ts.filter((t) => t.order !== undefined).map((t) => t.order!));
  let next = 0;
  return ts.map((t) => {
    if (t.condition.kind !== 'prompt' && t.condition.kind !== 'equation') return undefined;
    if (t.order !== undefined) return t.order;
    while (used.has(next)) next++;
    used.add(next);
    return next;
  });
}

function exportEdge(
  source: string,
  t: Transition,
  order: number | undefined,
  ctx: ExportContext,
): Record<string, unknown> {
  const m = nativeMeta(ctx, t.source_meta);
  const c = t.condition;
  const kind = c.kind === 'prompt' || c.kind === 'equation' ? 'condition' : c.kind === 'always' ? 'default' : c.kind;
  const known: Record<string, unknown> = { id: t.id, source, target: t.target, kind };
  if (kind === 'condition') {
    known.order = order;
    known.condition = exportRevCondition(c, obj(m.condition) ?? {}, (s) => ctx.text(s));
  } else {
    known.order = m.unused_order;
    known.condition = m.unused_condition;
  }
  return assemble(known, EDGE_KEYS, obj(m.extra), strs(m.key_order));
}

function exportNode(n: GraphNode, i: number, ctx: ExportContext): Record<string, unknown> {
  const m: SourceMeta = nativeMeta(ctx, n.source_meta);
  const at = `nodes[${i}]`;
  let type: RevNode['type'];
  const data: Record<string, unknown> = {};
  switch (n.type) {
    case 'conversation':
      type = 'conversation';
      Object.assign(data, {
        instructionType: n.instruction.mode,
        instruction: ctx.text(n.instruction.text),
        skipResponse: n.skip_response,
      });
      if (n.tools?.length)
        ctx.drop(
          `${at}.tools`,
          'tools the model may call on a conversation node',
          'RevRing conversation nodes do not call tools; use a function node',
        );
      break;
    case 'logic':
      type = 'logic_split';
      break;
    case 'extract':
      type = 'extract_variable';
      data.variables = n.variables.map((v) => {
        const vm = nativeMeta(ctx, v.source_meta);
        return assemble(
          { variableName: v.name, description: v.description, variableType: v.type, enumOptions: v.choices },
          VAR_KEYS,
          obj(vm.extra),
          strs(vm.key_order),
        );
      });
      if (n.instruction)
        ctx.drop(
          `${at}.instruction`,
          'extraction instruction',
          'RevRing extract nodes have only variable descriptions',
        );
      break;
    case 'function': {
      type = 'function';
      data.toolName = n.tool;
      data.waitForResult = n.wait_for_result;
      if (n.output_variables.length || m.outputs_present) {
        const ex = obj(m.output_items_raw) ?? {};
        data.outputVariables = n.output_variables.map((o, k) =>
          assemble({ outputKey: o.output_key, variableName: o.variable }, OUT_KEYS, obj(ex[k])),
        );
      }
      if (n.speak_during_execution) {
        const absent = strs(m.speak_absent) ?? [];
        const s = n.speak_during_execution;
        data.speakDuringExecution = true;
        data.speakInstruction = absent.includes('speakInstruction') && s.text === '' ? undefined : ctx.text(s.text);
        data.speakInstructionType = absent.includes('speakInstructionType') && s.mode === 'prompt' ? undefined : s.mode;
      } else {
        Object.assign(data, obj(m.speak_raw) ?? {});
      }
      if (n.arguments)
        ctx.drop(
          `${at}.arguments`,
          'argument templates of a function node',
          'RevRing lets the model fill tool arguments',
        );
      if (n.actions.length)
        ctx.drop(`${at}.actions`, 'context.set actions', 'RevRing maps tool output with outputVariables only');
      break;
    }
    case 'transfer':
      type = 'call_transfer';
      data.transferTo = ctx.text(n.target);
      if (n.message) {
        data.speakInstruction = ctx.text(n.message.text);
        if (!ctx.native) data.speakDuringExecution = true;
      }
      break;
    case 'end':
      type = 'end';
      data.message = n.message ? ctx.text(n.message.text) : undefined;
      if (n.message?.mode === 'prompt' && !ctx.native)
        ctx.drop(
          `${at}.message.mode`,
          'prompt-mode closing message',
          'RevRing speaks the end message as written; the prompt text was written as the message',
        );
      break;
    case 'press_digit':
      type = 'press_digit';
      data.instruction = ctx.text(n.instruction.text);
      if (n.variable)
        ctx.drop(
          `${at}.variable`,
          'variable the pressed digit is stored in',
          'RevRing press_digit nodes do not name a variable',
        );
      break;
  }
  const pos = n.position
    ? assemble({ x: n.position.x, y: n.position.y }, ['x', 'y'], obj(m.position_extra))
    : { x: i * 320, y: 0 };
  const known = {
    id: n.id,
    type,
    name: n.name ?? n.id,
    isGlobal: n.global ? true : m.is_global_false ? false : undefined,
    position: pos,
    data: assemble(data, DATA_KEYS[type], obj(m.data_extra), strs(m.data_key_order)),
  };
  return assemble(known, NODE_KEYS, obj(m.extra), strs(m.key_order));
}
