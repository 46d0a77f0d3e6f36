import type { AgentGraph, Condition, GraphNode, Transition, Utterance } from '../../src-shared/schemas/index.js';
import { canonicalJson } from '../store/canonical-json.js';
import { wordDiff, type WordPart } from './transcript-diff.js';

/** One change between two agent versions, with a readable line for lists and version history. */
export interface GraphChange {
  kind: 'added' | 'removed' | 'changed';
  target: 'graph' | 'node' | 'edge' | 'prompt' | 'tool' | 'snippet' | 'metric';
  /** Node id (node, edge and node prompt changes). */
  node?: string;
  /** Transition id (edge changes). */
  edge?: string;
  /** Which field changed (`instruction`, `condition`, `target`, `global_prompt`, ...). */
  field?: string;
  before?: unknown;
  after?: unknown;
  /** Word differences for text changes (prompts, prompt conditions, snippets). */
  words?: WordPart[];
  text: string;
}

const same = (x: unknown, y: unknown) => canonicalJson(x) === canonicalJson(y);
const quote = (s: string, max = 80) => JSON.stringify(s.length > max ? s.slice(0, max - 1) + '…' : s);

/** A condition in one line: `prompt "Caller wants to book"`, `equation tier == "gold" and age >= 18`. */
export function describeCondition(c: Condition): string {
  switch (c.kind) {
    case 'prompt':
      return `prompt ${quote(c.prompt)}`;
    case 'equation':
      return `equation ${c.equations.map((e) => `${e.left} ${e.operator}${e.right !== undefined ? ` ${JSON.stringify(e.right)}` : ''}`).join(c.match === 'any' ? ' or ' : ' and ')}`;
    default:
      return c.kind;
  }
}

/** The texts a node speaks or is instructed with, by field name. */
function nodeTexts(n: GraphNode): Record<string, Utterance | undefined> {
  switch (n.type) {
    case 'conversation':
    case 'press_digit':
      return { instruction: n.instruction };
    case 'extract':
      return { instruction: n.instruction };
    case 'transfer':
    case 'end':
      return { message: n.message };
    case 'function':
      return { speak_during_execution: n.speak_during_execution };
    default:
      return {};
  }
}

/** Node fields compared as settings (everything but texts, transitions, position and source data). */
function nodeSettings(n: GraphNode): Record<string, unknown> {
  const { id: _id, transitions: _t, position: _p, source_meta: _s, ...rest } = n as GraphNode & Record<string, unknown>;
  for (const k of Object.keys(nodeTexts(n))) delete (rest as Record<string, unknown>)[k];
  return rest;
}

function textChange(
  field: string,
  node: string | undefined,
  before: string,
  after: string,
  label: string,
): GraphChange {
  const kind = !before ? 'added' : !after ? 'removed' : 'changed';
  return {
    kind,
    target: 'prompt',
    node,
    field,
    before,
    after,
    words: wordDiff(before, after),
    text: `${label} ${kind === 'changed' ? 'changed' : kind}: ${quote(before || after)}${kind === 'changed' ? ` -> ${quote(after)}` : ''}`,
  };
}

type NodeName = (id: string) => string;

/**
 * How a change names a node: “Collect date of birth” (its name, from the newer version when renamed),
 * the id when it has no name. The ids stay in the change's `node` / `edge` fields.
 */
function nodeNamer(a: AgentGraph, b: AgentGraph): NodeName {
  const names = new Map<string, string>();
  for (const n of [...a.nodes, ...b.nodes]) if (n.name?.trim()) names.set(n.id, n.name.trim());
  return (id) => (names.has(id) ? `“${names.get(id)}”` : id);
}

function diffEdges(node: string, a: Transition[], b: Transition[], nm: NodeName): GraphChange[] {
  const out: GraphChange[] = [];
  const from = nm(node);
  const bById = new Map(b.map((t) => [t.id, t]));
  const aIds = new Set(a.map((t) => t.id));
  for (const t of a) {
    const u = bById.get(t.id);
    if (!u) {
      out.push({
        kind: 'removed',
        target: 'edge',
        node,
        edge: t.id,
        before: t,
        text: `edge ${from} -> ${nm(t.target)} (${describeCondition(t.condition)}) removed`,
      });
      continue;
    }
    if (t.target !== u.target)
      out.push({
        kind: 'changed',
        target: 'edge',
        node,
        edge: t.id,
        field: 'target',
        before: t.target,
        after: u.target,
        text: `edge from ${from} now goes to ${nm(u.target)} (was ${nm(t.target)})`,
      });
    if (!same(t.condition, u.condition)) {
      const words =
        t.condition.kind === 'prompt' && u.condition.kind === 'prompt'
          ? wordDiff(t.condition.prompt, u.condition.prompt)
          : undefined;
      out.push({
        kind: 'changed',
        target: 'edge',
        node,
        edge: t.id,
        field: 'condition',
        before: t.condition,
        after: u.condition,
        ...(words ? { words } : {}),
        text: `edge ${from} -> ${nm(u.target)} condition: ${describeCondition(t.condition)} -> ${describeCondition(u.condition)}`,
      });
    }
    if ((t.order ?? null) !== (u.order ?? null))
      out.push({
        kind: 'changed',
        target: 'edge',
        node,
        edge: t.id,
        field: 'order',
        before: t.order ?? null,
        after: u.order ?? null,
        text: `edge ${from} -> ${nm(u.target)} order ${t.order ?? '-'} -> ${u.order ?? '-'}`,
      });
  }
  for (const u of b)
    if (!aIds.has(u.id))
      out.push({
        kind: 'added',
        target: 'edge',
        node,
        edge: u.id,
        after: u,
        text: `edge ${from} -> ${nm(u.target)} (${describeCondition(u.condition)}) added`,
      });
  return out;
}

function diffNode(a: GraphNode, b: GraphNode, nm: NodeName): GraphChange[] {
  const out: GraphChange[] = [];
  const id = a.id;
  const name = nm(id);
  if (a.type !== b.type)
    out.push({
      kind: 'changed',
      target: 'node',
      node: id,
      field: 'type',
      before: a.type,
      after: b.type,
      text: `node ${name} type ${a.type} -> ${b.type}`,
    });
  const ta = nodeTexts(a);
  const tb = nodeTexts(b);
  for (const field of new Set([...Object.keys(ta), ...Object.keys(tb)])) {
    const x = ta[field];
    const y = tb[field];
    if ((x?.text ?? '') !== (y?.text ?? ''))
      out.push(textChange(field, id, x?.text ?? '', y?.text ?? '', `node ${name} ${field}`));
    if (x && y && x.mode !== y.mode)
      out.push({
        kind: 'changed',
        target: 'prompt',
        node: id,
        field: `${field}.mode`,
        before: x.mode,
        after: y.mode,
        text: `node ${name} ${field} mode ${x.mode} -> ${y.mode}`,
      });
  }
  const sa = nodeSettings(a);
  const sb = nodeSettings(b);
  for (const k of new Set([...Object.keys(sa), ...Object.keys(sb)])) {
    if (k === 'type' || same(sa[k], sb[k])) continue;
    out.push({
      kind: 'changed',
      target: 'node',
      node: id,
      field: k,
      before: sa[k],
      after: sb[k],
      text: `node ${name} ${k}: ${canonicalJson(sa[k] ?? null)} -> ${canonicalJson(sb[k] ?? null)}`,
    });
  }
  out.push(...diffEdges(id, a.transitions, b.transitions, nm));
  return out;
}

function diffNamed<T extends { name: string }>(
  target: 'tool' | 'metric',
  a: T[],
  b: T[],
  key: (x: T) => string,
): GraphChange[] {
  const out: GraphChange[] = [];
  const bByKey = new Map(b.map((x) => [key(x), x]));
  const aKeys = new Set(a.map(key));
  for (const x of a) {
    const y = bByKey.get(key(x));
    if (!y) out.push({ kind: 'removed', target, before: x, text: `${target} ${key(x)} removed` });
    else if (!same(x, y))
      out.push({ kind: 'changed', target, before: x, after: y, text: `${target} ${key(x)} changed` });
  }
  for (const y of b)
    if (!aKeys.has(key(y))) out.push({ kind: 'added', target, after: y, text: `${target} ${key(y)} added` });
  return out;
}

/**
 * The changes from agent version A to version B: graph settings, global prompt, snippets, tools,
 * agent metrics, nodes added/removed/changed (type, texts, settings), edges added/removed/changed
 * (target, condition, order). Positions and source-format data are layout, not behaviour: ignored.
 */
export function diffGraphs(a: AgentGraph, b: AgentGraph): GraphChange[] {
  const out: GraphChange[] = [];
  const nm = nodeNamer(a, b);
  for (const field of ['entry_node_id', 'first_speaker', 'name'] as const) {
    if (a[field] !== b[field])
      out.push({
        kind: 'changed',
        target: 'graph',
        field,
        before: a[field],
        after: b[field],
        text:
          field === 'entry_node_id'
            ? `entry node ${nm(a[field])} -> ${nm(b[field])}`
            : `${field} ${JSON.stringify(a[field])} -> ${JSON.stringify(b[field])}`,
      });
  }
  if (a.global_prompt !== b.global_prompt)
    out.push(textChange('global_prompt', undefined, a.global_prompt, b.global_prompt, 'global prompt'));
  if (!same(a.default_variables, b.default_variables))
    out.push({
      kind: 'changed',
      target: 'graph',
      field: 'default_variables',
      before: a.default_variables,
      after: b.default_variables,
      text: 'default variables changed',
    });
  for (const k of new Set([...Object.keys(a.snippets), ...Object.keys(b.snippets)])) {
    const x = a.snippets[k] ?? '';
    const y = b.snippets[k] ?? '';
    if (x !== y) out.push({ ...textChange(`snippets.${k}`, undefined, x, y, `snippet ${k}`), target: 'snippet' });
  }
  out.push(...diffNamed('tool', a.tools, b.tools, (t) => t.name));
  out.push(
    ...diffNamed(
      'metric',
      a.metrics.map((m) => ({ ...m, name: m.criterion })),
      b.metrics.map((m) => ({ ...m, name: m.criterion })),
      (m) => m.name,
    ),
  );
  const bNodes = new Map(b.nodes.map((n) => [n.id, n]));
  const aIds = new Set(a.nodes.map((n) => n.id));
  for (const n of a.nodes) {
    const m = bNodes.get(n.id);
    if (!m)
      out.push({
        kind: 'removed',
        target: 'node',
        node: n.id,
        before: n,
        text: `node ${nm(n.id)} (${n.type}) removed`,
      });
    else out.push(...diffNode(n, m, nm));
  }
  for (const m of b.nodes) {
    if (!aIds.has(m.id))
      out.push({
        kind: 'added',
        target: 'node',
        node: m.id,
        after: m,
        text: `node ${nm(m.id)} (${m.type}) added${m.transitions.length ? ` with ${m.transitions.length} edge(s)` : ''}`,
      });
  }
  return out;
}
