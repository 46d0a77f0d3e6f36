import type { AgentGraph, GraphNode, SourceMeta } from '../../../src-shared/schemas/index.js';
import {
  dropForeignMeta,
  dropGraphFeatures,
  graphMeta,
  inEvaluationOrder,
  nativeMeta,
} from '../shared/export-helpers.js';
import { asObject, asStrings, assemble, own } from '../shared/meta.js';
import { defineKey, jsonEqual } from '../shared/stable-json.js';
import type { ExportContext } from '../types.js';
import { exportVtCondition } from './conditions.js';
import { GRAPH_KEYS, NODE_KEYS, TRANSITION_KEYS, VAR_KEYS } from './import.js';
import { exportVtTool } from './tools.js';

const SOURCE_TYPE: Record<string, string> = {
  'retell-cf': 'retell',
  'retell-llm': 'retell-llm',
  vapi: 'vapi',
  'vapi-squad': 'vapi',
};
const VAR_TYPE: Record<string, string> = { text: 'string', number: 'number', boolean: 'boolean', enum: 'enum' };

/** Graph -> voicetest graph JSON. */
export function exportVoicetest(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  dropGraphFeatures(ctx, 'voicetest', ['metrics', 'description', 'name']);
  dropForeignMeta(ctx, 'voicetest');
  const nodes: Record<string, unknown> = {};
  g.nodes.forEach((n, i) => {
    const m = nativeMeta(ctx, n.source_meta);
    defineKey(nodes, typeof m.key === 'string' ? m.key : n.id, exportNode(n, i, m, g, ctx));
  });
  const sm = asObject(gm.source_metadata);
  let source_metadata: Record<string, unknown> | undefined;
  if (sm || !ctx.native || Object.keys(g.default_variables).length || g.first_speaker === 'caller') {
    const gp = sm?.general_prompt;
    const bm = asObject(sm?.begin_message);
    const dv = sm?.default_dynamic_variables;
    source_metadata = assemble(
      {
        start_speaker: startSpeaker(g, sm),
        default_dynamic_variables:
          Object.keys(g.default_variables).length || dv === true
            ? g.default_variables
            : asObject(dv)
              ? asObject(dv)!.value
              : undefined,
        general_prompt:
          asObject(gp) && g.global_prompt === ''
            ? asObject(gp)!.value
            : gp === true || g.global_prompt !== ''
              ? g.global_prompt
              : undefined,
        begin_message: g.begin_message ?? bm?.value,
      },
      ['general_prompt', 'begin_message', 'start_speaker', 'default_dynamic_variables'],
      asObject(sm?.rest),
      asStrings(sm?.order),
    );
  }
  return assemble(
    {
      source_type:
        gm.source_type === null
          ? undefined
          : typeof gm.source_type === 'string'
            ? gm.source_type
            : (own(SOURCE_TYPE, g.source.format) ?? 'custom'),
      entry_node_id: g.entry_node_id,
      nodes,
      source_metadata,
      snippets: gm.snippets_absent && Object.keys(g.snippets).length === 0 ? undefined : g.snippets,
    },
    GRAPH_KEYS,
    asObject(gm.extra),
    asStrings(gm.key_order),
  );
}

/** `start_speaker`: the kept value while it still says who speaks first, else "user" when the caller does. */
function startSpeaker(g: AgentGraph, sm: Record<string, unknown> | undefined): unknown {
  const raw = sm?.start_speaker;
  const caller = g.first_speaker === 'caller';
  if (raw !== undefined && (raw === 'user') === caller) return raw;
  return caller ? 'user' : raw !== undefined ? 'agent' : undefined;
}

function exportNode(
  n: GraphNode,
  i: number,
  m: SourceMeta,
  g: AgentGraph,
  ctx: ExportContext,
): Record<string, unknown> {
  const at = `nodes[${i}]`;
  let type: string = n.type;
  let text = '';
  let tools: unknown[] | undefined;
  switch (n.type) {
    case 'conversation':
      text = n.instruction.text;
      break;
    case 'extract':
      text = n.instruction?.text ?? '';
      break;
    case 'end':
    case 'transfer':
      text = n.message?.text ?? '';
      break;
    case 'logic':
      text = typeof m.state_prompt === 'string' ? m.state_prompt : '';
      break;
    case 'function':
      text = typeof m.state_prompt === 'string' ? m.state_prompt : '';
      dropFunctionSettings(n, at, ctx);
      break;
    case 'press_digit':
      type = 'conversation';
      text = n.instruction.text;
      ctx.drop(
        at,
        `press_digit node ${JSON.stringify(n.id)}`,
        'voicetest has no press-digit nodes; it became a conversation node',
      );
      break;
  }
  if (n.type === 'transfer' && n.target)
    ctx.drop(`${at}.target`, 'transfer destination', 'voicetest transfer nodes have no destination field');
  const kept = asStrings(m.tool_names);
  const toolNames =
    n.type === 'conversation'
      ? (n.tools ?? [])
      : n.type === 'function'
        ? kept?.includes(n.tool)
          ? kept
          : m.tool_named_after_node
            ? []
            : [n.tool]
        : [];
  const overrides = asObject(m.tool_overrides) ?? {};
  tools = toolNames.flatMap((name) => {
    if (Object.hasOwn(overrides, name)) return [overrides[name]];
    const t = g.tools.find((x) => x.name === name);
    return t ? [exportVtTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s))] : [];
  });
  if (n.type !== 'conversation' && n.type !== 'function')
    tools = Array.isArray(m.tools_raw) ? (m.tools_raw as unknown[]) : m.tools_absent ? undefined : [];
  if (m.tools_absent && tools?.length === 0) tools = undefined;

  const elseNode = n.type === 'logic' || n.type === 'extract' || n.type === 'function';
  const transitions = inEvaluationOrder(n.transitions).map(({ t, j }) => {
    if ((t.condition.kind === 'else' && !elseNode) || t.condition.kind === 'skip') {
      ctx.drop(
        `${at}.transitions[${j}]`,
        `${t.condition.kind} transition on a ${n.type} node`,
        'voicetest has no such edge kind here; it was written as an always transition',
      );
    }
    const tm = nativeMeta(ctx, t.source_meta);
    const desc = asObject(tm.description);
    return assemble(
      {
        target_node_id: t.target,
        condition: exportVtCondition(t.condition, asObject(tm.condition) ?? {}, (s) => ctx.text(s)),
        description: desc ? desc.value : undefined,
      },
      TRANSITION_KEYS,
      asObject(tm.extra),
      asStrings(tm.key_order),
    );
  });
  const md = asObject(m.metadata);
  const metadata =
    md || !ctx.native || n.name !== undefined
      ? assemble({ name: n.name }, ['name'], asObject(md?.rest), asStrings(md?.order))
      : undefined;
  let variables: unknown;
  if (n.type === 'extract') {
    variables =
      m.variables_absent && n.variables.length === 0
        ? undefined
        : n.variables.map((v) => {
            const vm = nativeMeta(ctx, v.source_meta);
            const vtype = vm.type === null ? undefined : typeof vm.type === 'string' ? vm.type : VAR_TYPE[v.type];
            return assemble(
              {
                name: v.name,
                description: vm.description_absent && v.description === '' ? undefined : v.description,
                type: vtype,
                choices: v.choices,
              },
              VAR_KEYS,
              asObject(vm.extra),
              asStrings(vm.key_order),
            );
          });
  } else variables = m.variables_raw;
  let global: unknown = m.global_null ? null : undefined;
  if (n.global) {
    const gmeta = asObject(m.global);
    if (gmeta && jsonEqual(gmeta.as_imported, n.global)) global = gmeta.raw;
    else {
      const entry = n.global.entry_conditions.find((c) => c.condition.kind === 'prompt');
      global = {
        condition: entry?.condition.kind === 'prompt' ? ctx.text(entry.condition.prompt) : '',
        go_back_conditions: n.global.go_back_conditions.map((c) => ({
          id: c.id,
          condition: exportVtCondition(c.condition, {}, (s) => ctx.text(s)),
        })),
      };
      if (n.global.entry_conditions.length > 1 || (entry === undefined && n.global.entry_conditions.length))
        ctx.drop(
          `${at}.global.entry_conditions`,
          'entry conditions beyond the first prompt',
          'voicetest global nodes have one prompt entry condition',
        );
    }
  }
  return assemble(
    {
      id: m.id_absent ? undefined : n.id,
      state_prompt: m.state_prompt_absent && text === '' ? undefined : ctx.text(text),
      node_type: m.node_type === null ? undefined : typeof m.node_type === 'string' ? m.node_type : type,
      transitions: m.transitions_absent && transitions.length === 0 ? undefined : transitions,
      tools,
      metadata,
      variables_to_extract: variables,
      global_node_setting: global,
    },
    NODE_KEYS,
    asObject(m.extra),
    asStrings(m.key_order),
  );
}

/** What a Parley function node has that a voicetest function node has no place for. */
function dropFunctionSettings(n: GraphNode & { type: 'function' }, at: string, ctx: ExportContext): void {
  const lost: [string, string, boolean][] = [
    ['arguments', 'argument templates', n.arguments !== undefined],
    ['output_variables', 'output variables', n.output_variables.length > 0],
    ['actions', 'context.set actions', n.actions.length > 0],
    ['speak_during_execution', 'words spoken while the tool runs', n.speak_during_execution !== undefined],
    ['wait_for_result', 'wait for result', n.wait_for_result !== undefined],
  ];
  for (const [key, feature, present] of lost)
    if (present)
      ctx.drop(
        `${at}.${key}`,
        `${feature} of function node ${JSON.stringify(n.id)}`,
        'a voicetest function node names its tool only',
      );
}
