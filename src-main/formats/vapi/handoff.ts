import type { AgentGraph, NodeOf, SourceMeta, Transition } from '../../../src-shared/schemas/index.js';
import { nativeMeta } from '../shared/export-helpers.js';
import { joinPath } from '../shared/json-path.js';
import { asObject, asStrings, assemble, compactMeta, extras, keyOrder } from '../shared/meta.js';
import type { ExportContext, ImportContext } from '../types.js';
import type { VapiDestination } from './schema.js';

/** One tool slot of an assistant (assistant.ts) that is a `handoff` tool: its destinations are transitions tagged `handoff: at`. */
export interface HandoffSlot {
  handoff: number;
  tool: Record<string, unknown>;
  key_order: string[];
  other_destinations?: { at: number; raw: unknown }[];
}

/**
 * VAPI handoffs between squad members, both spellings: a member's `assistantDestinations` (older) and a
 * `handoff` tool with `destinations` (what VAPI's documentation now recommends). Each assistant destination
 * is one prompt transition whose condition is the destination's description; a transition from a handoff
 * tool carries `handoff: <slot>` in its metadata so export writes it back into that tool.
 */

export const DEST_KEYS = ['type', 'assistantName', 'description'] as const;

export const handoffPlaceholder = (target: string) => `The caller should now be handed over to "${target}"`;

/** One assistant destination -> a transition of `node` (at graph path `at`, source path `dsrc`). */
export function importDestination(
  node: Record<string, unknown> & { transitions: unknown[] },
  at: string,
  d: VapiDestination,
  dsrc: string,
  seen: Map<string, number>,
  ctx: ImportContext,
  handoff?: number,
): void {
  const target = (d.assistantName ?? d.assistantId)!;
  const tp = `${at}.transitions[${node.transitions.length}]`;
  ctx.map(tp, dsrc);
  ctx.map(`${tp}.target`, joinPath(dsrc, d.assistantName ? 'assistantName' : 'assistantId'));
  ctx.map(`${tp}.condition`, joinPath(dsrc, 'description'));
  const n = (seen.get(target) ?? 0) + 1;
  seen.set(target, n);
  const dm: SourceMeta = {
    handoff,
    extra: extras(d, DEST_KEYS),
    key_order: keyOrder(d, DEST_KEYS),
    type_absent: d.type === undefined ? true : undefined,
    by_id: d.assistantName ? undefined : true,
  };
  let prompt = d.description ?? '';
  if (!prompt.trim()) {
    prompt = handoffPlaceholder(target);
    dm.placeholder = prompt;
    dm.description = d.description;
    ctx.warn(
      joinPath(dsrc, 'description'),
      `handoff to ${JSON.stringify(target)} has no description; Parley decides it with the placeholder question ${JSON.stringify(prompt)} (expected a description of when to hand over)`,
    );
  }
  const id = String(node.id);
  node.transitions.push({
    id: n > 1 ? `${id}->${target}#${n}` : `${id}->${target}`,
    target,
    condition: { kind: 'prompt', prompt },
    source_meta: compactMeta(dm),
  });
}

/** The handoff slot a transition was read from, when it still has that slot to go back to. */
export function handoffOf(t: Transition, ctx: ExportContext, slots: ReadonlySet<number>): number | undefined {
  const h = nativeMeta(ctx, t.source_meta).handoff;
  return typeof h === 'number' && slots.has(h) ? h : undefined;
}

/** A transition -> a VAPI assistant destination, or undefined (reported) when VAPI cannot express it. */
export function exportDestination(
  t: Transition,
  tp: string,
  ids: ReadonlySet<string>,
  ctx: ExportContext,
): Record<string, unknown> | undefined {
  if (t.condition.kind !== 'prompt') {
    ctx.drop(tp, `${t.condition.kind} transition`, 'VAPI handoffs are decided by the model from a description');
    return undefined;
  }
  if (!ids.has(t.target)) {
    ctx.drop(tp, `transition to ${JSON.stringify(t.target)}`, 'its target is not an assistant of the squad');
    return undefined;
  }
  const tm = nativeMeta(ctx, t.source_meta);
  const description = tm.placeholder === t.condition.prompt ? tm.description : ctx.text(t.condition.prompt);
  return assemble(
    {
      type: tm.type_absent ? undefined : 'assistant',
      [tm.by_id ? 'assistantId' : 'assistantName']: t.target,
      description,
    },
    DEST_KEYS,
    asObject(tm.extra),
    asStrings(tm.key_order),
  );
}

/** A handoff slot -> the handoff tool, its destinations rebuilt from the node's transitions of that slot. */
export function exportHandoff(
  slot: HandoffSlot,
  n: NodeOf<'conversation'>,
  i: number,
  g: AgentGraph,
  ctx: ExportContext,
): Record<string, unknown> {
  const ids = new Set(g.nodes.filter((x) => x.type === 'conversation').map((x) => x.id));
  const destinations: unknown[] = [];
  n.transitions.forEach((t, j) => {
    if (nativeMeta(ctx, t.source_meta).handoff !== slot.handoff) return;
    const d = exportDestination(t, `nodes[${i}].transitions[${j}]`, ids, ctx);
    if (d) destinations.push(d);
  });
  for (const o of slot.other_destinations ?? []) destinations.splice(Math.min(o.at, destinations.length), 0, o.raw);
  return assemble({ destinations }, ['destinations'], slot.tool, slot.key_order);
}

/** The handoff slots an assistant's kept settings have (root tools and model tools). */
export function handoffSlots(am: SourceMeta): Set<number> {
  const out = new Set<number>();
  const lists = [am.root_tools, asObject(am.model)?.tools];
  for (const l of lists)
    if (Array.isArray(l))
      for (const s of l)
        if (s && typeof s === 'object' && typeof (s as HandoffSlot).handoff === 'number')
          out.add((s as HandoffSlot).handoff);
  return out;
}
