import { ConversationBuilder } from './builder.js';
import { at } from './errors.js';
import { isObj, isoTime, Reader, type Obj } from './reader.js';
import { parseArgs, parseResult } from './tool-turns.js';
import type { ParsedCall } from './types.js';

/**
 * Retell call JSON (GET /v2/get-call/{id}, or the call_ended webhook's `call`):
 * `transcript_with_tool_calls` (utterances, tool_call_invocation / tool_call_result, node_transition
 * for conversation flows, dtmf) is preferred; else `transcript_object` (agent / user utterances with
 * word timings); else the plain `transcript` text ("Agent: ...\nUser: ...").
 */

const ROLES = ['agent', 'user', 'tool_call_invocation', 'tool_call_result', 'node_transition', 'dtmf'];

export function looksLikeRetell(v: unknown): boolean {
  if (!isObj(v)) return false;
  const call = isObj(v.call) && (v.event === 'call_ended' || v.event === 'call_analyzed') ? v.call : v;
  return (
    isObj(call) &&
    ('transcript_object' in call ||
      'transcript_with_tool_calls' in call ||
      ('call_id' in call && typeof call.transcript === 'string'))
  );
}

function fromText(r: Reader, b: ConversationBuilder, text: string, path: string): void {
  const lines = text.split('\n').filter((l) => l.trim());
  lines.forEach((line, i) => {
    const m = /^(Agent|User)\s*:\s?(.*)$/i.exec(line);
    if (!m) r.fail(`${path} line ${i + 1}`, 'lines starting with "Agent:" or "User:"', line);
    if (m[1].toLowerCase() === 'agent') b.agent(m[2]);
    else b.caller(m[2]);
  });
}

function entry(r: Reader, b: ConversationBuilder, e: Obj, path: string): void {
  const role = e.role;
  switch (role) {
    case 'agent':
      b.agent(r.str(e, 'content', path));
      return;
    case 'user':
      b.caller(r.str(e, 'content', path));
      return;
    case 'dtmf': {
      const digit = e.digit ?? e.content;
      if (typeof digit !== 'string' && typeof digit !== 'number') r.fail(at(path, 'digit'), 'the pressed digit', digit);
      b.caller(`[pressed ${digit}]`);
      return;
    }
    case 'tool_call_invocation': {
      const name = r.str(e, 'name', path);
      const args = parseArgs(e.arguments);
      if (!args) r.fail(at(path, 'arguments'), 'a JSON object (or JSON text of one)', e.arguments);
      b.invoke(r.optStr(e, 'tool_call_id', path), name, args);
      return;
    }
    case 'tool_call_result': {
      const content = e.content === undefined ? '' : e.content;
      if (typeof content !== 'string') r.fail(at(path, 'content'), 'a string', content);
      const failed = e.successful === false;
      b.result(
        r.optStr(e, 'tool_call_id', path),
        r.optStr(e, 'name', path),
        parseResult(content),
        failed ? content || 'tool call failed' : undefined,
      );
      return;
    }
    case 'node_transition': {
      const node = r.optStr(e, 'new_node_id', path) ?? r.optStr(e, 'new_node_name', path);
      if (!node) r.fail(at(path, 'new_node_id'), 'the id of the node entered', e.new_node_id);
      const reason = r.optStr(e, 'transition_type', path) ?? 'imported';
      b.enter(node, reason, r.optStr(e, 'former_node_id', path) ?? r.optStr(e, 'former_node_name', path));
      return;
    }
    default:
      r.fail(at(path, 'role'), `one of ${ROLES.join(', ')}`, role);
  }
}

export function parseRetell(file: string, data: unknown, name: string): ParsedCall {
  const r: Reader = new Reader(file);
  let root = r.obj(data, '');
  let base = '';
  if (isObj(root.call) && (root.event === 'call_ended' || root.event === 'call_analyzed')) {
    root = root.call;
    base = 'call';
  }
  const b = new ConversationBuilder();
  const key =
    Array.isArray(root.transcript_with_tool_calls) && root.transcript_with_tool_calls.length
      ? 'transcript_with_tool_calls'
      : root.transcript_object !== undefined
        ? 'transcript_object'
        : root.transcript_with_tool_calls !== undefined
          ? 'transcript_with_tool_calls'
          : 'transcript';
  const path = at(base, key);
  if (key === 'transcript') {
    if (typeof root.transcript !== 'string')
      r.fail(path, 'transcript_object or transcript_with_tool_calls (an array of utterances)', root.transcript);
    fromText(r, b, root.transcript, path);
  } else {
    r.arr(root[key], path, 'an array of utterances').forEach((e, i) =>
      entry(r, b, r.obj(e, at(path, i), 'an utterance object {role, content}'), at(path, i)),
    );
  }
  b.finish();
  if (!b.transcript.some((t) => t.role !== 'tool')) r.fail(path, 'at least one agent or user utterance', root[key]);
  const started = isoTime(root.start_timestamp);
  const finished = isoTime(root.end_timestamp);
  const duration =
    r.optNum(root, 'duration_ms', base) ?? (started && finished ? Date.parse(finished) - Date.parse(started) : 0);
  const callId = r.optStr(root, 'call_id', base);
  const userNumber =
    root.direction === 'outbound' ? r.optStr(root, 'to_number', base) : r.optStr(root, 'from_number', base);
  return {
    file,
    format: 'retell',
    name: callId ?? name,
    transcript: b.transcript,
    nodes_visited: b.visits,
    tools_called: b.tools,
    variables: {
      ...r.optVars(root, 'retell_llm_dynamic_variables', base),
      ...r.optVars(root, 'collected_dynamic_variables', base),
      ...(callId ? { call_id: callId } : {}),
      ...(userNumber ? { user_number: userNumber } : {}),
    },
    turns: b.turns,
    duration_ms: Math.max(0, duration),
    started_at: started,
    finished_at: finished,
    ended_reason: r.optStr(root, 'disconnection_reason', base) ?? null,
  };
}
