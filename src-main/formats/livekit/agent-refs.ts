import type { SyntaxNode } from '@lezer/common';
import { callArgs, child, children, dottedName, type PySource, stringValue } from './python-syntax.js';

/**
 * Where an expression names an agent, as far as it can be read without running the file: a constructor call
 * `X(...)`, a variable last assigned one in the same function, or a key of a literal dict of agents
 * (`{"greeter": Greeter(menu), ...}`), looked up as `agents["greeter"]` or passed as a call's first
 * argument (`self._transfer_to_agent("greeter", context)`).
 */
export type AgentRef = { agent: string } | { key: string };

/** Nodes named `name` under `n`, not descending into `stop` nodes (nested functions). */
export function descendants(n: SyntaxNode, name: string, stop?: string): SyntaxNode[] {
  const out: SyntaxNode[] = [];
  const walk = (x: SyntaxNode) => {
    for (let c = x.firstChild; c; c = c.nextSibling) {
      if (c.name === name) out.push(c);
      if (stop && c.name === stop) continue;
      walk(c);
    }
  };
  walk(n);
  return out;
}

const ctorName = (src: PySource, n: SyntaxNode | undefined) =>
  n?.name === 'CallExpression' && n.firstChild?.name === 'VariableName' ? src.slice(n.firstChild) : undefined;

/** `agents["key"]`: the literal key of a subscript, else undefined. */
function subscriptKey(src: PySource, n: SyntaxNode): string | undefined {
  if (n.name !== 'MemberExpression' || !child(n, '[')) return undefined;
  const parts = children(n).filter((c) => c.name !== '[' && c.name !== ']');
  return parts.length === 2 ? stringValue(src, parts[1]) : undefined;
}

/** What `e` refers to (see AgentRef); `body` and `before` bound the assignments a variable is looked up in. */
export function agentRef(src: PySource, e: SyntaxNode, body: SyntaxNode, before: number): AgentRef | undefined {
  if (e.name === 'AwaitExpression') {
    const inner = children(e).find((c) => c.name !== 'await');
    return inner ? agentRef(src, inner, body, before) : undefined;
  }
  const ctor = ctorName(src, e);
  if (ctor) return { agent: ctor };
  const key = subscriptKey(src, e);
  if (key !== undefined) return { key };
  if (e.name === 'CallExpression') {
    const first = callArgs(src, child(e, 'ArgList')!).positional[0];
    const k = first ? stringValue(src, first) : undefined;
    return k !== undefined ? { key: k } : undefined;
  }
  if (e.name !== 'VariableName') return undefined;
  const name = src.slice(e);
  let found: AgentRef | undefined;
  for (const a of descendants(body, 'AssignStatement', 'FunctionDefinition')) {
    if (a.from >= before) continue;
    const [target, op, value] = children(a);
    if (target?.name === 'VariableName' && op?.name === 'AssignOp' && src.slice(target) === name)
      found = value && value.name !== 'VariableName' ? agentRef(src, value, body, a.from) : undefined;
  }
  return found;
}

/** Every literal dict in the module whose values construct agent classes: key -> class. */
export function literalAgentDicts(src: PySource, top: SyntaxNode, agents: Set<string>): Map<string, string> {
  const out = new Map<string, string>();
  for (const d of descendants(top, 'DictionaryExpression')) {
    const items = children(d).filter((c) => !['{', '}', ',', ':'].includes(c.name));
    for (let i = 0; i + 1 < items.length; i += 2) {
      const key = stringValue(src, items[i]);
      const cls = ctorName(src, items[i + 1]);
      if (key !== undefined && cls && agents.has(cls)) out.set(key, cls);
    }
  }
  return out;
}

/** Every class name called as a constructor somewhere in the module. */
export function constructedNames(src: PySource, top: SyntaxNode): Set<string> {
  const out = new Set<string>();
  for (const call of descendants(top, 'CallExpression')) {
    const n = ctorName(src, call);
    if (n) out.add(n);
  }
  return out;
}

/** The enclosing function body of `n` (or the module). */
function scopeOf(n: SyntaxNode, top: SyntaxNode): SyntaxNode {
  for (let a = n.parent; a; a = a.parent) if (a.name === 'FunctionDefinition') return child(a, 'Body') ?? top;
  return top;
}

/** `session.start(agent=...)`: the agent class it starts with, or the source text when that cannot be read. */
export function findStartAgent(
  src: PySource,
  top: SyntaxNode,
  agents: Set<string>,
  registry: Map<string, string>,
): { agent: string } | { unresolved: string; line: number } | undefined {
  let unresolved: { unresolved: string; line: number } | undefined;
  for (const call of descendants(top, 'CallExpression')) {
    const callee = call.firstChild;
    const name = callee ? dottedName(src, callee) : undefined;
    if (!name?.endsWith('.start')) continue;
    const agent = callArgs(src, child(call, 'ArgList')!).keywords.get('agent');
    if (!agent) continue;
    const ref = agentRef(src, agent, scopeOf(call, top), call.from);
    const cls = ref && ('agent' in ref ? ref.agent : registry.get(ref.key));
    if (cls && agents.has(cls)) return { agent: cls };
    unresolved ??= { unresolved: src.slice(agent), line: src.line(agent) };
  }
  return unresolved;
}
