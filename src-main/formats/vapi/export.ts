import type { AgentGraph, NodeOf } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject, asStrings, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { exportAssistant } from './assistant.js';
import { exportDestination, handoffOf, handoffSlots } from './handoff.js';
import { MEMBER_KEYS, SQUAD_KEYS } from './import.js';

/** Graph -> VAPI: one assistant for a one-node graph that did not come from a squad, otherwise a squad. */
export function exportVapi(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const squad = g.source.format === 'vapi-squad' || g.nodes.length > 1;
  dropGraphFeatures(ctx, 'VAPI', ['snippets', 'default_variables', 'metrics', 'description']);
  dropForeignMeta(ctx, 'vapi');
  if (g.global_prompt)
    ctx.drop(
      'global_prompt',
      'global prompt',
      "VAPI has no shared prompt; it was put in front of every assistant's system message",
    );
  const conv = g.nodes.filter((n, i) => {
    if (n.type === 'conversation') return true;
    ctx.drop(
      `nodes[${i}]`,
      `${n.type} node ${JSON.stringify(n.id)}`,
      'VAPI squads are made of assistants (conversation nodes) only',
    );
    return false;
  }) as NodeOf<'conversation'>[];
  g.nodes.forEach((n, i) => {
    if (n.global) ctx.drop(`nodes[${i}].global`, 'global node setting', 'VAPI has no global assistants');
  });
  const opening = { beginMessage: g.begin_message, firstSpeaker: g.first_speaker };
  const gm = graphMeta(ctx);

  if (!squad) {
    const n = conv[0];
    if (!n) return {};
    const am = g.source.format === 'vapi' ? (asObject(gm.assistant) ?? {}) : {};
    const name = gm.name_present || !ctx.native ? g.name || undefined : undefined;
    n.transitions.forEach((_, j) =>
      ctx.drop(`nodes[0].transitions[${j}]`, 'transition', 'a single VAPI assistant has no handoffs'),
    );
    return exportAssistant(n, g.nodes.indexOf(n), am, opening, name, g, ctx);
  }

  const ids = new Set(conv.map((n) => n.id));
  const entry = conv.find((n) => n.id === g.entry_node_id) ?? conv[0];
  const ordered = entry ? [entry, ...conv.filter((n) => n !== entry)] : [];
  const members = ordered.map((n) => {
    const i = g.nodes.indexOf(n);
    const m = nativeMeta(ctx, n.source_meta);
    const destinations: unknown[] = [];
    const am = asObject(m.assistant) ?? {};
    const slots = handoffSlots(am);
    n.transitions.forEach((t, j) => {
      if (handoffOf(t, ctx, slots) !== undefined) return; // written back into its handoff tool
      const d = exportDestination(t, `nodes[${i}].transitions[${j}]`, ids, ctx);
      if (d) destinations.push(d);
    });
    const other = Array.isArray(m.other_destinations) ? (m.other_destinations as { at: number; raw: unknown }[]) : [];
    for (const o of other) destinations.splice(Math.min(o.at, destinations.length), 0, o.raw);
    const known: Record<string, unknown> = {
      assistantDestinations: m.destinations_absent && destinations.length === 0 ? undefined : destinations,
    };
    if (m.assistant_ref) known.assistantId = n.id;
    else {
      known.assistant = exportAssistant(
        n,
        i,
        am,
        n === entry ? opening : undefined,
        m.name_absent ? undefined : n.id,
        g,
        ctx,
      );
    }
    return assemble(known, MEMBER_KEYS, asObject(m.member_extra), asStrings(m.member_key_order));
  });
  const sm = g.source.format === 'vapi-squad' ? gm : {};
  return assemble(
    {
      name: sm.name_present || !ctx.native || g.source.format !== 'vapi-squad' ? g.name || undefined : undefined,
      members,
    },
    SQUAD_KEYS,
    asObject(sm.extra),
    asStrings(sm.key_order),
  );
}
