import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble } from '../shared/meta.js';
import { jsonEqual } from '../shared/stable-json.js';
import type { ExportContext } from '../types.js';
import { FLOW_KEYS, TOOL_KEYS, WRAPPER_KEY } from './import.js';
import { exportRetellNode } from './nodes-export.js';

/** Graph -> Retell conversation flow (wrapped in the dashboard's agent export when it came wrapped). */
export function exportRetellFlow(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  const present = asStrings(gm.present) ?? [];
  const wrapper = asObject(gm.wrapper);
  dropGraphFeatures(ctx, 'Retell conversation flow', [
    'snippets',
    'begin_message',
    'metrics',
    'description',
    ...(wrapper ? [] : ['name' as const]),
  ]);
  dropForeignMeta(ctx, 'retell-cf');

  const toolIdByName = new Map<string, string>();
  const tools: Record<string, unknown>[] = [];
  g.tools.forEach((t, k) => {
    const tm = nativeMeta(ctx, t.source_meta);
    const extra = { ...(asObject(tm.extra) ?? {}) };
    if (t.kind !== 'custom' && t.kind !== 'other') {
      ctx.drop(
        `tools[${k}]`,
        `${t.kind} tool ${JSON.stringify(t.name)}`,
        `Retell flows end, transfer and press digits with nodes, not tools`,
      );
      return;
    }
    if (!ctx.native && extra.tool_id === undefined) extra.tool_id = t.name;
    toolIdByName.set(t.name, typeof extra.tool_id === 'string' ? extra.tool_id : t.name);
    // Output variables of the function nodes calling this tool are Retell's response_variables on the tool.
    const users = g.nodes.filter((n) => n.type === 'function' && n.tool === t.name);
    const ov = users.map((n) => (n.type === 'function' ? n.output_variables : [])).find((o) => o.length) ?? [];
    const raw = extra.response_variables;
    const rawAsOv =
      raw && typeof raw === 'object'
        ? Object.entries(raw).map(([variable, key]) => ({ output_key: key, variable }))
        : undefined;
    const response_variables =
      ov.length && !jsonEqual(rawAsOv, ov) ? Object.fromEntries(ov.map((o) => [o.variable, o.output_key])) : raw;
    const type = tm.type === null ? undefined : typeof tm.type === 'string' ? tm.type : 'custom';
    tools.push(
      assemble(
        {
          type,
          name: t.name,
          description: tm.description_absent && t.description === '' ? undefined : ctx.text(t.description),
          parameters: t.parameters,
          response_variables,
        },
        TOOL_KEYS,
        extra,
        asStrings(tm.key_order),
      ),
    );
  });

  const nodes = g.nodes.map((n, i) => exportRetellNode(n, i, ctx, toolIdByName));
  const vars = g.default_variables;
  const stringVars: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(vars)) {
    if (typeof v !== 'string' && !ctx.native)
      ctx.drop(
        `default_variables.${k}`,
        `non-text value of default variable ${k}`,
        'Retell dynamic variables are text; the value was written as JSON text',
      );
    stringVars[k] = typeof v === 'string' || ctx.native ? v : JSON.stringify(v);
  }
  const has = (k: string, nonEmpty: boolean) => present.includes(k) || nonEmpty;
  const flow = assemble(
    {
      start_node_id: g.entry_node_id,
      start_speaker: has('start_speaker', g.first_speaker === 'caller')
        ? g.first_speaker === 'caller'
          ? 'user'
          : 'agent'
        : undefined,
      global_prompt: has('global_prompt', g.global_prompt !== '') ? ctx.text(g.global_prompt) : undefined,
      default_dynamic_variables: has('default_dynamic_variables', Object.keys(vars).length > 0)
        ? stringVars
        : undefined,
      nodes,
      tools: has('tools', tools.length > 0) ? tools : undefined,
    },
    FLOW_KEYS,
    asObject(gm.extra),
    asStrings(gm.key_order),
  );
  if (!wrapper) return flow;
  return assemble(
    { agent_name: wrapper.agent_name ? g.name : undefined, [WRAPPER_KEY]: flow },
    ['agent_name', WRAPPER_KEY],
    asObject(wrapper.extra),
    asStrings(wrapper.order),
  );
}
