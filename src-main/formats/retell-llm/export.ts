import type { AgentGraph, NodeOf } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { EDGE_KEYS, LLM_KEYS, STATE_KEYS } from './import.js';
import { WRAPPER_KEY } from './schema.js';
import { exportLlmTool } from './tools.js';

/** Graph -> Retell LLM: conversation nodes become states, prompt transitions become state edges. */
export function exportRetellLlm(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  const present = asStrings(gm.present) ?? [];
  const nulls = asStrings(gm.nulls) ?? [];
  const wrapper = asObject(gm.wrapper);
  dropGraphFeatures(ctx, 'Retell LLM', ['snippets', 'metrics', 'description', ...(wrapper ? [] : ['name' as const])]);
  dropForeignMeta(ctx, 'retell-llm');

  const conv = g.nodes.filter((n, i) => {
    if (n.type === 'conversation') return true;
    ctx.drop(
      `nodes[${i}]`,
      `${n.type} node ${JSON.stringify(n.id)}`,
      'Retell LLM states are prompts only; use a conversation flow for logic, extract, function, transfer and end nodes',
    );
    return false;
  }) as NodeOf<'conversation'>[];
  const stateIds = new Set(conv.map((n) => n.id));

  const general = new Set(
    g.tools
      .filter((t) => isGeneral(t.name, t.kind, nativeMeta(ctx, t.source_meta).scope, g, ctx.native))
      .map((t) => t.name),
  );
  const generalTools = g.tools
    .filter((t) => general.has(t.name))
    .map((t) => exportLlmTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s)));

  const only = conv.length === 1 ? conv[0] : undefined;
  const single =
    only &&
    g.nodes.length === 1 &&
    only.transitions.length === 0 &&
    only.instruction.text === '' &&
    (ctx.native ? !!only.source_meta?.single_prompt : true);
  const states = single ? undefined : conv.map((n) => exportState(n, g.nodes.indexOf(n), g, general, stateIds, ctx));
  let statesValue: unknown = states;
  if (single && ctx.native) statesValue = only!.source_meta?.single_prompt === 'empty' ? [] : undefined;

  const begin =
    g.begin_message !== undefined
      ? ctx.text(g.begin_message)
      : gm.begin_message_raw === '' && g.first_speaker === 'caller'
        ? ''
        : g.first_speaker === 'caller' && !present.includes('start_speaker')
          ? ''
          : undefined;
  const speakerNeeded = g.first_speaker === 'caller' && begin !== '';
  const has = (k: string, nonEmpty: boolean) => present.includes(k) || nonEmpty;
  const firstState = states?.[0]?.name;
  const known: Record<string, unknown> = {
    general_prompt: has('general_prompt', g.global_prompt !== '') ? ctx.text(g.global_prompt) : undefined,
    begin_message: begin,
    start_speaker: has('start_speaker', speakerNeeded) ? (g.first_speaker === 'caller' ? 'user' : 'agent') : undefined,
    starting_state: has('starting_state', !!states && firstState !== g.entry_node_id) ? g.entry_node_id : undefined,
    default_dynamic_variables: has('default_dynamic_variables', Object.keys(g.default_variables).length > 0)
      ? g.default_variables
      : undefined,
    general_tools: has('general_tools', generalTools.length > 0) ? generalTools : undefined,
    states: statesValue,
  };
  for (const k of nulls)
    if (known[k] === undefined || (k === 'general_prompt' && g.global_prompt === '')) known[k] = null;
  if (single && ctx.native && only!.source_meta?.single_prompt === 'null') known.states = null;
  const llm = assemble(known, LLM_KEYS, asObject(gm.extra), asStrings(gm.key_order));
  if (!wrapper) return llm;
  return assemble(
    { agent_name: wrapper.agent_name ? g.name : undefined, [WRAPPER_KEY]: llm },
    ['agent_name', WRAPPER_KEY],
    asObject(wrapper.extra),
    asStrings(wrapper.order),
  );
}

/** Native: the scope recorded at import. Otherwise: built-in tools, and tools every state (or no state) lists, are general. */
function isGeneral(name: string, kind: string, scope: unknown, g: AgentGraph, native: boolean): boolean {
  if (native && scope !== undefined) return scope === 'general';
  if (native) return false;
  if (kind !== 'custom') return true;
  const lists = g.nodes
    .filter((n) => n.type === 'conversation')
    .map((n) => (n.type === 'conversation' ? n.tools : undefined));
  return lists.every((l) => l?.includes(name)) || !lists.some((l) => l?.includes(name));
}

function exportState(
  n: NodeOf<'conversation'>,
  i: number,
  g: AgentGraph,
  general: Set<string>,
  stateIds: Set<string>,
  ctx: ExportContext,
): Record<string, unknown> & { name: string } {
  const m = nativeMeta(ctx, n.source_meta);
  const at = `nodes[${i}]`;
  if (n.instruction.mode === 'static')
    ctx.drop(
      `${at}.instruction.mode`,
      'static (spoken as written) instruction',
      'Retell LLM state prompts are instructions for the model',
    );
  if (n.skip_response) ctx.drop(`${at}.skip_response`, 'skip response', 'Retell LLM states always wait for the caller');
  const overrides = asObject(m.tool_overrides) ?? {};
  const names = asStrings(m.state_tools) ?? (n.tools ?? []).filter((t) => !general.has(t));
  const tools = names.flatMap((name) => {
    if (Object.hasOwn(overrides, name)) return [overrides[name]];
    const t = g.tools.find((x) => x.name === name);
    return t ? [exportLlmTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s))] : [];
  });
  const edges = n.transitions.flatMap((t, j) => {
    const tp = `${at}.transitions[${j}]`;
    if (t.condition.kind !== 'prompt') {
      ctx.drop(
        tp,
        `${t.condition.kind} transition`,
        'Retell LLM state edges are decided by the model from a description',
      );
      return [];
    }
    if (!stateIds.has(t.target)) {
      ctx.drop(
        tp,
        `transition to ${JSON.stringify(t.target)}`,
        'its target is not a conversation node, so it is not a Retell LLM state',
      );
      return [];
    }
    const tm = nativeMeta(ctx, t.source_meta);
    const prompt = ctx.text(t.condition.prompt);
    const known: Record<string, unknown> = { destination_state_name: t.target, description: prompt };
    if (tm.placeholder === t.condition.prompt || tm.prompt_from === 'condition') known.description = tm.description;
    if (tm.prompt_from === 'condition') known.condition = prompt;
    else if (tm.placeholder !== t.condition.prompt && tm.description_absent && prompt === '')
      known.description = undefined;
    return [assemble(known, EDGE_KEYS, asObject(tm.extra), asStrings(tm.key_order))];
  });
  const known = {
    name: n.id,
    state_prompt: m.state_prompt_absent && n.instruction.text === '' ? undefined : ctx.text(n.instruction.text),
    edges: m.edges_absent && edges.length === 0 ? undefined : edges,
    tools: m.tools_absent && tools.length === 0 ? undefined : tools,
  };
  if (n.global) ctx.drop(`${at}.global`, 'global node setting', 'Retell LLM has no global states');
  return assemble(known, STATE_KEYS, asObject(m.extra), asStrings(m.key_order)) as Record<string, unknown> & {
    name: string;
  };
}
