import { ConversationBuilder } from './builder.js';
import { at } from './errors.js';
import { isObj, isoTime, Reader, type Obj } from './reader.js';
import { parseArgs, parseResult } from './tool-turns.js';
import type { ParsedCall } from './types.js';

/**
 * VAPI call JSON (GET /call/{id}) or its end-of-call-report webhook (`{message: {type:
 * "end-of-call-report", call, artifact}}`). Messages come from `artifact.messages` (current API) or
 * `messages` (older calls): roles system (skipped), bot / assistant, user, tool_calls (with
 * `toolCalls[].function.{name, arguments}`), tool_call_result (`toolCallId`, `name`, `result`).
 */

const ROLES = ['system', 'bot', 'assistant', 'user', 'tool_calls', 'tool_call_result', 'tool'];

export function looksLikeVapi(v: unknown): boolean {
  if (!isObj(v)) return false;
  if (isObj(v.message) && v.message.type === 'end-of-call-report') return true;
  return Array.isArray(v.messages) || (isObj(v.artifact) && Array.isArray(v.artifact.messages));
}

function text(r: Reader, m: Obj, path: string): string {
  if (typeof m.message === 'string') return m.message;
  if (typeof m.content === 'string') return m.content;
  return r.fail(at(path, 'message'), 'the spoken text (a string)', m.message);
}

function message(r: Reader, b: ConversationBuilder, m: Obj, path: string): void {
  switch (m.role) {
    case 'system':
      return;
    case 'bot':
    case 'assistant': {
      // OpenAI-formatted assistant messages may carry tool calls instead of text.
      if (Array.isArray(m.tool_calls) && typeof m.content !== 'string') {
        toolCalls(r, b, m.tool_calls, at(path, 'tool_calls'));
        return;
      }
      b.agent(text(r, m, path));
      return;
    }
    case 'user':
      b.caller(text(r, m, path));
      return;
    case 'tool_calls':
      toolCalls(r, b, r.arr(m.toolCalls, at(path, 'toolCalls'), 'an array of tool calls'), at(path, 'toolCalls'));
      return;
    case 'tool_call_result':
    case 'tool': {
      const id = r.optStr(m, m.role === 'tool' ? 'tool_call_id' : 'toolCallId', path);
      const result = m.role === 'tool' ? m.content : m.result;
      const error = isObj(result) && typeof result.error === 'string' ? result.error : undefined;
      b.result(id, r.optStr(m, 'name', path), parseResult(result ?? null), error);
      return;
    }
    default:
      r.fail(at(path, 'role'), `one of ${ROLES.join(', ')}`, m.role);
  }
}

function toolCalls(r: Reader, b: ConversationBuilder, calls: unknown[], path: string): void {
  calls.forEach((c, i) => {
    const p = at(path, i);
    const call = r.obj(c, p, 'a tool call {id, function: {name, arguments}}');
    const fn = r.obj(call.function, at(p, 'function'), 'an object {name, arguments}');
    const name = r.str(fn, 'name', at(p, 'function'));
    const args = parseArgs(fn.arguments);
    if (!args) r.fail(at(at(p, 'function'), 'arguments'), 'a JSON object (or JSON text of one)', fn.arguments);
    b.invoke(r.optStr(call, 'id', p), name, args);
  });
}

export function parseVapi(file: string, data: unknown, name: string): ParsedCall {
  const r: Reader = new Reader(file);
  let root = r.obj(data, '');
  let base = '';
  if (isObj(root.message) && root.message.type === 'end-of-call-report') {
    root = root.message;
    base = 'message';
  }
  const call = isObj(root.call) ? root.call : root;
  const artifact = isObj(root.artifact) ? root.artifact : undefined;
  const [list, path] =
    artifact && Array.isArray(artifact.messages)
      ? [artifact.messages, at(at(base, 'artifact'), 'messages')]
      : [root.messages, at(base, 'messages')];
  const b = new ConversationBuilder();
  r.arr(list, path, 'an array of messages (messages or artifact.messages)').forEach((m, i) =>
    message(r, b, r.obj(m, at(path, i), 'a message object {role, message}'), at(path, i)),
  );
  b.finish();
  if (!b.transcript.some((t) => t.role !== 'tool')) r.fail(path, 'at least one bot or user message', list);
  const started = isoTime(root.startedAt ?? call.startedAt);
  const finished = isoTime(root.endedAt ?? call.endedAt);
  const id = typeof call.id === 'string' ? call.id : undefined;
  const customer = isObj(call.customer) ? call.customer : isObj(root.customer) ? root.customer : undefined;
  const overrides = isObj(call.assistantOverrides) ? call.assistantOverrides : undefined;
  const vars = overrides && isObj(overrides.variableValues) ? overrides.variableValues : {};
  const duration =
    typeof root.durationMs === 'number'
      ? root.durationMs
      : typeof root.durationSeconds === 'number'
        ? root.durationSeconds * 1000
        : started && finished
          ? Date.parse(finished) - Date.parse(started)
          : 0;
  return {
    file,
    format: 'vapi',
    name: id ?? name,
    transcript: b.transcript,
    nodes_visited: b.visits,
    tools_called: b.tools,
    variables: {
      ...vars,
      ...(id ? { call_id: id } : {}),
      ...(customer && typeof customer.number === 'string' ? { user_number: customer.number } : {}),
    },
    turns: b.turns,
    duration_ms: Math.max(0, duration),
    started_at: started,
    finished_at: finished,
    ended_reason:
      typeof (root.endedReason ?? call.endedReason) === 'string' ? String(root.endedReason ?? call.endedReason) : null,
  };
}
