import type { GraphNode, ToolCallRecord, ToolDef } from '../../../src-shared/schemas/index.js';
import type { ToolSpec } from '../../providers/types.js';
import type { Runtime } from './runtime.js';
import { boundSchema, DEFAULT_BOUNDS } from '../model-io/schema-bounds.js';
import { stringifyValue } from './template.js';

/**
 * Tool calls from function nodes and from the agent model on conversation nodes. Custom tools are
 * answered by the test's mocks (an unmocked call is recorded with `mocked: false` and fails the test);
 * built-in `end_call` / `transfer_call` end the conversation.
 */

export function toolDef(rt: Runtime, name: string): ToolDef | undefined {
  return rt.graph.tools.find((t) => t.name === name);
}

/**
 * Tools the agent model may call on a conversation node: the node's `tools` list; when the node has
 * none and the graph has no function nodes (a single-prompt agent), every graph tool.
 */
export function toolsForNode(rt: Runtime, node: GraphNode): ToolDef[] {
  if (node.type !== 'conversation') return [];
  if (node.tools) return node.tools.map((n) => toolDef(rt, n) ?? { name: n, description: '', kind: 'custom' as const });
  const hasFunctionNodes = rt.graph.nodes.some((n) => n.type === 'function');
  return hasFunctionNodes ? [] : rt.graph.tools;
}

export function toToolSpec(t: ToolDef, maxString = DEFAULT_BOUNDS.maxString): ToolSpec {
  return {
    name: t.name,
    description: t.description,
    parameters: boundSchema(t.parameters ?? { type: 'object', properties: {} }, { ...DEFAULT_BOUNDS, maxString }),
  };
}

export const hasParameters = (t: ToolDef | undefined): boolean => {
  const props = (t?.parameters as { properties?: Record<string, unknown> } | undefined)?.properties;
  return !!props && Object.keys(props).length > 0;
};

export interface ToolOutcome {
  record: ToolCallRecord;
  /** The text the agent model sees as the tool's answer. */
  content: string;
}

export function callTool(rt: Runtime, node: GraphNode, name: string, args: Record<string, unknown>): ToolOutcome {
  const def = toolDef(rt, name);
  rt.vars.set('params', args);
  let record: ToolCallRecord;
  if (def?.kind === 'end_call' || def?.kind === 'transfer_call') {
    rt.endRequest = def.kind === 'end_call' ? 'end_node' : 'transfer';
    record = { name, args, result: { ok: true }, node: node.id, mocked: true };
  } else {
    const out = rt.mocks.resolve(name, args);
    record = {
      name,
      args,
      node: node.id,
      mocked: out.mocked,
      ...(out.error !== undefined ? { error: out.error } : { result: out.result }),
    };
  }
  rt.toolCalls.push(record);
  const answer = record.error !== undefined ? `error: ${record.error}` : stringifyValue(record.result ?? null);
  rt.addTurn({ role: 'tool', content: `${name}(${JSON.stringify(args)}) -> ${answer}`, node: node.id, tool: name });
  return {
    record,
    content:
      record.error !== undefined ? JSON.stringify({ error: record.error }) : stringifyValue(record.result ?? null),
  };
}
