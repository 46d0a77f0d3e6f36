import type { AgentGraph, NodeOf, ToolDef } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble, own } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { ASSISTANT_KEYS, handoffPlaceholder } from './import.js';
import { exportTelnyxTool } from './tools.js';

/** Graph -> Telnyx: one assistant for a one-node graph read as one, else `{data: [assistants]}` joined by handoff tools. */
export function exportTelnyx(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  dropGraphFeatures(ctx, 'Telnyx', ['snippets', 'metrics', 'description']);
  dropForeignMeta(ctx, 'telnyx');
  if (g.global_prompt)
    ctx.drop(
      'global_prompt',
      'global prompt',
      "Telnyx has no shared prompt; it was put in front of every assistant's instructions",
    );
  if (g.first_speaker === 'caller')
    ctx.drop(
      'first_speaker',
      'caller speaks first',
      'a Telnyx assistant greets the caller (an empty greeting lets the model open)',
    );
  const conv = g.nodes.filter((n, i) => {
    if (n.global) ctx.drop(`nodes[${i}].global`, 'global node setting', 'Telnyx has no global assistants');
    if (n.type === 'conversation') return true;
    ctx.drop(
      `nodes[${i}]`,
      `${n.type} node ${JSON.stringify(n.id)}`,
      'Telnyx multi-assistant setups are made of assistants (conversation nodes) only',
    );
    return false;
  }) as NodeOf<'conversation'>[];
  const entry = conv.find((n) => n.id === g.entry_node_id) ?? conv[0];
  const ordered = entry ? [entry, ...conv.filter((n) => n !== entry)] : [];
  const written = ordered.filter((n) => !nativeMeta(ctx, n.source_meta).outside_file);
  const assistants = written.map((n) => exportAssistant(n, n === entry, g, ctx));
  const single = !gm.list && assistants.length === 1 && g.source.format === 'telnyx';
  if (single || (assistants.length === 1 && g.nodes.length === 1 && !gm.list)) return assistants[0];
  // A list has no name of its own: read back, it is named after its first assistant.
  if (g.name && g.name !== assistants[0]?.name)
    ctx.drop('name', 'agent name', 'a Telnyx list of assistants has no name; it is named after its first assistant');
  return assemble({ data: assistants }, ['data'], asObject(gm.extra));
}

function exportAssistant(
  n: NodeOf<'conversation'>,
  isEntry: boolean,
  g: AgentGraph,
  ctx: ExportContext,
): Record<string, unknown> {
  const i = g.nodes.indexOf(n);
  const m = nativeMeta(ctx, n.source_meta);
  const prefix = g.global_prompt ? `${ctx.text(g.global_prompt)}\n\n` : '';
  if (n.instruction.mode === 'static')
    ctx.drop(
      `nodes[${i}].instruction.mode`,
      'static (spoken as written) instruction',
      'Telnyx instructions are for the model',
    );
  const listed = n.tools ?? (g.nodes.length === 1 ? g.tools.map((t) => t.name) : []);
  const raw = asObject(m.tool_raw) ?? {};
  const tools: unknown[] = listed
    .map(
      (name) =>
        own(raw, name) ??
        renderTool(
          g.tools.find((t) => t.name === name),
          ctx,
        ),
    )
    .filter((t) => t !== undefined);
  const targets: Record<string, unknown>[] = [];
  n.transitions.forEach((t, j) => {
    const tp = `nodes[${i}].transitions[${j}]`;
    const target = g.nodes.find((x) => x.id === t.target);
    if (t.condition.kind !== 'prompt' || target?.type !== 'conversation') {
      ctx.drop(
        tp,
        `${t.condition.kind} transition to ${JSON.stringify(t.target)}`,
        'Telnyx hands off only to other assistants, when the model decides',
      );
      return;
    }
    const tm = nativeMeta(ctx, t.source_meta);
    if (tm.placeholder !== t.condition.prompt && handoffPlaceholder(target.name ?? t.target) !== t.condition.prompt)
      ctx.drop(
        `${tp}.condition`,
        'handoff condition text',
        'a Telnyx handoff names the assistant only; say when to hand off in the instructions',
      );
    targets.push(
      assemble(
        { id: t.target, name: tm.name_absent ? undefined : (target.name ?? t.target) },
        ['id', 'name'],
        asObject(tm.extra),
      ),
    );
  });
  if (targets.length) {
    const hm = asObject(m.handoff) ?? {};
    const handoff = assemble(
      { type: 'handoff', handoff: assemble({ ai_assistants: targets }, ['ai_assistants'], asObject(hm.handoff_extra)) },
      ['type', 'handoff'],
      asObject(hm.extra),
    );
    const at = typeof m.handoff_at === 'number' ? Math.min(m.handoff_at, tools.length) : tools.length;
    tools.splice(at, 0, handoff);
  }
  const greeting = isEntry ? (g.begin_message !== undefined ? ctx.text(g.begin_message) : m.greeting) : m.greeting;
  const vars = isEntry
    ? Object.keys(g.default_variables).length || m.dynamic_variables_present
      ? g.default_variables
      : undefined
    : m.dynamic_variables;
  // Telnyx requires a model: a graph from another format gets Telnyx's hosted default, to be changed there.
  const model = ctx.native ? undefined : 'meta-llama/Meta-Llama-3.1-70B-Instruct';
  return assemble(
    {
      id: m.id_absent ? undefined : n.id,
      model,
      name: typeof m.name === 'string' ? m.name : (n.name ?? (ctx.native ? undefined : n.id)),
      instructions: prefix + ctx.text(n.instruction.text),
      greeting,
      tools: tools.length || m.tools_present ? tools : undefined,
      dynamic_variables: vars,
    },
    ASSISTANT_KEYS,
    asObject(m.extra),
    asStrings(m.key_order),
  );
}

function renderTool(t: ToolDef | undefined, ctx: ExportContext): unknown {
  return t ? exportTelnyxTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s)) : undefined;
}
