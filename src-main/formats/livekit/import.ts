import type { AgentGraphInput, ToolDef } from '../../../src-shared/schemas/index.js';
import type { ImportContext } from '../types.js';
import type { PyClass, PyModule, PyParam, PyTool } from './python-module.js';

export const handoffPlaceholder = (target: string) => `The caller should now be handed over to "${target}"`;
const END_NAMES = new Set(['end_call', 'hang_up', 'hangup']);

/** Where a class or method is, as Parley prints it in messages: `Greeter.lookup (line 12)`. */
export const where = (cls: string, line: number, member?: string) =>
  `${member ? `${cls}.${member}` : `class ${cls}`} (line ${line})`;

/** Python annotation -> JSON Schema type (unknown annotations become strings). */
function schemaType(annotation: string | undefined): string {
  const a = (annotation ?? 'str').replace(/^Optional\[(.*)\]$/, '$1').replace(/\s*\|\s*None$/, '');
  if (a === 'int') return 'integer';
  if (a === 'float') return 'number';
  if (a === 'bool') return 'boolean';
  if (a === 'list' || a.startsWith('list[') || a.startsWith('List[')) return 'array';
  if (a === 'dict' || a.startsWith('dict[') || a.startsWith('Dict[')) return 'object';
  return 'string';
}

export function paramsSchema(params: PyParam[]): Record<string, unknown> | undefined {
  if (!params.length) return undefined;
  const properties: Record<string, unknown> = {};
  for (const p of params) properties[p.name] = { type: schemaType(p.annotation) };
  const required = params.filter((p) => !p.optional).map((p) => p.name);
  return { type: 'object', properties, ...(required.length ? { required } : {}) };
}

/**
 * LiveKit Agents source -> a graph: each agent class a conversation node (its `instructions` the
 * instruction), its `@function_tool` methods tools, and a tool that returns another agent class a
 * transition to that agent (decided by the tool's description).
 */
export function importLiveKit(mod: PyModule, ctx: ImportContext): AgentGraphInput {
  const names = new Set(mod.classes.map((c) => c.name));
  const idOf = new Map(mod.classes.map((c) => [c.name, c.nodeId ?? c.name] as const));
  const tools: ToolDef[] = [];
  const entryClass = mod.startAgent ?? mod.classes[0].name;
  const nodes = mod.classes.map((c, i) => importClass(c, i, names, idOf, tools, ctx));
  const entry = mod.classes.find((c) => c.name === entryClass)!;
  ctx.map('entry_node_id', where(entry.name, entry.line));
  for (const b of mod.bases ?? [])
    ctx.warn(
      where(b.name, b.line),
      `class ${b.name} is a base class of ${b.subclasses.join(', ')} and is never started; it is read as a base (its tools go to each subclass), not as an agent node`,
    );
  if (mod.startUnresolved)
    ctx.warn(
      `line ${mod.startUnresolved.line}`,
      `the session starts with ${JSON.stringify(mod.startUnresolved.text)}, which Parley cannot resolve without running the file (expected AgentClass(...), a variable assigned one, or a key of a literal dict of agents); the entry is the first agent class, ${entry.name}`,
    );
  warnUnreachable(mod, nodes, idOf.get(entryClass)!, ctx);
  return {
    entry_node_id: idOf.get(entryClass)!,
    ...(entry.greeting !== undefined ? { begin_message: entry.greeting } : {}),
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: { format: 'livekit', meta: mod.docstring !== undefined ? { docstring: mod.docstring } : {} },
  };
}

/** Agent classes no handoff reaches from the entry, named in one plain warning saying why. */
function warnUnreachable(mod: PyModule, nodes: Record<string, unknown>[], entry: string, ctx: ImportContext): void {
  const next = new Map(
    nodes.map((n) => [n.id as string, (n.transitions as { target: string }[]).map((t) => t.target)] as const),
  );
  const seen = new Set([entry]);
  for (const queue = [entry]; queue.length;)
    for (const t of next.get(queue.shift()!) ?? [])
      if (!seen.has(t)) {
        seen.add(t);
        queue.push(t);
      }
  const lost = mod.classes.filter((c) => !seen.has(c.nodeId ?? c.name));
  if (lost.length)
    ctx.warn(
      where(lost[0].name, lost[0].line),
      `agent classes ${lost.map((c) => c.name).join(', ')} cannot be reached from ${entry}: no tool of a reachable agent returns them in a way Parley can read without running the file (return AgentClass(...), a variable assigned one, or a key of a literal dict of agents); a handoff through a dict built at run time or another function is not followed`,
    );
}

function importClass(
  c: PyClass,
  i: number,
  agents: Set<string>,
  idOf: Map<string, string>,
  tools: ToolDef[],
  ctx: ImportContext,
): Record<string, unknown> {
  const at = `nodes[${i}]`;
  ctx.map(at, where(c.name, c.line));
  if (c.instructions) ctx.map(`${at}.instruction`, where(c.name, c.instructions.line, 'instructions'));
  if (!c.instructions)
    ctx.warn(
      where(c.name, c.line),
      `agent class ${c.name} passes no instructions to super().__init__(); expected instructions="..." (the node has an empty instruction)`,
    );
  else if (!c.instructions.literal)
    ctx.warn(
      where(c.name, c.instructions.line, 'instructions'),
      `the instructions are computed (${JSON.stringify(c.instructions.text.slice(0, 60))}); Parley cannot run Python, so the node's instruction is that source text (expected a string literal or a module-level string constant)`,
    );
  const id = idOf.get(c.name)!;
  const nodeTools: string[] = [];
  const transitions: Record<string, unknown>[] = [];
  const seen = new Map<string, number>();
  for (const t of c.tools) {
    const handoffs = t.returns.filter((r) => agents.has(r.agent));
    if (!handoffs.length) {
      nodeTools.push(addTool(t, c, tools, ctx));
      continue;
    }
    for (const r of handoffs) {
      const target = idOf.get(r.agent)!;
      const n = (seen.get(target) ?? 0) + 1;
      seen.set(target, n);
      const tp = `${at}.transitions[${transitions.length}]`;
      ctx.map(tp, where(c.name, t.line, t.method));
      const prompt = t.description?.trim() ? t.description : handoffPlaceholder(target);
      if (!t.description?.trim())
        ctx.warn(
          where(c.name, t.line, t.method),
          `handoff tool ${t.method} has no docstring or description; Parley decides it with the placeholder question ${JSON.stringify(prompt)} (expected a docstring saying when to hand over)`,
        );
      transitions.push({
        id: n > 1 ? `${id}->${target}#${n}` : `${id}->${target}`,
        target,
        condition: { kind: 'prompt', prompt },
        source_meta: {
          method: t.method,
          ...(t.name !== undefined ? { tool_name: t.name } : {}),
          ...(r.message !== undefined ? { message: r.message } : {}),
          ...(!t.description?.trim() ? { placeholder: prompt } : {}),
        },
      });
    }
  }
  return {
    id,
    type: 'conversation',
    instruction: { mode: 'prompt', text: c.instructions?.text ?? '' },
    ...(nodeTools.length ? { tools: nodeTools } : {}),
    transitions,
  };
}

function addTool(t: PyTool, c: PyClass, tools: ToolDef[], ctx: ImportContext): string {
  const name = t.name ?? t.method;
  if (!tools.some((x) => x.name === name)) {
    ctx.map(`tools[${tools.length}]`, where(c.name, t.line, t.method));
    const parameters = paramsSchema(t.params);
    tools.push({
      name,
      description: t.description ?? '',
      kind: END_NAMES.has(name) ? 'end_call' : 'custom',
      ...(parameters ? { parameters } : {}),
      ...(t.name !== undefined && t.name !== t.method ? { source_meta: { method: t.method } } : {}),
    });
  }
  return name;
}
