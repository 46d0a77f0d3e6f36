import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder } from '../shared/meta.js';
import { defineKey, jsonEqual } from '../shared/stable-json.js';
import type { ImportContext } from '../types.js';
import type { TelnyxAssistant, TelnyxAssistantList } from './schema.js';
import { exportTelnyxTool, importTelnyxTool } from './tools.js';

export const ASSISTANT_KEYS = ['id', 'name', 'instructions', 'greeting', 'tools', 'dynamic_variables'] as const;
export const handoffPlaceholder = (name: string) => `The caller should now be handed off to the assistant "${name}"`;

type Mutable = Record<string, unknown> & {
  id: string;
  transitions: Record<string, unknown>[];
  source_meta?: SourceMeta;
};

const nodeIdOf = (a: TelnyxAssistant, i: number) => a.id ?? a.name ?? (i === 0 ? 'assistant' : `assistant_${i}`);

/**
 * Telnyx assistants -> a graph: each assistant a conversation node (instructions = its instruction),
 * each handoff tool target a transition to that assistant. A handoff to an assistant that is not in
 * the file gets a node with an empty instruction (and a warning), so the graph stays whole.
 */
export function importTelnyx(json: TelnyxAssistant | TelnyxAssistantList, ctx: ImportContext): AgentGraphInput {
  const list = 'data' in json && Array.isArray(json.data);
  const assistants = list ? (json as TelnyxAssistantList).data : [json as TelnyxAssistant];
  const base = (i: number) => (list ? `data[${i}]` : '');
  const tools: ToolDef[] = [];
  const nodes: Mutable[] = assistants.map((a, i) => importAssistant(a, i, base(i), tools, ctx));
  const known = new Set(nodes.map((n) => n.id));
  assistants.forEach((a, i) => linkHandoffs(a, nodes[i], i, base(i), nodes, known, ctx));
  const first = assistants[0];
  if (first.greeting !== undefined && first.greeting !== '') ctx.map('begin_message', joinPath(base(0), 'greeting'));
  // The agent's name is the file's own: the assistant's, or for a list the first (entry) assistant's.
  if (first.name !== undefined) ctx.map('name', joinPath(base(0), 'name'));
  ctx.map('entry_node_id', list ? 'data[0]' : '');
  const top = json as Record<string, unknown>;
  return {
    ...(first.name !== undefined ? { name: first.name } : {}),
    entry_node_id: nodes[0].id,
    ...(first.greeting ? { begin_message: first.greeting } : {}),
    default_variables: first.dynamic_variables ?? {},
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: {
      format: 'telnyx',
      meta: cleanMeta({
        list: list ? true : undefined,
        extra: list ? extras(top, ['data']) : undefined,
      }),
    },
  };
}

function importAssistant(a: TelnyxAssistant, i: number, src: string, tools: ToolDef[], ctx: ImportContext): Mutable {
  const at = `nodes[${i}]`;
  ctx.map(at, src);
  ctx.map(`${at}.instruction`, joinPath(src, 'instructions'));
  const names: string[] = [];
  const rawTools: Record<string, unknown> = {};
  let handoffAt: number | undefined;
  (a.tools ?? []).forEach((t, k) => {
    if (t.type === 'handoff') {
      handoffAt ??= k;
      return;
    }
    const tool = importTelnyxTool(t);
    names.push(tool.name);
    const existing = tools.find((x) => x.name === tool.name);
    if (!existing) {
      ctx.map(`tools[${tools.length}]`, joinPath(src, 'tools', k));
      tools.push(tool);
    } else if (
      !jsonEqual(
        exportTelnyxTool(existing, existing.source_meta ?? {}, (s) => s),
        t,
      )
    )
      defineKey(rawTools, tool.name, t);
  });
  const meta: SourceMeta = {
    extra: extras(a, ASSISTANT_KEYS),
    key_order: keyOrder(a, ASSISTANT_KEYS),
    id_absent: a.id === undefined ? true : undefined,
    name: a.name,
    greeting: i > 0 || a.greeting === '' ? a.greeting : undefined,
    dynamic_variables: i > 0 ? a.dynamic_variables : undefined,
    dynamic_variables_present: i === 0 && a.dynamic_variables ? true : undefined,
    tools_present: a.tools ? true : undefined,
    handoff_at: handoffAt,
    tool_raw: Object.keys(rawTools).length ? rawTools : undefined,
  };
  const id = nodeIdOf(a, i);
  return {
    id,
    ...(a.name !== undefined && a.name !== id ? { name: a.name } : {}),
    type: 'conversation',
    instruction: { mode: 'prompt', text: a.instructions },
    ...(a.tools ? { tools: names } : {}),
    transitions: [],
    source_meta: compactMeta(meta),
  };
}

function linkHandoffs(
  a: TelnyxAssistant,
  node: Mutable,
  i: number,
  src: string,
  nodes: Mutable[],
  known: Set<string>,
  ctx: ImportContext,
): void {
  (a.tools ?? []).forEach((t, k) => {
    if (t.type !== 'handoff') return;
    const tsrc = joinPath(src, 'tools', k);
    if (!t.handoff) {
      ctx.error(
        tsrc,
        'handoff tool without "handoff" settings; expected {"handoff": {"ai_assistants": [{"id", "name"}]}}',
      );
      return;
    }
    const handoffMeta = compactMeta({
      extra: extras(t, ['type', 'handoff']),
      handoff_extra: extras(t.handoff, ['ai_assistants']),
    });
    if (handoffMeta) (node.source_meta ??= {}).handoff = handoffMeta;
    t.handoff.ai_assistants.forEach((target, h) => {
      const dsrc = joinPath(tsrc, 'handoff', 'ai_assistants', h);
      const name = target.name ?? target.id;
      if (!known.has(target.id)) {
        known.add(target.id);
        const ni = nodes.length;
        ctx.map(`nodes[${ni}]`, dsrc);
        nodes.push({
          id: target.id,
          ...(target.name !== undefined ? { name: target.name } : {}),
          type: 'conversation',
          instruction: { mode: 'prompt', text: '' },
          transitions: [],
          source_meta: { outside_file: true },
        });
        ctx.warn(
          dsrc,
          `hands off to the assistant ${JSON.stringify(target.id)}, which is not in this file; Parley cannot see its instructions, so it becomes a node with an empty instruction (expected the assistants listed together, as {"data": [...]}, to test the handoff)`,
        );
      }
      const tp = `nodes[${i}].transitions[${node.transitions.length}]`;
      ctx.map(tp, dsrc);
      ctx.map(`${tp}.target`, joinPath(dsrc, 'id'));
      const prompt = handoffPlaceholder(name);
      node.transitions.push({
        id: `${node.id}->${target.id}`,
        target: target.id,
        condition: { kind: 'prompt', prompt },
        source_meta: compactMeta({
          placeholder: prompt,
          extra: extras(target, ['id', 'name']),
          name_absent: target.name === undefined ? true : undefined,
        }),
      });
    });
  });
}
