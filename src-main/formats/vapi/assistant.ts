import type { AgentGraph, NodeOf, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { nativeMeta } from '../shared/export-helpers.js';
import { joinPath } from '../shared/json-path.js';
import { asObject, asStrings, assemble, cleanMeta, extras, keyOrder } from '../shared/meta.js';
import { jsonEqual } from '../shared/stable-json.js';
import type { ExportContext, ImportContext } from '../types.js';
import type { VapiAssistant, VapiDestination, VapiTool } from './schema.js';
import { exportHandoff, type HandoffSlot } from './handoff.js';
import { exportVapiTool, importVapiTool } from './tools.js';

export const ASSISTANT_KEYS = ['name', 'firstMessage', 'firstMessageMode', 'model', 'tools'] as const;
const MODEL_KEYS = ['messages', 'tools'] as const;
const WAITS = 'assistant-waits-for-user';

/**
 * One tool slot of an assistant: a graph tool by name, the raw tool when it differs from the graph tool of that
 * name, or a squad member's handoff tool (its destinations became the node's transitions; `tool` is the rest of it).
 */
type Slot = string | { name: string; raw: VapiTool } | HandoffSlot;

const badDestinationField = (d: VapiDestination) =>
  (['type', 'assistantName', 'assistantId', 'description'] as const).find(
    (k) => d[k] !== undefined && (typeof d[k] !== 'string' || (k !== 'description' && d[k] === '')),
  );
const typeName = (v: unknown) => (v === null ? 'null' : Array.isArray(v) ? 'an array' : JSON.stringify(v));

const isHandoff = (s: Slot): s is HandoffSlot => typeof s === 'object' && 'handoff' in s;
const slotName = (s: Slot): string | undefined => (typeof s === 'string' ? s : isHandoff(s) ? undefined : s.name);

/** A destination of a handoff tool, waiting to become a transition of the member's node. */
export interface PendingHandoff {
  dest: VapiDestination;
  src: string;
  handoff: number;
}

export interface ImportedAssistant {
  node: Record<string, unknown> & { transitions: unknown[] };
  /** Assistant settings Parley does not model (voice, transcriber, model provider...). */
  meta: SourceMeta;
  beginMessage?: string;
  firstSpeaker: 'agent' | 'caller';
  /** The assistant's handoff destinations (squad members only), in file order. */
  handoffs: PendingHandoff[];
}

/** An inline VAPI assistant -> one conversation node (system message = instruction) and its tools. */
export function importAssistant(
  a: VapiAssistant,
  nodeId: string,
  at: string,
  src: string,
  tools: ToolDef[],
  ctx: ImportContext,
  opening: boolean,
  squadMember = false,
): ImportedAssistant {
  ctx.map(at, src);
  const meta: SourceMeta = {
    extra: extras(a, ASSISTANT_KEYS),
    key_order: keyOrder(a, ASSISTANT_KEYS),
    first_message_mode: a.firstMessageMode,
    // The opening assistant's first message is the graph's begin message; keep only an empty or null one here.
    first_message_raw: opening && (a.firstMessage === null || a.firstMessage === '') ? a.firstMessage : undefined,
    member_first_message: !opening && 'firstMessage' in a ? { value: a.firstMessage } : undefined,
  };
  let instruction = '';
  const model = a.model;
  if (!model) meta.model_absent = true;
  else {
    const msgs = model.messages;
    const sys = msgs ? msgs.findIndex((m) => m.role === 'system' && typeof m.content === 'string') : -1;
    if (sys >= 0) {
      instruction = msgs![sys].content!;
      ctx.map(`${at}.instruction`, joinPath(src, 'model', 'messages', sys, 'content'));
    }
    meta.model = cleanMeta({
      extra: extras(model, MODEL_KEYS),
      key_order: keyOrder(model, MODEL_KEYS),
      messages: msgs ? msgs.map((m, i) => (i === sys ? null : m)) : undefined,
      system_index: sys >= 0 ? sys : undefined,
      system_extra: sys >= 0 ? extras(msgs![sys], ['role', 'content']) : undefined,
      system_key_order: sys >= 0 ? keyOrder(msgs![sys], ['role', 'content']) : undefined,
      tools_present: model.tools !== undefined ? true : undefined,
    });
  }
  const names: string[] = [];
  const handoffs: PendingHandoff[] = [];
  let handoffCount = 0;
  const slots = (list: VapiTool[] | undefined, where: string): Slot[] | undefined =>
    list?.map((t, k): Slot => {
      const tsrc = joinPath(src, ...where.split('.'), k);
      if (squadMember && t.type === 'handoff' && Array.isArray(t.destinations)) {
        const h = handoffCount++;
        const slot: HandoffSlot = { handoff: h, tool: extras(t, ['destinations']) ?? {}, key_order: Object.keys(t) };
        const other: { at: number; raw: unknown }[] = [];
        (t.destinations as unknown[]).forEach((d, j) => {
          const dest = d as VapiDestination;
          const isAssistant =
            d !== null &&
            typeof d === 'object' &&
            (dest.type === undefined || dest.type === 'assistant') &&
            (typeof dest.assistantName === 'string' || typeof dest.assistantId === 'string');
          const dsrc = joinPath(tsrc, 'destinations', j);
          const bad = isAssistant ? badDestinationField(dest) : undefined;
          if (bad) ctx.error(joinPath(dsrc, bad), `found ${typeName(dest[bad])}; expected a string`);
          else if (isAssistant) handoffs.push({ dest, src: dsrc, handoff: h });
          else other.push({ at: j, raw: d });
        });
        if (other.length) slot.other_destinations = other;
        return slot;
      }
      const imported = importVapiTool(t);
      const existing = tools.find((x) => x.name === imported.name);
      names.push(imported.name);
      if (!existing) {
        ctx.map(`tools[${tools.length}]`, tsrc);
        tools.push(imported);
        return imported.name;
      }
      return jsonEqual(exportVapiTool(existing, existing.source_meta ?? {}), t)
        ? imported.name
        : { name: imported.name, raw: t };
    });
  meta.root_tools = slots(a.tools, 'tools');
  const modelSlots = slots(model?.tools, 'model.tools');
  if (modelSlots) (meta.model as SourceMeta).tools = modelSlots;

  const beginMessage = typeof a.firstMessage === 'string' && a.firstMessage !== '' ? a.firstMessage : undefined;
  if (opening && beginMessage !== undefined) ctx.map('begin_message', joinPath(src, 'firstMessage'));
  return {
    node: {
      id: nodeId,
      type: 'conversation',
      instruction: { mode: 'prompt', text: instruction },
      tools: [...new Set(names)],
      transitions: [],
    },
    meta: cleanMeta(meta),
    beginMessage,
    firstSpeaker: a.firstMessageMode === WAITS ? 'caller' : 'agent',
    handoffs,
  };
}

/** A conversation node (+ its kept assistant settings) -> a VAPI assistant. */
export function exportAssistant(
  n: NodeOf<'conversation'>,
  i: number,
  am: SourceMeta,
  opening: { beginMessage?: string; firstSpeaker: 'agent' | 'caller' } | undefined,
  name: string | undefined,
  g: AgentGraph,
  ctx: ExportContext,
): Record<string, unknown> {
  const at = `nodes[${i}]`;
  const prefix = g.global_prompt ? `${ctx.text(g.global_prompt)}\n\n` : '';
  const system = prefix + ctx.text(n.instruction.text);
  if (n.instruction.mode === 'static')
    ctx.drop(
      `${at}.instruction.mode`,
      'static (spoken as written) instruction',
      'a VAPI system message is an instruction for the model',
    );
  const mm = asObject(am.model);
  let model: Record<string, unknown> | undefined;
  const toolSlots = (slots: Slot[] | undefined, listed: string[], appendNew: boolean) =>
    renderSlots(n, i, slots, listed, appendNew, g, ctx);
  const listed = n.tools ?? (g.nodes.length === 1 ? g.tools.map((t) => t.name) : []);
  const rootSlots = am.root_tools as Slot[] | undefined;
  const inRoot = new Set((rootSlots ?? []).map(slotName));
  const rootTools = rootSlots ? toolSlots(rootSlots, listed, false) : undefined;
  const modelListed = listed.filter((t) => !inRoot.has(t));
  const modelTools = toolSlots(mm?.tools as Slot[] | undefined, modelListed, true);
  if (mm || !am.model_absent || system !== '' || modelTools.length) {
    const messages = Array.isArray(mm?.messages) ? [...(mm!.messages as unknown[])] : [];
    const sysMsg = assemble(
      { role: 'system', content: system },
      ['role', 'content'],
      asObject(mm?.system_extra),
      asStrings(mm?.system_key_order),
    );
    if (typeof mm?.system_index === 'number') messages[mm.system_index] = sysMsg;
    else if (system !== '') messages.unshift(sysMsg);
    model = assemble(
      {
        messages: mm?.messages !== undefined || messages.length ? messages : undefined,
        tools: mm?.tools_present || modelTools.length ? modelTools : undefined,
      },
      MODEL_KEYS,
      asObject(mm?.extra),
      asStrings(mm?.key_order),
    );
  }
  const mode = typeof am.first_message_mode === 'string' ? am.first_message_mode : undefined;
  let firstMessageMode: string | undefined;
  let firstMessage: unknown;
  if (opening) {
    firstMessageMode =
      mode !== undefined && (mode === WAITS) === (opening.firstSpeaker === 'caller')
        ? mode
        : opening.firstSpeaker === 'caller'
          ? WAITS
          : mode !== undefined
            ? 'assistant-speaks-first'
            : undefined;
    firstMessage = opening.beginMessage !== undefined ? ctx.text(opening.beginMessage) : am.first_message_raw;
  } else {
    firstMessageMode = mode;
    firstMessage = asObject(am.member_first_message)?.value;
  }
  return assemble(
    { name, firstMessage, firstMessageMode, model, tools: rootTools },
    ASSISTANT_KEYS,
    asObject(am.extra),
    asStrings(am.key_order),
  );
}

/** Renders the node's tools in their original slots; tools added in Parley go at the end. */
function renderSlots(
  n: NodeOf<'conversation'>,
  i: number,
  slots: Slot[] | undefined,
  listed: string[],
  appendNew: boolean,
  g: AgentGraph,
  ctx: ExportContext,
): unknown[] {
  const out: unknown[] = [];
  const done = new Set<string>();
  const render = (name: string) => {
    const t = g.tools.find((x) => x.name === name);
    return t ? exportVapiTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s)) : undefined;
  };
  for (const s of slots ?? []) {
    if (isHandoff(s)) {
      const tool = exportHandoff(s, n, i, g, ctx);
      if (tool) out.push(tool);
      continue;
    }
    const name = slotName(s)!;
    if (!listed.includes(name)) continue;
    const r = typeof s === 'string' ? render(name) : s.raw;
    if (r) {
      out.push(r);
      done.add(name);
    }
  }
  if (!appendNew) return out;
  for (const name of listed) {
    if (done.has(name) || (slots ?? []).some((s) => slotName(s) === name)) continue;
    const r = render(name);
    if (r) {
      out.push(r);
      done.add(name);
    }
  }
  return out;
}
