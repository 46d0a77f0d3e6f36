import type { NodeOf, ToolDef } from '../../../../src-shared/schemas/index.js';
import { GraphRuntimeError } from '../../errors.js';
import type { Runtime } from '../runtime.js';
import { boundSchema, clampToSchema, DEFAULT_BOUNDS } from '../../model-io/schema-bounds.js';
import { speak } from '../agent-reply.js';
import { callTool, hasParameters, toolDef } from '../tools.js';
import { renderTranscript } from '../transcript-text.js';
import { getIn, parsePath } from '../variables/index.js';
import { decideAt, endRequested, toOutcome, type NodeHandler } from './types.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Arguments from ONE structured call against the tool's (bounded) parameter schema. */
async function argsFromModel(rt: Runtime, node: NodeOf<'function'>, def: ToolDef): Promise<Record<string, unknown>> {
  const schema = boundSchema(def.parameters, { ...DEFAULT_BOUNDS, maxString: rt.limits.toolArgChars });
  const res = await rt.calls.structured<Record<string, unknown>>('agent', 'tool_args', node.id, {
    messages: [
      {
        role: 'system',
        // the tool and the question lead, the conversation follows (prefix-stable, see router.ts)
        content: `You fill in the arguments of a tool call from a phone conversation. Use only what the conversation says; leave text empty when it is unknown.\nTool: ${def.name}${def.description ? ` — ${def.description}` : ''}\nGive the arguments for ${def.name}.`,
      },
      {
        role: 'user',
        content: `Conversation:\n${renderTranscript(rt.agentView(), { lastTurns: rt.limits.contextTurns, stableWindow: true, maxTurnChars: 600 })}`,
      },
    ],
    schema,
    schemaName: `${def.name}_args`.replace(/[^A-Za-z0-9_-]/g, '_').slice(0, 64),
    maxTokens: rt.limits.toolArgsMaxTokens,
  });
  const v = clampToSchema(res.value, schema);
  return isRecord(v) ? v : {};
}

function outputValue(result: unknown, key: string): unknown {
  if (isRecord(result) && Object.prototype.hasOwnProperty.call(result, key)) return result[key];
  try {
    return getIn(result, parsePath(key));
  } catch {
    return undefined;
  }
}

/**
 * Calls the node's tool: arguments from templates when the node gives them, else from one model
 * call (a tool without parameters gets `{}` and no call); the result comes from the test's mocks.
 * On success `output_variables` are mapped and `context.set` actions applied; on failure the error
 * message is stored in `tool_error` (cleared on the next success).
 */
export async function runFunction(rt: Runtime, node: NodeOf<'function'>): Promise<void> {
  if (node.speak_during_execution) await speak(rt, node, node.speak_during_execution);
  const def = toolDef(rt, node.tool);
  let args: Record<string, unknown> = {};
  if (node.arguments) {
    const v = rt.templateValue(node.arguments);
    args = isRecord(v) ? v : {};
  } else if (def && hasParameters(def)) {
    args = await argsFromModel(rt, node, def);
  }
  const { record, content } = callTool(rt, node, node.tool, args);
  // the agent model sees the node's call and its result like one of its own tool calls
  const id = `node_call_${rt.toolCalls.length}`;
  rt.history.push({ role: 'assistant', content: '', tool_calls: [{ id, name: node.tool, arguments: args }] });
  rt.history.push({ role: 'tool', content, tool_call_id: id, name: node.tool });
  if (record.error !== undefined) {
    rt.vars.set('tool_error', record.error);
    return;
  }
  rt.vars.delete('tool_error');
  if (node.wait_for_result !== false) {
    for (const ov of node.output_variables) {
      const v = outputValue(record.result, ov.output_key);
      if (v === undefined) continue;
      try {
        rt.vars.set(ov.variable, v);
      } catch (e) {
        throw new GraphRuntimeError(`node ${node.id}: output variable ${ov.variable}: ${(e as Error).message}`);
      }
    }
  }
  node.actions.forEach((a, i) => {
    try {
      rt.vars.set(a.path, rt.templateValue(a.value));
    } catch (e) {
      throw new GraphRuntimeError(`node ${node.id}: actions[${i}] (context.set ${a.path}): ${(e as Error).message}`);
    }
  });
}

/** Function node: calls the tool once on entry, then routes. No speech unless speak_during_execution. */
export const functionNode: NodeHandler<'function'> = async (rt, node, trigger) => {
  if (trigger === 'enter') await runFunction(rt, node);
  const ended = endRequested(rt);
  if (ended) return ended;
  return toOutcome(await decideAt(rt, node, trigger));
};
