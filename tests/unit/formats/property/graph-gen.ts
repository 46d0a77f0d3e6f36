import fc from 'fast-check';
import { EQUATION_OPERATORS, type AgentGraphInput } from '../../../../src-shared/schemas/index.js';

/**
 * Random valid AgentGraphs restricted to what one format can carry (its "caps"), built with
 * fc.gen() so structural constraints (one else per logic node, unique orders, targets that exist)
 * hold by construction.
 */

type Gen = (arb: (...args: never[]) => fc.Arbitrary<unknown>, ...args: unknown[]) => unknown;
type NodeType = 'conversation' | 'logic' | 'extract' | 'function' | 'transfer' | 'end' | 'press_digit';
type Kind = 'prompt' | 'equation' | 'else' | 'always' | 'skip';

/** A graph under construction: plain data, typed loosely so per-format hooks can shape it. */
export interface LooseNode {
  [k: string]: unknown;
  id: string;
  type: string;
  tool?: string;
  tools?: string[];
  transitions: { target: string; [k: string]: unknown }[];
}
export interface LooseGraph {
  [k: string]: unknown;
  name: string;
  entry_node_id: string;
  nodes: LooseNode[];
  tools: Record<string, unknown>[];
}

export interface Caps {
  types: NodeType[];
  /** Condition kinds allowed on each node type (logic nodes always get exactly one else when 'else' is allowed). */
  kinds: (type: NodeType) => Kind[];
  maxNodes: number;
  minNodes?: number;
  utteranceModes: (where: 'instruction' | 'message' | 'speak') => ('prompt' | 'static')[];
  operators: readonly string[];
  /** Condition edges carry a unique `order`. */
  order: boolean;
  skipResponse: boolean;
  positions: 'always' | 'optional' | 'never';
  nodeNames: 'always' | 'optional' | 'never';
  globals: 'none' | 'entry' | 'entry+goback';
  /** Transition ids as the importer synthesizes them, or free (unique) ids. */
  transitionId: (nodeId: string, j: number, target: string) => string;
  globalEntryId?: (nodeId: string, k: number) => string;
  goBackId?: (nodeId: string, k: number) => string;
  firstSpeaker: boolean;
  beginMessage: boolean;
  globalPrompt: boolean;
  snippets: boolean;
  defaultVariables: 'none' | 'strings' | 'json';
  /** Transition order as the format stores it (e.g. Retell: edges, then else, always, skip). */
  sortTransitions?: <T extends { condition: Record<string, unknown> }>(ts: T[]) => T[];
  /** Transfer nodes: at most this many transitions. */
  transferMaxTransitions?: number;
  endTransitions: boolean;
  /** Hook to finish the graph (tools, names) the way the format's importer shapes them. */
  finish?: (g: LooseGraph, gen: Gen) => void;
  nodeExtras?: (type: NodeType, gen: Gen) => Record<string, unknown>;
  idPrefix?: string;
}

export const text = (max = 30) =>
  fc.string({ minLength: 1, maxLength: max }).filter((s) => s.trim() !== '' && !s.includes('{%') && !s.includes('{{'));
export const ident = () => fc.stringMatching(/^[a-z][a-z0-9_]{0,7}$/);

export function graphArb(caps: Caps): fc.Arbitrary<AgentGraphInput> {
  return fc.gen().map((g0) => build(caps, g0 as unknown as Gen));
}

function build(caps: Caps, gen: Gen): AgentGraphInput {
  const pick = <T>(xs: readonly T[]) => xs[gen(fc.integer, { min: 0, max: xs.length - 1 }) as number];
  const bool = () => gen(fc.boolean) as boolean;
  const str = (max?: number) => gen(text, max) as string;
  const n = gen(fc.integer, { min: caps.minNodes ?? 1, max: caps.maxNodes }) as number;
  const ids = gen(fc.uniqueArray, ident(), { minLength: n, maxLength: n }) as string[];
  const prefixed = ids.map((id) => `${caps.idPrefix ?? ''}${id}`);
  const utter = (where: 'instruction' | 'message' | 'speak') => ({
    mode: pick(caps.utteranceModes(where)),
    text: str(),
  });
  const variable = () => gen(ident) as string;
  const condition = (kind: Kind) => {
    if (kind === 'prompt') return { kind, prompt: str() };
    if (kind === 'equation') {
      const count = gen(fc.integer, { min: 1, max: 3 }) as number;
      const equations = Array.from({ length: count }, () => {
        const operator = pick(caps.operators);
        return operator === 'exists' || operator === 'not_exists'
          ? { left: variable(), operator }
          : { left: variable(), operator, right: gen(fc.string, { maxLength: 8 }) as string };
      });
      return { kind, match: pick(['all', 'any'] as const), equations };
    }
    return { kind };
  };

  const nodes = prefixed.map((id, i) => {
    const type = i === 0 && caps.types.includes('conversation') ? 'conversation' : pick(caps.types);
    const node: Record<string, unknown> = { id, type };
    if (caps.nodeNames === 'always' || (caps.nodeNames === 'optional' && bool())) node.name = str(12);
    if (caps.positions === 'always' || (caps.positions === 'optional' && bool()))
      node.position = { x: gen(fc.integer, { min: -500, max: 500 }), y: gen(fc.integer, { min: -500, max: 500 }) };
    const skip = type === 'conversation' && caps.skipResponse && caps.kinds(type).includes('skip') && bool();
    switch (type) {
      case 'conversation':
        node.instruction = utter('instruction');
        if (skip) node.skip_response = true;
        break;
      case 'extract':
        node.variables = gen(fc.uniqueArray, ident(), { minLength: 1, maxLength: 3 }) as string[];
        node.variables = (node.variables as string[]).map((name) => {
          const t = pick(['text', 'number', 'boolean', 'enum'] as const);
          return {
            name,
            description: str(),
            type: t,
            ...(t === 'enum' ? { choices: gen(fc.array, text(6), { minLength: 1, maxLength: 3 }) } : {}),
          };
        });
        break;
      case 'function':
        node.tool = `tool_${i}`;
        node.output_variables = [];
        node.actions = [];
        break;
      case 'transfer':
        node.target = `+1415555${String(1000 + i)}`;
        break;
      case 'end':
        break;
      case 'press_digit':
        node.instruction = utter('instruction');
        break;
    }
    Object.assign(node, caps.nodeExtras?.(type, gen) ?? {});
    let transitions: { id?: string; target: string; condition: Record<string, unknown>; order?: number }[] = [];
    const allowed = caps.kinds(type);
    if (skip) transitions = [{ target: pick(prefixed), condition: { kind: 'skip' } }];
    else if (type === 'end' && !caps.endTransitions) transitions = [];
    else {
      const condKinds = allowed.filter((k) => k === 'prompt' || k === 'equation');
      const count = gen(fc.integer, {
        min: 0,
        max: type === 'transfer' ? (caps.transferMaxTransitions ?? 3) : 3,
      }) as number;
      for (let j = 0; j < count && condKinds.length; j++)
        transitions.push({ target: pick(prefixed), condition: condition(pick(condKinds)) });
      if (type === 'logic' && allowed.includes('else'))
        transitions.push({ target: pick(prefixed), condition: { kind: 'else' } });
      else if (type !== 'transfer') {
        if (allowed.includes('else') && bool())
          transitions.push({ target: pick(prefixed), condition: { kind: 'else' } });
        if (allowed.includes('always') && bool())
          transitions.push({ target: pick(prefixed), condition: { kind: 'always' } });
      }
      if (caps.order) {
        let o = 0;
        for (const t of transitions)
          if (t.condition.kind === 'prompt' || t.condition.kind === 'equation') t.order = o++;
      }
    }
    if (caps.sortTransitions) transitions = caps.sortTransitions(transitions);
    node.transitions = transitions.map((t, j) => ({ id: caps.transitionId(id, j, t.target), ...t }));
    if (caps.globals !== 'none' && i > 0 && gen(fc.integer, { min: 0, max: 3 }) === 0) {
      const entries = caps.globalEntryId ? 1 : (gen(fc.integer, { min: 1, max: 2 }) as number);
      node.global = {
        entry_conditions: Array.from({ length: entries }, (_, k) => ({
          id: caps.globalEntryId ? caps.globalEntryId(id, k) : `${id}_g${k}`,
          condition: condition(caps.globalEntryId ? 'prompt' : pick(['prompt', 'equation'] as const)),
        })),
        go_back_conditions:
          caps.globals === 'entry+goback'
            ? Array.from({ length: gen(fc.integer, { min: 0, max: 2 }) as number }, (_, k) => ({
                id: caps.goBackId ? caps.goBackId(id, k) : `${id}_b${k}`,
                condition: condition('prompt'),
              }))
            : [],
      };
    }
    return node;
  });

  const graph = {
    name: 'prop',
    entry_node_id: prefixed[0],
    first_speaker: caps.firstSpeaker && bool() ? 'caller' : 'agent',
    global_prompt: caps.globalPrompt && bool() ? str() : '',
    ...(caps.beginMessage && bool() ? { begin_message: str() } : {}),
    snippets: caps.snippets && bool() ? { greeting: str() } : {},
    default_variables:
      caps.defaultVariables === 'none' || !bool()
        ? {}
        : caps.defaultVariables === 'strings'
          ? { plan: str(8) }
          : { plan: str(8), limits: { max: 3, tags: ['a'] } },
    tools: [] as Record<string, unknown>[],
    nodes: nodes as LooseNode[],
  };
  caps.finish?.(graph, gen);
  return graph as unknown as AgentGraphInput;
}

export const ALL_OPERATORS = EQUATION_OPERATORS;
