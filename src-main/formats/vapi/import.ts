import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder } from '../shared/meta.js';
import { importDestination } from './handoff.js';
import type { ImportContext } from '../types.js';
import { importAssistant, type PendingHandoff } from './assistant.js';
import type { VapiAssistant, VapiDestination, VapiSquad } from './schema.js';

export const SINGLE_NODE_ID = 'assistant';
export const SQUAD_KEYS = ['name', 'members'] as const;
export const MEMBER_KEYS = ['assistant', 'assistantId', 'assistantDestinations'] as const;
export { DEST_KEYS, handoffPlaceholder } from './handoff.js';

/** One VAPI assistant -> a one-node graph; the system message is the node's instruction. */
export function importVapiAssistant(a: VapiAssistant, ctx: ImportContext): AgentGraphInput {
  const tools: ToolDef[] = [];
  const r = importAssistant(a, SINGLE_NODE_ID, 'nodes[0]', '', tools, ctx, true);
  if (a.name !== undefined) ctx.map('name', 'name');
  return {
    ...(a.name !== undefined ? { name: a.name } : {}),
    entry_node_id: SINGLE_NODE_ID,
    first_speaker: r.firstSpeaker,
    ...(r.beginMessage !== undefined ? { begin_message: r.beginMessage } : {}),
    tools,
    nodes: [r.node as AgentGraphInput['nodes'][number]],
    source: {
      format: 'vapi',
      meta: cleanMeta({ assistant: r.meta, name_present: a.name !== undefined ? true : undefined }),
    },
  };
}

/** A VAPI squad -> one node per member, joined by the members' handoffs (assistant destinations and handoff tools). */
export function importVapiSquad(s: VapiSquad & Record<string, unknown>, ctx: ImportContext): AgentGraphInput {
  const tools: ToolDef[] = [];
  let opening: { beginMessage?: string; firstSpeaker: 'agent' | 'caller' } = { firstSpeaker: 'agent' };
  const nodes = s.members.map((m, i) => {
    const src = joinPath('members', i);
    const at = `nodes[${i}]`;
    const meta: SourceMeta = { member_extra: extras(m, MEMBER_KEYS), member_key_order: keyOrder(m, MEMBER_KEYS) };
    let node: Record<string, unknown> & { transitions: unknown[] };
    let handoffs: PendingHandoff[] = [];
    if (m.assistant) {
      const a = m.assistant;
      const id = a.name ?? m.assistantId ?? `member_${i}`;
      const r = importAssistant(a, id, at, joinPath(src, 'assistant'), tools, ctx, i === 0, true);
      handoffs = r.handoffs;
      if (i === 0) opening = { beginMessage: r.beginMessage, firstSpeaker: r.firstSpeaker };
      node = r.node;
      meta.assistant = r.meta;
      if (a.name === undefined) meta.name_absent = true;
      ctx.map(`${at}.id`, a.name !== undefined ? joinPath(src, 'assistant', 'name') : joinPath(src, 'assistant'));
    } else {
      node = { id: m.assistantId!, type: 'conversation', instruction: { mode: 'prompt', text: '' }, transitions: [] };
      meta.assistant_ref = true;
      ctx.map(at, src);
      ctx.warn(
        joinPath(src, 'assistantId'),
        `member refers to the saved assistant ${JSON.stringify(m.assistantId)}; Parley cannot see its prompt or tools, so the node has an empty instruction (expected an inline assistant to test it)`,
      );
    }
    const other: { at: number; raw: VapiDestination }[] = [];
    const seen = new Map<string, number>();
    (m.assistantDestinations ?? []).forEach((d, k) => {
      const target = d.assistantName ?? d.assistantId;
      if ((d.type !== undefined && d.type !== 'assistant') || !target) {
        other.push({ at: k, raw: d });
        return;
      }
      importDestination(node, at, d, joinPath(src, 'assistantDestinations', k), seen, ctx);
    });
    for (const h of handoffs) importDestination(node, at, h.dest, h.src, seen, ctx, h.handoff);
    if (other.length) meta.other_destinations = other;
    if (m.assistantDestinations === undefined) meta.destinations_absent = true;
    node.source_meta = compactMeta(meta);
    return node;
  });
  ctx.map('entry_node_id', 'members[0]');
  if (s.name !== undefined) ctx.map('name', 'name');
  return {
    ...(s.name !== undefined ? { name: s.name } : {}),
    entry_node_id: nodes[0].id as string,
    first_speaker: opening.firstSpeaker,
    ...(opening.beginMessage !== undefined ? { begin_message: opening.beginMessage } : {}),
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: {
      format: 'vapi-squad',
      meta: cleanMeta({
        extra: extras(s, SQUAD_KEYS),
        key_order: keyOrder(s, SQUAD_KEYS),
        name_present: s.name !== undefined ? true : undefined,
      }),
    },
  };
}
