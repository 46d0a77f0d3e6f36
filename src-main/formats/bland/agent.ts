import type { AgentGraph, AgentGraphInput, ToolDef } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble, cleanMeta, extras, keyOrder } from '../shared/meta.js';
import type { ExportContext, ImportContext } from '../types.js';
import type { BlandAgent } from './schema.js';
import { exportBlandTool, importBlandTool } from './tools.js';

export const AGENT_KEYS = ['prompt', 'first_sentence', 'wait_for_greeting', 'request_data', 'tools'] as const;
export const AGENT_NODE_ID = 'main';
/** The agent keys Parley maps, with the prompt under the name the source used for it. */
const agentKeys = (promptKey: 'prompt' | 'task'): readonly string[] =>
  AGENT_KEYS.map((k) => (k === 'prompt' ? promptKey : k));

/** A Bland agent configuration -> a one-node graph: the prompt is the node's instruction; voice, number and model settings are kept. */
export function importBlandAgent(a: BlandAgent, ctx: ImportContext): AgentGraphInput {
  // A send-call body (`POST /v1/calls`) names the prompt `task`; it is read as the prompt and written back as `task`.
  const promptKey = a.prompt === undefined && a.task !== undefined ? 'task' : 'prompt';
  const keys = agentKeys(promptKey);
  const tools: ToolDef[] = [];
  (a.tools ?? []).forEach((t, k) => {
    const tool = importBlandTool(t);
    if (tools.some((x) => x.name === tool.name)) {
      ctx.error(`tools[${k}].name`, `tool ${JSON.stringify(tool.name)} is listed twice; expected each tool once`);
      return;
    }
    ctx.map(`tools[${tools.length}]`, `tools[${k}]`);
    tools.push(tool);
  });
  ctx.map('nodes[0]', '');
  ctx.map('nodes[0].instruction', promptKey);
  const first = a.first_sentence;
  if (typeof first === 'string' && first !== '') ctx.map('begin_message', 'first_sentence');
  if (a.request_data) ctx.map('default_variables', 'request_data');
  return {
    entry_node_id: AGENT_NODE_ID,
    first_speaker: a.wait_for_greeting ? 'caller' : 'agent',
    ...(typeof first === 'string' && first !== '' ? { begin_message: first } : {}),
    default_variables: a.request_data ?? {},
    tools,
    nodes: [
      {
        id: AGENT_NODE_ID,
        type: 'conversation',
        instruction: { mode: 'prompt', text: a[promptKey] ?? '' },
        ...(a.tools ? { tools: tools.map((t) => t.name) } : {}),
        transitions: [],
      },
    ],
    source: {
      format: 'bland',
      meta: cleanMeta({
        extra: extras(a, keys),
        key_order: keyOrder(a, keys),
        prompt_key: promptKey === 'task' ? 'task' : undefined,
        first_sentence_raw: first === null || first === '' ? { value: first } : undefined,
        wait_for_greeting: a.wait_for_greeting,
        tools_present: a.tools ? true : undefined,
        request_data_present: a.request_data ? true : undefined,
      }),
    },
  };
}

/** A one-node graph -> a Bland agent configuration (the graph's other nodes cannot be written: use a pathway). */
export function exportBlandAgent(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  dropGraphFeatures(ctx, 'A Bland agent configuration', ['snippets', 'metrics', 'description', 'name']);
  dropForeignMeta(ctx, 'bland');
  const n = g.nodes.find((x) => x.id === g.entry_node_id) ?? g.nodes[0];
  const i = g.nodes.indexOf(n);
  let prompt = '';
  if (n?.type === 'conversation') {
    prompt = ctx.text(n.instruction.text);
    if (n.instruction.mode === 'static')
      ctx.drop(
        `nodes[${i}].instruction.mode`,
        'static (spoken as written) instruction',
        'a Bland prompt is an instruction for the model',
      );
  } else if (n)
    ctx.drop(`nodes[${i}]`, `${n.type} node ${JSON.stringify(n.id)}`, 'a Bland agent configuration is one prompt');
  if (g.global_prompt) {
    prompt = prompt ? `${ctx.text(g.global_prompt)}\n\n${prompt}` : ctx.text(g.global_prompt);
    ctx.drop('global_prompt', 'global prompt', 'a Bland agent has one prompt; it was put in front of the node prompt');
  }
  n?.transitions.forEach((_, j) =>
    ctx.drop(`nodes[${i}].transitions[${j}]`, 'transition', 'a Bland agent configuration has no nodes to move between'),
  );
  const listed =
    n?.type === 'conversation' ? (n.tools ?? (g.nodes.length === 1 ? g.tools.map((t) => t.name) : [])) : [];
  const tools = listed
    .map((name) => g.tools.find((t) => t.name === name))
    .filter((t): t is ToolDef => !!t)
    .map((t) => exportBlandTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s)));
  const firstRaw = asObject(gm.first_sentence_raw);
  const waits = g.first_speaker === 'caller';
  const promptKey = gm.prompt_key === 'task' ? 'task' : 'prompt';
  return assemble(
    {
      [promptKey]: prompt,
      first_sentence: g.begin_message !== undefined ? ctx.text(g.begin_message) : firstRaw?.value,
      wait_for_greeting: waits ? true : gm.wait_for_greeting === false ? false : undefined,
      request_data:
        Object.keys(g.default_variables).length || gm.request_data_present ? g.default_variables : undefined,
      tools: tools.length || gm.tools_present ? tools : undefined,
    },
    agentKeys(promptKey),
    asObject(gm.extra),
    asStrings(gm.key_order),
  );
}
