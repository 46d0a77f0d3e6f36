import type { RoutingPoint } from '../contract/analysis.js';
import { plural } from './plural.js';

/**
 * The routing check's results in the canvas's words, for both doors (the editor's Checks tab and
 * `parley analyze routing`): a decision point is its node's name, a condition is where it leads (the
 * target node's name, "global" for a global node's entry, "go back") with its condition text, and the
 * ids are kept apart for a tooltip (app) or parentheses (CLI). Stored reports keep ids; this only reads.
 */

/** A node of the graph the report was made on (its name, when it has one). */
export interface NamedNode {
  id: string;
  name?: string;
}

const NONE = 'none';

/** A global node's name without the "(global)" some give it (the label says global already). */
const bare = (name: string) => name.replace(/\s*\(global\)\s*$/i, '') || name;

function nameOf(nodes: readonly NamedNode[]): (id: string) => string {
  const names = new Map(nodes.map((n) => [n.id, n.name?.trim() || n.id]));
  return (id) => names.get(id) ?? id;
}

function clip(s: string, max: number): string {
  const t = s.replace(/\s+/g, ' ').trim();
  return t.length > max ? `${t.slice(0, max - 1)}…` : t;
}

export interface RoutingLabel {
  /** The condition key as stored (a transition id, a global entry condition id, a go-back id, or "none"). */
  key: string;
  /** For a table header: "→ Identify caller", "→ Opening hours (global)", "↩ go back", "none". */
  head: string;
  /** For a sentence: "the way to Identify caller", "the global node Opening hours", "going back", "no condition". */
  noun: string;
  /** The condition's text (empty for "none"), for a tooltip or a legend. */
  condition: string;
}

/**
 * The labels of one decision point's options (and "none"), by key. Two options that lead to the same
 * node are told apart by their condition text.
 */
export function routingLabels(
  p: Pick<RoutingPoint, 'options'>,
  nodes: readonly NamedNode[],
): Map<string, RoutingLabel> {
  const name = nameOf(nodes);
  const target = (o: RoutingPoint['options'][number]) => name(o.target ?? o.key);
  const heads = p.options.map((o) =>
    o.scope === 'go_back' ? '↩ go back' : o.scope === 'global' ? `→ ${bare(target(o))} (global)` : `→ ${target(o)}`,
  );
  const out = new Map<string, RoutingLabel>();
  p.options.forEach((o, i) => {
    const twin = heads.filter((h) => h === heads[i]).length > 1 && o.prompt.trim();
    const when = twin ? ` when “${clip(o.prompt, 32)}”` : '';
    const noun =
      o.scope === 'go_back'
        ? 'going back'
        : o.scope === 'global'
          ? `the global node ${bare(target(o))}`
          : `the way to ${target(o)}`;
    out.set(o.key, { key: o.key, head: heads[i] + when, noun: noun + when, condition: o.prompt.trim() });
  });
  out.set(NONE, { key: NONE, head: 'none', noun: 'no condition', condition: '' });
  return out;
}

/** The label of a key, falling back to the key itself (a report made on a graph that has changed since). */
export function labelOf(labels: Map<string, RoutingLabel>, key: string): RoutingLabel {
  return labels.get(key) ?? { key, head: key, noun: key, condition: '' };
}

/** The decision point's node as the canvas names it. */
export function pointName(p: Pick<RoutingPoint, 'node_id'>, nodes: readonly NamedNode[]): string {
  return nameOf(nodes)(p.node_id);
}

const pct = (x: number) => `${Math.round(x * 100)}%`;

/** "6 of 8 lines routed as meant (75%), 2 misrouted; 1 in 3 lines meant for a condition went nowhere". */
export function pointSummary(p: Pick<RoutingPoint, 'accuracy' | 'misrouted' | 'none_rate' | 'utterances'>): string {
  if (!p.utterances.length) return 'not tested: the model wrote no usable caller line here';
  const right = p.utterances.filter((u) => u.intended === u.chosen).length;
  return `${right} of ${plural(p.utterances.length, 'line')} routed as meant (${pct(p.accuracy)}), ${p.misrouted} misrouted, ${pct(p.none_rate)} of the lines meant for a condition went nowhere`;
}

type Ids = 'parentheses' | 'none';
const withId = (text: string, key: string, ids: Ids) =>
  ids === 'parentheses' && key !== NONE ? `${text} (${key})` : text;
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One sentence per condition that took lines meant for another: "The way to Booked took 2 lines meant for the global node Opening hours." */
export function stealSentences(
  p: Pick<RoutingPoint, 'steals' | 'options'>,
  nodes: readonly NamedNode[],
  ids: Ids = 'none',
): { text: string; from: string; to: string }[] {
  const labels = routingLabels(p, nodes);
  const say = (key: string) => withId(labelOf(labels, key).noun, key, ids);
  return p.steals.map((s) => ({
    from: s.from,
    to: s.to,
    text: `${upper(say(s.to))} took ${plural(s.count, 'line')} meant for ${say(s.from)}.`,
  }));
}

/** Conditions in words: "the way to Booked, going back and the global node Opening hours". */
export function conditionList(
  keys: readonly string[],
  p: Pick<RoutingPoint, 'options'>,
  nodes: readonly NamedNode[],
  ids: Ids = 'none',
): string {
  const labels = routingLabels(p, nodes);
  const words = keys.map((k) => withId(labelOf(labels, k).noun, k, ids));
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

/** A misrouted line: "“Can I get an appointment”: meant for the way to Booked, went to the way to Cancel". */
export function misroutedLine(
  u: { text: string; intended: string; chosen: string },
  p: Pick<RoutingPoint, 'options'>,
  nodes: readonly NamedNode[],
  ids: Ids = 'none',
): string {
  const labels = routingLabels(p, nodes);
  const say = (key: string) => withId(labelOf(labels, key).noun, key, ids);
  const went = u.chosen === NONE ? 'went nowhere' : `went to ${say(u.chosen)}`;
  return `“${u.text}”: meant for ${say(u.intended)}, ${went}`;
}
