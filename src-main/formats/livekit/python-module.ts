import type { SyntaxNode } from '@lezer/common';
import { parser } from '@lezer/python';
import { agentRef, constructedNames, descendants, findStartAgent, literalAgentDicts } from './agent-refs.js';
import { callArgs, child, children, dottedName, PySource, stringValue } from './python-syntax.js';

/**
 * A Python module read with @lezer/python into what the LiveKit importer needs: its agent classes
 * (deriving from `Agent`), their `instructions`, `@function_tool` methods (parameters, docstring,
 * the agents they return) and the agent a session starts with. Plain JSON, so the importer stays a
 * mapping. Text from the file is data: nothing in it is run.
 */

export interface PyParam {
  name: string;
  annotation?: string;
  optional: boolean;
}
export interface PyReturn {
  agent: string;
  message?: string;
}
/** A return read before the module's agent dicts are known: a class, or a key of a literal dict of agents. */
type RawReturn = ({ agent: string } | { key: string }) & { message?: string };
export interface PyTool {
  method: string;
  line: number;
  name?: string;
  description?: string;
  params: PyParam[];
  returns: PyReturn[];
}
export interface PyClass {
  name: string;
  line: number;
  bases: string[];
  instructions?: { text: string; literal: boolean; line: number };
  /** Class attribute `parley_id = "..."`: the graph node id when it is not a Python identifier. */
  nodeId?: string;
  /** `await self.session.say("...")` in `on_enter`. */
  greeting?: string;
  tools: PyTool[];
}
export interface PyModule {
  classes: PyClass[];
  /** The agent class `session.start(agent=X(...))` starts with. */
  startAgent?: string;
  /** `session.start(agent=...)` naming an agent Parley cannot resolve: its source text and line. */
  startUnresolved?: { text: string; line: number };
  /** Agent classes other agents derive from that are never started: bases, not nodes (their tools go to each subclass). */
  bases?: { name: string; line: number; subclasses: string[] }[];
  docstring?: string;
}

type PyIssue = { path: string; message: string };
export type ReadPython = { ok: true; module: PyModule; warnings: PyIssue[] } | { ok: false; errors: PyIssue[] };

/**
 * @lezer/python (1.1.19, the newest) puts an empty error node after a bare `yield` (valid Python: it yields
 * None). Inside a function body that node is not a syntax error of the file.
 */
function isBareYield(node: SyntaxNode): boolean {
  const parent = node.parent;
  if (node.from !== node.to || !parent || (parent.name !== 'YieldStatement' && parent.name !== 'YieldExpression'))
    return false;
  if (node.prevSibling?.name !== 'yield') return false;
  for (let a = parent.parent; a; a = a.parent) if (a.name === 'FunctionDefinition') return true;
  return false;
}

export function readPythonModule(text: string, opts: { maxDepth: number }): ReadPython {
  const src = new PySource(text);
  const tree = parser.parse(text);
  const errors: PyIssue[] = [];
  const warnings: PyIssue[] = [];
  const cursor = tree.cursor();
  let depth = 0;
  let tooDeep = false;
  for (;;) {
    if (cursor.type.isError && isBareYield(cursor.node)) {
      const { line } = src.at(cursor.from);
      warnings.push({
        path: `line ${line}`,
        message: `a bare \`yield\` at line ${line} is valid Python (it yields None), but the Python parser (@lezer/python) reports it as a syntax error; Parley reads past it and reads the rest of the file`,
      });
    } else if (cursor.type.isError && errors.length < 5) {
      const { line, column } = src.at(cursor.from);
      const near = text.slice(cursor.from, cursor.from + 20).split('\n')[0];
      errors.push({
        path: `line ${line}, column ${column}`,
        message: `Python syntax error at line ${line}, column ${column}${near ? ` near ${JSON.stringify(near)}` : ''}; expected valid Python source`,
      });
    }
    if (cursor.firstChild()) {
      depth++;
      if (depth > opts.maxDepth * 4 && !tooDeep) {
        tooDeep = true;
        const { line } = src.at(cursor.from);
        errors.push({
          path: `line ${line}`,
          message: `code nested deeper than ${opts.maxDepth * 4} levels; expected at most ${opts.maxDepth * 4}`,
        });
      }
      continue;
    }
    while (!cursor.nextSibling()) {
      if (!cursor.parent()) return finish();
      depth--;
    }
  }
  function finish(): ReadPython {
    if (errors.length) return { ok: false, errors };
    return { ok: true, module: readModule(src, tree.topNode), warnings };
  }
}

function readModule(src: PySource, top: SyntaxNode): PyModule {
  const strings = new Map<string, string>();
  const classes: PyClass[] = [];
  let docstring: string | undefined;
  children(top).forEach((stmt, i) => {
    if (i === 0 && stmt.name === 'ExpressionStatement' && stmt.firstChild)
      docstring = stringValue(src, stmt.firstChild);
    if (stmt.name === 'AssignStatement') {
      const [target, op, value] = children(stmt);
      const v = value && op?.name === 'AssignOp' ? stringValue(src, value) : undefined;
      if (target?.name === 'VariableName' && v !== undefined) strings.set(src.slice(target), v);
    }
    const cls =
      stmt.name === 'DecoratedStatement'
        ? child(stmt, 'ClassDefinition')
        : stmt.name === 'ClassDefinition'
          ? stmt
          : undefined;
    if (cls) classes.push(readClass(src, cls, strings));
  });
  const agents = agentClasses(classes);
  const names = new Set(agents.map((c) => c.name));
  const registry = literalAgentDicts(src, top, names);
  for (const c of agents) for (const t of c.tools) t.returns = resolveReturns(t.returns as RawReturn[], registry);
  const start = findStartAgent(src, top, names, registry);
  const startAgent = start && 'agent' in start ? start.agent : undefined;
  const constructed = constructedNames(src, top);
  const bases = agents.filter(
    (c) => c.name !== startAgent && !constructed.has(c.name) && agents.some((o) => o.bases.includes(c.name)),
  );
  const mod: PyModule = { classes: agents.filter((c) => !bases.includes(c)).map((c) => inherit(c, bases)) };
  if (!mod.classes.length) mod.classes = agents;
  else if (bases.length)
    mod.bases = bases.map((b) => ({
      name: b.name,
      line: b.line,
      subclasses: agents.filter((o) => o.bases.includes(b.name)).map((o) => o.name),
    }));
  if (docstring !== undefined) mod.docstring = docstring;
  if (startAgent) mod.startAgent = startAgent;
  else if (start && 'unresolved' in start) mod.startUnresolved = { text: start.unresolved, line: start.line };
  return mod;
}

/** Returns naming a key of a literal agent dict become returns of that class; unknown keys are not handoffs. */
function resolveReturns(raw: RawReturn[], registry: Map<string, string>): PyReturn[] {
  return raw.flatMap((r) => {
    const agent = 'agent' in r ? r.agent : registry.get(r.key);
    return agent ? [{ agent, ...(r.message !== undefined ? { message: r.message } : {}) }] : [];
  });
}

/** A class with the tools of its base classes that are not nodes (those it does not define itself). */
function inherit(c: PyClass, bases: PyClass[]): PyClass {
  const extra: PyTool[] = [];
  const seen = new Set(c.tools.map((t) => t.method));
  const visit = (names: string[]) => {
    for (const b of bases.filter((x) => names.includes(x.name))) {
      for (const t of b.tools.filter((x) => !seen.has(x.method))) {
        seen.add(t.method);
        extra.push(t);
      }
      visit(b.bases);
    }
  };
  visit(c.bases);
  return extra.length ? { ...c, tools: [...c.tools, ...extra] } : c;
}

/** Classes deriving from `Agent` (directly, as `agents.Agent` / `voice.Agent`, or through another agent class). */
function agentClasses(all: PyClass[]): PyClass[] {
  const agent = new Set<string>();
  for (let changed = true; changed;) {
    changed = false;
    for (const c of all)
      if (!agent.has(c.name) && c.bases.some((b) => b === 'Agent' || b.endsWith('.Agent') || agent.has(b))) {
        agent.add(c.name);
        changed = true;
      }
  }
  return all.filter((c) => agent.has(c.name));
}

function readClass(src: PySource, cls: SyntaxNode, strings: Map<string, string>): PyClass {
  const name = src.slice(child(cls, 'VariableName')!);
  const argList = child(cls, 'ArgList');
  const bases = argList ? callArgs(src, argList).positional.map((b) => dottedName(src, b) ?? src.slice(b)) : [];
  const out: PyClass = { name, line: src.line(cls), bases, tools: [] };
  const body = child(cls, 'Body');
  for (const stmt of body ? children(body) : []) {
    if (stmt.name === 'AssignStatement') {
      const [target, , value] = children(stmt);
      if (target && src.slice(target) === 'parley_id' && value) out.nodeId = stringValue(src, value);
      continue;
    }
    const decorators = stmt.name === 'DecoratedStatement' ? children(stmt, 'Decorator') : [];
    const fn =
      stmt.name === 'FunctionDefinition'
        ? stmt
        : stmt.name === 'DecoratedStatement'
          ? child(stmt, 'FunctionDefinition')
          : undefined;
    if (!fn) continue;
    const method = src.slice(child(fn, 'VariableName')!);
    if (method === '__init__') out.instructions ??= readInstructions(src, fn, strings);
    if (method === 'on_enter') {
      const g = readGreeting(src, fn);
      if (g !== undefined) out.greeting = g;
    }
    const tool = decorators.find((d) => {
      const callee = children(d).find((c) => c.name === 'VariableName' || c.name === 'MemberExpression');
      const n = callee ? dottedName(src, callee) : undefined;
      return n === 'function_tool' || !!n?.endsWith('.function_tool');
    });
    if (tool) out.tools.push(readTool(src, fn, method, tool));
  }
  return out;
}

/** `super().__init__(instructions=...)` inside `__init__`: a string literal, a module constant, or (kept as source) anything else. */
function readInstructions(src: PySource, fn: SyntaxNode, strings: Map<string, string>): PyClass['instructions'] {
  for (const call of descendants(fn, 'CallExpression')) {
    const callee = call.firstChild;
    if (
      !callee ||
      callee.name !== 'MemberExpression' ||
      !src.slice(callee).replace(/\s+/g, '').endsWith('super().__init__')
    )
      continue;
    const value = callArgs(src, child(call, 'ArgList')!).keywords.get('instructions');
    if (!value) return undefined;
    const literal =
      stringValue(src, value) ?? (value.name === 'VariableName' ? strings.get(src.slice(value)) : undefined);
    return { text: literal ?? src.slice(value), literal: literal !== undefined, line: src.line(value) };
  }
  return undefined;
}

function readGreeting(src: PySource, fn: SyntaxNode): string | undefined {
  for (const call of descendants(fn, 'CallExpression')) {
    const callee = call.firstChild;
    if (callee && dottedName(src, callee) === 'self.session.say') {
      const first = callArgs(src, child(call, 'ArgList')!).positional[0];
      return first ? stringValue(src, first) : undefined;
    }
  }
  return undefined;
}

function readTool(src: PySource, fn: SyntaxNode, method: string, decorator: SyntaxNode): PyTool {
  const tool: PyTool = { method, line: src.line(fn), params: [], returns: [] };
  const dargs = child(decorator, 'ArgList');
  if (dargs) {
    const kw = callArgs(src, dargs).keywords;
    const name = kw.get('name');
    const description = kw.get('description');
    if (name) tool.name = stringValue(src, name);
    if (description) tool.description = stringValue(src, description);
  }
  const body = child(fn, 'Body');
  const first = body ? children(body).find((c) => c.name !== ':') : undefined;
  if (tool.description === undefined && first?.name === 'ExpressionStatement' && first.firstChild) {
    const doc = stringValue(src, first.firstChild);
    if (doc !== undefined) tool.description = cleanDocstring(doc);
  }
  tool.params = readParams(src, child(fn, 'ParamList')!);
  for (const ret of body ? descendants(body, 'ReturnStatement', 'FunctionDefinition') : []) {
    const parts = children(ret).filter((c) => c.name !== 'return' && c.name !== ',');
    const inner =
      parts.length === 1 && parts[0].name === 'TupleExpression'
        ? children(parts[0]).filter((c) => c.name !== ',' && c.name !== '(' && c.name !== ')')
        : parts;
    const ref = inner[0] ? agentRef(src, inner[0], body!, ret.from) : undefined;
    if (!ref) continue;
    const r: RawReturn = { ...ref };
    const message = inner[1] ? stringValue(src, inner[1]) : undefined;
    if (message !== undefined) r.message = message;
    // Keys are resolved into classes by readModule once the module's agent dicts are known.
    (tool.returns as RawReturn[]).push(r);
  }
  return tool;
}

function readParams(src: PySource, list: SyntaxNode): PyParam[] {
  const out: PyParam[] = [];
  const items = children(list).filter((c) => !['(', ')', ','].includes(c.name));
  for (let i = 0; i < items.length; i++) {
    const c = items[i];
    if (c.name !== 'VariableName') continue;
    const p: PyParam = { name: src.slice(c), optional: false };
    if (items[i + 1]?.name === 'TypeDef') {
      const t = children(items[i + 1]).find((x) => x.name !== ':');
      if (t) p.annotation = src.slice(t);
      i++;
    }
    if (items[i + 1]?.name === 'AssignOp') {
      p.optional = true;
      i += 2;
    }
    if (p.name === 'self' || p.annotation === 'RunContext' || p.annotation?.startsWith('RunContext[')) continue;
    if (p.name === 'context' || p.name === 'ctx') continue;
    out.push(p);
  }
  return out;
}

/** A docstring without its common indentation and surrounding blank lines. */
export function cleanDocstring(doc: string): string {
  const lines = doc.split('\n');
  const indents = lines
    .slice(1)
    .filter((l) => l.trim())
    .map((l) => l.length - l.trimStart().length);
  const cut = indents.length ? Math.min(...indents) : 0;
  return [lines[0].trim(), ...lines.slice(1).map((l) => l.slice(cut).trimEnd())].join('\n').trim();
}
