import { distance } from 'fastest-levenshtein';
import type { AgentGraph } from '../../src-shared/schemas/index.js';
import { findSnippets } from '../formats/shared/templates.js';
import { expandedPrompts, promptFields, setPromptField, type PromptField } from './prompt-fields.js';

/**
 * Snippet (DRY) analysis: text repeated across node instructions, the global prompt and conditions.
 * Exact repeats (sentence runs that occur word for word in two or more places) can be extracted into a
 * `{%snippet%}` without changing what the engine reads; near repeats (similarity above a threshold,
 * Levenshtein distance from `fastest-levenshtein`) are reported for a person to unify first. Also the
 * reverse: snippets used once (inline them) and snippets nothing uses.
 */

export interface SnippetPlace {
  path: string;
  node_id?: string;
  transition_id?: string;
  /** Where the text starts and ends in the field. */
  start: number;
  end: number;
  text: string;
}

export interface SnippetCandidate {
  id: string;
  kind: 'exact' | 'near';
  /** The proposed snippet name (unused in the graph). */
  name: string;
  /** The snippet's text (exact: the repeated text; near: the most common variant). */
  text: string;
  places: SnippetPlace[];
  /** 1 for exact repeats; the lowest pairwise similarity of the variants for near ones. */
  similarity: number;
  /** Characters saved by extracting it (exact only; 0 for near repeats). */
  saved_chars: number;
}

export interface SnippetUse {
  name: string;
  uses: { path: string; node_id?: string; transition_id?: string }[];
}

export interface SnippetReport {
  candidates: SnippetCandidate[];
  used_once: SnippetUse[];
  unused: string[];
}

export interface SnippetOptions {
  /** Shortest text worth a snippet (characters). */
  minChars?: number;
  /** Near repeats: the lowest similarity (1 - distance / longer length) reported. */
  threshold?: number;
}

interface Unit {
  field: number;
  index: number;
  start: number;
  end: number;
  text: string;
  /** Holds a snippet reference: never part of a candidate (nesting would change what expands). */
  ref: boolean;
}

const DEFAULTS = { minChars: 12, threshold: 0.8 };

/** Sentences (and lines) of a field with their offsets; text holding a snippet reference is left alone. */
function sentences(text: string, field: number): Unit[] {
  const out: Unit[] = [];
  // a sentence ends at . ! or ? followed by white space or the end, or at a line break
  const re = /[^\n]+?(?:[.!?]+(?=\s|$)|(?=\n)|$)/g;
  let index = 0;
  for (const m of text.matchAll(re)) {
    const raw = m[0];
    if (!raw.trim()) continue;
    const start = (m.index ?? 0) + raw.length - raw.trimStart().length;
    const body = raw.trim();
    out.push({ field, index: index++, start, end: start + body.length, text: body, ref: /\{%|%\}/.test(body) });
  }
  return out;
}

const similarity = (a: string, b: string) => 1 - distance(a, b) / Math.max(a.length, b.length, 1);

const STOP = new Set([
  'the',
  'a',
  'an',
  'and',
  'or',
  'to',
  'of',
  'for',
  'with',
  'is',
  'are',
  'be',
  'your',
  'their',
  'if',
]);

function proposeName(text: string, taken: Set<string>): string {
  const words = text
    .toLowerCase()
    .replace(/\{\{[^}]*\}\}/g, ' ')
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !STOP.has(w));
  const base = words.slice(0, 4).join('_') || 'snippet';
  let name = base;
  for (let n = 2; taken.has(name); n++) name = `${base}_${n}`;
  taken.add(name);
  return name;
}

function placeOf(fields: PromptField[], u: Unit, start = u.start, end = u.end): SnippetPlace {
  const f = fields[u.field];
  return {
    path: f.path,
    ...(f.node_id ? { node_id: f.node_id } : {}),
    ...(f.transition_id ? { transition_id: f.transition_id } : {}),
    start,
    end,
    text: f.text.slice(start, end),
  };
}

/**
 * Groups of identical sentences, each grown into the longest run of consecutive sentences that repeats
 * with the same places (a pasted paragraph is one snippet, not one per sentence).
 */
function exactRepeats(fields: PromptField[], units: Unit[][], minChars: number): SnippetPlace[][] {
  const groups = new Map<string, Unit[]>();
  for (const u of units.flat()) {
    if (u.ref) continue;
    const g = groups.get(u.text) ?? [];
    g.push(u);
    groups.set(u.text, g);
  }
  const repeated = [...groups.values()].filter((g) => g.length > 1);
  const absorbed = new Set<Unit>();
  const out: SnippetPlace[][] = [];
  for (const g of repeated) {
    if (g.every((u) => absorbed.has(u))) continue;
    // only grow from the first sentence of a run: the previous sentence must not repeat alongside
    const prevSame = g.every((u) => {
      const p = units[u.field][u.index - 1];
      return p && !p.ref && p.text === units[g[0].field][g[0].index - 1]?.text;
    });
    if (prevSame) continue;
    let len = 1;
    for (;;) {
      const next = g.map((u) => units[u.field][u.index + len]);
      if (next.some((n) => !n || n.ref) || new Set(next.map((n) => n.text)).size !== 1) break;
      const slices = g.map((u, i) => fields[u.field].text.slice(u.start, next[i].end));
      if (new Set(slices).size !== 1) break;
      len++;
    }
    const places = g.map((u) => {
      const last = units[u.field][u.index + len - 1];
      for (let k = 0; k < len; k++) absorbed.add(units[u.field][u.index + k]);
      return placeOf(fields, u, u.start, last.end);
    });
    // the same text twice in one field overlapping itself cannot happen; drop runs that are too short
    if (places[0].text.length >= minChars) out.push(places);
  }
  return out;
}

/** Conditions of one node are alternatives the router tells apart, not copies: similar wording there is meant. */
function distinctAlternatives(fields: PromptField[], a: Unit[], b: Unit[]): boolean {
  const key = (u: Unit) => (fields[u.field].kind === 'condition' ? fields[u.field].node_id : undefined);
  return a.every((ua) => b.every((ub) => key(ua) !== undefined && key(ua) === key(ub)));
}

function nearRepeats(fields: PromptField[], units: Unit[][], minChars: number, threshold: number): SnippetPlace[][] {
  const distinct = new Map<string, Unit[]>();
  for (const u of units.flat())
    if (u.text.length >= minChars) distinct.set(u.text, [...(distinct.get(u.text) ?? []), u]);
  const texts = [...distinct.keys()];
  // union-find over texts similar enough to each other
  const parent = texts.map((_, i) => i);
  const root = (i: number): number => (parent[i] === i ? i : (parent[i] = root(parent[i])));
  for (let i = 0; i < texts.length; i++)
    for (let j = i + 1; j < texts.length; j++) {
      const a = texts[i];
      const b = texts[j];
      if (Math.min(a.length, b.length) / Math.max(a.length, b.length) < threshold) continue;
      if (!distinctAlternatives(fields, distinct.get(a)!, distinct.get(b)!) && similarity(a, b) >= threshold)
        parent[root(j)] = root(i);
    }
  const clusters = new Map<number, string[]>();
  texts.forEach((t, i) => clusters.set(root(i), [...(clusters.get(root(i)) ?? []), t]));
  return [...clusters.values()]
    .filter((c) => c.length > 1)
    .map((c) => c.flatMap((t) => distinct.get(t)!.map((u) => placeOf(fields, u))));
}

function snippetUses(graph: AgentGraph, fields: PromptField[]): { used_once: SnippetUse[]; unused: string[] } {
  const uses = new Map<string, SnippetUse['uses']>(Object.keys(graph.snippets).map((n) => [n, []]));
  for (const f of fields)
    for (const ref of findSnippets(f.text))
      uses.get(ref.name)?.push({
        path: f.path,
        ...(f.node_id ? { node_id: f.node_id } : {}),
        ...(f.transition_id ? { transition_id: f.transition_id } : {}),
      });
  for (const [name, body] of Object.entries(graph.snippets))
    for (const ref of findSnippets(body)) if (ref.name !== name) uses.get(ref.name)?.push({ path: `snippets.${name}` });
  const all = [...uses.entries()].map(([name, u]) => ({ name, uses: u }));
  return {
    used_once: all.filter((s) => s.uses.length === 1),
    unused: all.filter((s) => !s.uses.length).map((s) => s.name),
  };
}

export function analyzeSnippets(graph: AgentGraph, opts: SnippetOptions = {}): SnippetReport {
  const { minChars, threshold } = { ...DEFAULTS, ...opts };
  const fields = promptFields(graph);
  const units = fields.map((f, i) => sentences(f.text, i));
  const allText = fields.map((f) => f.text).join('\n') + Object.values(graph.snippets).join('\n');
  const taken = new Set([...Object.keys(graph.snippets), ...findSnippets(allText).map((r) => r.name)]);
  const exact = exactRepeats(fields, units, minChars).map((places) => ({
    kind: 'exact' as const,
    name: proposeName(places[0].text, taken),
    text: places[0].text,
    places,
    similarity: 1,
    saved_chars: (places.length - 1) * places[0].text.length - places.length * 4,
  }));
  const near = nearRepeats(fields, units, minChars, threshold).map((places) => {
    const variants = [...new Set(places.map((p) => p.text))];
    let lowest = 1;
    for (let i = 0; i < variants.length; i++)
      for (let j = i + 1; j < variants.length; j++) lowest = Math.min(lowest, similarity(variants[i], variants[j]));
    const counts = variants.map((v) => places.filter((p) => p.text === v).length);
    const text = variants[counts.indexOf(Math.max(...counts))];
    return {
      kind: 'near' as const,
      name: proposeName(text, taken),
      text,
      places,
      similarity: Math.round(lowest * 1000) / 1000,
      saved_chars: 0,
    };
  });
  const candidates = [...exact.sort((a, b) => b.saved_chars - a.saved_chars), ...near].map((c, i) => ({
    id: `${c.kind === 'exact' ? 'x' : 'n'}${i + 1}`,
    ...c,
  }));
  return { candidates, ...snippetUses(graph, fields) };
}

/** Why a set of candidates cannot be applied. */
export class SnippetApplyError extends Error {}

/**
 * A new graph with the chosen exact candidates extracted into snippets. Checks that every templated
 * field expands to the same bytes as before and refuses (throws) otherwise.
 */
export function applySnippets(graph: AgentGraph, candidates: SnippetCandidate[]): AgentGraph {
  const near = candidates.find((c) => c.kind !== 'exact');
  if (near)
    throw new SnippetApplyError(
      `candidate ${near.id} is a near repeat (the places differ in wording): make them identical first, then extract it`,
    );
  const next = structuredClone(graph);
  const edits = new Map<string, { start: number; end: number; name: string }[]>();
  for (const c of candidates) {
    if (Object.hasOwn(next.snippets, c.name)) throw new SnippetApplyError(`snippet ${c.name} already exists`);
    next.snippets[c.name] = c.text;
    for (const p of c.places) edits.set(p.path, [...(edits.get(p.path) ?? []), { ...p, name: c.name }]);
  }
  const byPath = new Map(promptFields(graph).map((f) => [f.path, f.text]));
  for (const [path, list] of edits) {
    let text = byPath.get(path);
    if (text === undefined) throw new SnippetApplyError(`${path} is not a prompt field of this graph`);
    const sorted = list.sort((a, b) => b.start - a.start);
    for (let i = 1; i < sorted.length; i++)
      if (sorted[i].end > sorted[i - 1].start) throw new SnippetApplyError(`two candidates overlap in ${path}`);
    for (const e of sorted) text = `${text.slice(0, e.start)}{%${e.name}%}${text.slice(e.end)}`;
    setPromptField(next, path, text);
  }
  const before = expandedPrompts(graph);
  const after = expandedPrompts(next);
  for (const [path, text] of Object.entries(before))
    if (after[path] !== text)
      throw new SnippetApplyError(`extracting would change what the engine reads at ${path}; nothing was changed`);
  return next;
}
