import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder, presentKeys } from '../shared/meta.js';
import { isPlainObject } from '../shared/stable-json.js';
import type { ImportContext } from '../types.js';
import { importRetellNode, type ToolIndex } from './nodes-import.js';
import type { RetellFlow, RetellTool } from './schema.js';

export const FLOW_KEYS = [
  'start_node_id',
  'start_speaker',
  'global_prompt',
  'default_dynamic_variables',
  'nodes',
  'tools',
] as const;
export const OPTIONAL_FLOW_KEYS = ['start_speaker', 'global_prompt', 'default_dynamic_variables', 'tools'] as const;
export const TOOL_KEYS = ['type', 'name', 'description', 'parameters'] as const;
export const WRAPPER_KEY = 'conversationFlow';

export function isRetellFlowWrapper(json: unknown): json is { conversationFlow: RetellFlow } & Record<string, unknown> {
  return isPlainObject(json) && isPlainObject(json[WRAPPER_KEY]);
}

/** Retell conversation flow (bare, or the dashboard's agent export wrapping it in `conversationFlow`) -> graph. */
export function importRetellFlow(json: unknown, ctx: ImportContext): AgentGraphInput {
  const wrapped = isRetellFlowWrapper(json);
  const f = (wrapped ? json[WRAPPER_KEY] : json) as RetellFlow & Record<string, unknown>;
  const base = wrapped ? WRAPPER_KEY : '';
  const p = (...s: (string | number)[]) => joinPath(base, ...s);

  const tools = (f.tools ?? []).map((t, k) => importTool(t, k, p('tools', k), ctx));
  const index: ToolIndex = { byId: new Map() };
  (f.tools ?? []).forEach((t, k) => index.byId.set(t.tool_id ?? t.name, tools[k].name));
  const rawByName = new Map(tools.map((t, k) => [t.name, f.tools![k]] as const));

  const nodes = f.nodes.map((n, i) => importRetellNode(n, i, p('nodes', i), index, ctx));
  for (const n of nodes) {
    // Retell keeps response variables on the tool; the function nodes that call it set them.
    const rv = n.type === 'function' ? rawByName.get(n.tool as string)?.response_variables : undefined;
    if (isPlainObject(rv)) {
      n.output_variables = Object.entries(rv)
        .filter(([, v]) => typeof v === 'string')
        .map(([variable, key]) => ({ output_key: key as string, variable }));
    }
  }

  ctx.map('entry_node_id', p('start_node_id'));
  ctx.map('global_prompt', p('global_prompt'));
  ctx.map('first_speaker', p('start_speaker'));
  ctx.map('default_variables', p('default_dynamic_variables'));
  const meta: SourceMeta = cleanMeta({
    extra: extras(f, FLOW_KEYS),
    key_order: keyOrder(f, FLOW_KEYS),
    present: presentKeys(f, OPTIONAL_FLOW_KEYS),
  });
  let name: string | undefined;
  if (wrapped) {
    const w = json as Record<string, unknown>;
    name = typeof w.agent_name === 'string' ? w.agent_name : undefined;
    meta.wrapper = cleanMeta({
      extra: extras(w, [WRAPPER_KEY, ...(name !== undefined ? ['agent_name'] : [])]),
      order: Object.keys(w),
      agent_name: name !== undefined ? true : undefined,
    });
    if (name !== undefined) ctx.map('name', 'agent_name');
  }
  return {
    ...(name !== undefined ? { name } : {}),
    entry_node_id: f.start_node_id,
    first_speaker: f.start_speaker === 'user' ? 'caller' : 'agent',
    global_prompt: f.global_prompt ?? '',
    default_variables: f.default_dynamic_variables ?? {},
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: { format: 'retell-cf', meta },
  };
}

function importTool(t: RetellTool, k: number, src: string, ctx: ImportContext): ToolDef {
  ctx.map(`tools[${k}]`, src);
  const out: ToolDef = {
    name: t.name,
    description: t.description ?? '',
    kind: t.type === undefined || t.type === 'custom' ? 'custom' : 'other',
    source_meta: compactMeta({
      extra: extras(t, TOOL_KEYS),
      key_order: keyOrder(t, TOOL_KEYS),
      type: t.type !== 'custom' ? (t.type ?? null) : undefined,
      description_absent: t.description === undefined ? true : undefined,
    }),
  };
  if (t.parameters !== undefined) out.parameters = t.parameters;
  return out;
}
