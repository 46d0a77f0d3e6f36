import type { AgentGraphInput, Condition, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder } from '../shared/meta.js';
import type { ImportContext } from '../types.js';
import { importRevCondition } from './conditions.js';
import { GLOBAL_SOURCE, type RevEdge, type RevFlow, type RevNode } from './schema.js';

export const TOP_KEYS = ['schemaVersion', 'begin', 'nodes', 'edges'] as const;
export const BEGIN_KEYS = ['startNodeId', 'whoSpeaksFirst'] as const;
export const NODE_KEYS = ['id', 'type', 'name', 'isGlobal', 'position', 'data'] as const;
export const EDGE_KEYS = ['id', 'source', 'target', 'kind', 'order', 'condition'] as const;
/** Data keys each node type maps; the rest of `data` is kept as is. */
export const DATA_KEYS: Record<RevNode['type'], readonly string[]> = {
  conversation: ['instructionType', 'instruction', 'skipResponse'],
  function: [
    'toolName',
    'speakDuringExecution',
    'speakInstruction',
    'speakInstructionType',
    'waitForResult',
    'outputVariables',
  ],
  logic_split: [],
  call_transfer: ['transferTo', 'speakInstruction'],
  end: ['message'],
  press_digit: ['instruction'],
  extract_variable: ['variables'],
};
const VAR_KEYS = ['variableName', 'description', 'variableType', 'enumOptions'] as const;
const OUT_KEYS = ['outputKey', 'variableName'] as const;

type NodeInput = AgentGraphInput['nodes'][number];
type Mutable = Record<string, unknown> & {
  transitions: unknown[];
  global?: { entry_conditions: unknown[]; go_back_conditions: unknown[] };
};

export function importRevRing(f: RevFlow, ctx: ImportContext): AgentGraphInput {
  const index = new Map<string, number>();
  f.nodes.forEach((n, i) => {
    if (!index.has(n.id)) index.set(n.id, i);
  });
  const nodes = f.nodes.map((n, i) => importNode(n, i, ctx)) as Mutable[];

  const natural: string[][] = nodes.map(() => []);
  const globalIds: string[][] = nodes.map(() => []);
  f.edges.forEach((e, k) => {
    const src = `edges[${k}]`;
    if (e.source === GLOBAL_SOURCE) {
      const ti = index.get(e.target);
      const target = ti === undefined ? undefined : nodes[ti];
      if (!target?.global) {
        ctx.unattachedGlobalEdges.push({
          id: e.id,
          target: e.target,
          sourcePath: joinPath(src, 'target'),
          targetExists: ti !== undefined,
        });
        return;
      }
      if (!e.condition) {
        ctx.error(
          src,
          `global edge ${JSON.stringify(e.id)} has no condition; expected a prompt or equation condition that decides when to jump to ${JSON.stringify(e.target)}`,
        );
        return;
      }
      const c = target.global.entry_conditions.length;
      const gp = `nodes[${ti}].global.entry_conditions[${c}]`;
      ctx.map(gp, src);
      const { condition, meta } = importRevCondition(e.condition, joinPath(src, 'condition'), `${gp}.condition`, ctx);
      target.global.entry_conditions.push({
        id: e.id,
        condition,
        source_meta: compactMeta({ ...edgeMeta(e), condition: orUndef(meta) }),
      });
      globalIds[ti!].push(e.id);
      return;
    }
    const si = index.get(e.source);
    if (si === undefined) {
      ctx.error(
        joinPath(src, 'source'),
        `edge ${JSON.stringify(e.id)} starts at node ${JSON.stringify(e.source)}, which does not exist; expected a node id or "${GLOBAL_SOURCE}"`,
      );
      return;
    }
    const j = nodes[si].transitions.length;
    const tp = `nodes[${si}].transitions[${j}]`;
    ctx.map(tp, src);
    ctx.map(`${tp}.target`, joinPath(src, 'target'));
    ctx.map(`${tp}.order`, joinPath(src, 'order'));
    const t = importEdge(e, src, tp, ctx);
    if (t) {
      nodes[si].transitions.push(t);
      natural[si].push(e.id);
    }
  });

  const seen = new Map<string, number>();
  f.edges.forEach((e, k) => {
    const prev = seen.get(e.id);
    if (prev !== undefined)
      ctx.error(
        `edges[${k}].id`,
        `duplicate edge id ${JSON.stringify(e.id)} (also edges[${prev}]); expected every edge id to be unique`,
      );
    else seen.set(e.id, k);
  });

  const order = f.edges.map((e) => e.id);
  const naturalOrder = [...natural.flat(), ...globalIds.flat()];
  const tools: ToolDef[] = [];
  for (const n of f.nodes) {
    if (n.type === 'function' && !tools.some((t) => t.name === n.data.toolName)) {
      tools.push({ name: n.data.toolName, description: '', kind: 'custom', source_meta: { synthesized: true } });
    }
  }

  ctx.map('entry_node_id', 'begin.startNodeId');
  ctx.map('first_speaker', 'begin.whoSpeaksFirst');
  return {
    entry_node_id: f.begin.startNodeId,
    first_speaker: f.begin.whoSpeaksFirst === 'user' ? 'caller' : 'agent',
    nodes: nodes as unknown as NodeInput[],
    tools,
    source: {
      format: 'revring',
      meta: cleanMeta({
        extra: extras(f, TOP_KEYS),
        key_order: keyOrder(f, TOP_KEYS),
        begin_extra: extras(f.begin, BEGIN_KEYS),
        begin_key_order: keyOrder(f.begin, BEGIN_KEYS),
        edge_order:
          order.length === naturalOrder.length && order.every((id, i) => id === naturalOrder[i]) ? undefined : order,
      }),
    },
  };
}

function importNode(n: RevNode, i: number, ctx: ImportContext): Mutable {
  const at = `nodes[${i}]`;
  ctx.map(at, at);
  ctx.map(`${at}.id`, `${at}.id`);
  ctx.map(`${at}.global`, `${at}.isGlobal`);
  const d = n.data as Record<string, unknown>;
  const meta: SourceMeta = {
    extra: extras(n, NODE_KEYS),
    key_order: keyOrder(n, NODE_KEYS),
    data_extra: extras(d, DATA_KEYS[n.type]),
    data_key_order: keyOrder(d, DATA_KEYS[n.type]),
    is_global_false: n.isGlobal === false ? true : undefined,
  };
  const out: Mutable = {
    id: n.id,
    name: n.name,
    position: { x: n.position.x, y: n.position.y },
    transitions: [],
  };
  const pos = n.position as Record<string, unknown>;
  if (Object.keys(pos).length !== 2) meta.position_extra = extras(pos, ['x', 'y']);
  if (n.isGlobal) out.global = { entry_conditions: [], go_back_conditions: [] };
  const dp = (k: string) => `${at}.data.${k}`;

  switch (n.type) {
    case 'conversation':
      Object.assign(out, {
        type: 'conversation',
        instruction: { mode: n.data.instructionType, text: n.data.instruction },
      });
      if (n.data.skipResponse !== undefined) out.skip_response = n.data.skipResponse;
      ctx.map(`${at}.instruction`, dp('instruction'));
      break;
    case 'function': {
      const d2 = n.data;
      Object.assign(out, { type: 'function', tool: d2.toolName });
      ctx.map(`${at}.tool`, dp('toolName'));
      if (d2.waitForResult !== undefined) out.wait_for_result = d2.waitForResult;
      if (d2.outputVariables) {
        out.output_variables = d2.outputVariables.map((o) => ({ output_key: o.outputKey, variable: o.variableName }));
        const ex: Record<number, unknown> = {};
        d2.outputVariables.forEach((o, k) => {
          const e = extras(o, OUT_KEYS);
          if (e) ex[k] = e;
        });
        meta.outputs_present = true;
        if (Object.keys(ex).length) meta.output_items_raw = ex;
      }
      if (d2.speakDuringExecution === true) {
        out.speak_during_execution = { mode: d2.speakInstructionType ?? 'prompt', text: d2.speakInstruction ?? '' };
        ctx.map(`${at}.speak_during_execution`, dp('speakInstruction'));
        const absent = ['speakInstruction', 'speakInstructionType'].filter((k) => !(k in d2));
        if (absent.length) meta.speak_absent = absent;
      } else {
        const raw: Record<string, unknown> = {};
        for (const k of ['speakDuringExecution', 'speakInstruction', 'speakInstructionType'] as const)
          if (k in d2) raw[k] = d2[k];
        if (Object.keys(raw).length) meta.speak_raw = raw;
      }
      break;
    }
    case 'logic_split':
      out.type = 'logic';
      break;
    case 'call_transfer':
      Object.assign(out, { type: 'transfer', target: n.data.transferTo });
      ctx.map(`${at}.target`, dp('transferTo'));
      if (n.data.speakInstruction !== undefined) {
        out.message = { mode: 'prompt', text: n.data.speakInstruction };
        ctx.map(`${at}.message`, dp('speakInstruction'));
      }
      break;
    case 'end':
      out.type = 'end';
      if (n.data.message !== undefined) {
        out.message = { mode: 'static', text: n.data.message };
        ctx.map(`${at}.message`, dp('message'));
      }
      break;
    case 'press_digit':
      Object.assign(out, { type: 'press_digit', instruction: { mode: 'prompt', text: n.data.instruction } });
      ctx.map(`${at}.instruction`, dp('instruction'));
      break;
    case 'extract_variable':
      out.type = 'extract';
      out.variables = n.data.variables.map((v, k) => {
        ctx.map(`${at}.variables[${k}]`, `${at}.data.variables[${k}]`);
        return {
          name: v.variableName,
          description: v.description,
          type: v.variableType,
          ...(v.enumOptions !== undefined ? { choices: v.enumOptions } : {}),
          source_meta: compactMeta({ extra: extras(v, VAR_KEYS), key_order: keyOrder(v, VAR_KEYS) }),
        };
      });
      break;
  }
  out.source_meta = compactMeta(meta);
  return out;
}

function importEdge(e: RevEdge, src: string, tp: string, ctx: ImportContext): Record<string, unknown> | undefined {
  const meta = edgeMeta(e);
  let condition: Condition;
  let order: number | undefined;
  if (e.kind === 'condition') {
    if (!e.condition) {
      ctx.error(
        src,
        `condition edge ${JSON.stringify(e.id)} has no condition; expected {"type": "prompt", "promptText": ...} or {"type": "equation", "equations": [...]}`,
      );
      return undefined;
    }
    if (e.order === undefined) {
      ctx.error(
        src,
        `condition edge ${JSON.stringify(e.id)} has no order; expected an integer order (condition edges are tried from the lowest order up)`,
      );
      return undefined;
    }
    const r = importRevCondition(e.condition, joinPath(src, 'condition'), `${tp}.condition`, ctx);
    condition = r.condition;
    order = e.order;
    if (Object.keys(r.meta).length) meta.condition = r.meta;
  } else {
    condition = { kind: e.kind === 'default' ? 'always' : e.kind };
    ctx.map(`${tp}.condition`, joinPath(src, 'kind'));
    if (e.condition !== undefined) meta.unused_condition = e.condition;
    if (e.order !== undefined) meta.unused_order = e.order;
  }
  return {
    id: e.id,
    target: e.target,
    condition,
    ...(order !== undefined ? { order } : {}),
    source_meta: compactMeta(meta),
  };
}

function edgeMeta(e: RevEdge): SourceMeta {
  return cleanMeta({
    extra: extras(e, EDGE_KEYS),
    key_order: keyOrder(e, EDGE_KEYS),
    kind: e.source === GLOBAL_SOURCE && e.kind !== 'condition' ? e.kind : undefined,
    order: e.source === GLOBAL_SOURCE ? e.order : undefined,
  });
}

function orUndef(m: SourceMeta): SourceMeta | undefined {
  return Object.keys(m).length ? m : undefined;
}
