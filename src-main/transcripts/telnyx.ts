import { ConversationBuilder } from './builder.js';
import { at } from './errors.js';
import { isObj, isoTime, Reader } from './reader.js';
import { parseArgs, parseResult } from './tool-turns.js';
import type { ParsedCall } from './types.js';

/**
 * A Telnyx AI conversation's messages as the API returns them (GET /ai/conversations/{id}/messages):
 * `{data: [{role, text, sent_at, tool_calls?}]}` with roles `user` (the caller), `assistant` (the
 * agent; `tool_calls[].function.{name, arguments}`), `tool` (a result, `tool_call_id`) and `system`
 * (skipped). The list comes newest first or oldest first: it is put in time order by `sent_at`.
 */

const ROLES = ['user', 'assistant', 'tool', 'system'];

export function looksLikeTelnyx(v: unknown): boolean {
  return isObj(v) && Array.isArray(v.data) && v.data.some((m) => isObj(m) && typeof m.role === 'string' && 'text' in m);
}

export function parseTelnyx(file: string, data: unknown, name: string): ParsedCall {
  const r: Reader = new Reader(file);
  const root = r.obj(data, '');
  const list = r.arr(root.data, 'data', 'an array of messages {role, text}');
  const indexed = list.map((e, i) => ({ m: r.obj(e, at('data', i), 'a message {role, text}'), i }));
  const time = (m: Record<string, unknown>) => (isoTime(m.sent_at) ? Date.parse(isoTime(m.sent_at)!) : NaN);
  const ordered = indexed.every((x) => !Number.isNaN(time(x.m)))
    ? [...indexed].sort((a, b) => time(a.m) - time(b.m) || a.i - b.i)
    : indexed;
  const b = new ConversationBuilder();
  for (const { m, i } of ordered) {
    const path = at('data', i);
    const role = m.role;
    if (typeof role !== 'string' || !ROLES.includes(role)) r.fail(at(path, 'role'), `one of ${ROLES.join(', ')}`, role);
    if (role === 'system') continue;
    if (role === 'tool') {
      b.result(r.optStr(m, 'tool_call_id', path), r.optStr(m, 'name', path), parseResult(m.text ?? null));
      continue;
    }
    if (role === 'assistant' && Array.isArray(m.tool_calls))
      m.tool_calls.forEach((c, k) => {
        const p = at(at(path, 'tool_calls'), k);
        const call = r.obj(c, p, 'a tool call {id, function: {name, arguments}}');
        const fn = r.obj(call.function, at(p, 'function'), 'an object {name, arguments}');
        const args = parseArgs(fn.arguments);
        if (!args) r.fail(at(at(p, 'function'), 'arguments'), 'a JSON object (or JSON text of one)', fn.arguments);
        b.invoke(r.optStr(call, 'id', p), r.str(fn, 'name', at(p, 'function')), args);
      });
    const text = r.optStr(m, 'text', path);
    if (text) {
      if (role === 'user') b.caller(text);
      else b.agent(text);
    }
  }
  b.finish();
  if (!b.transcript.some((t) => t.role !== 'tool')) r.fail('data', 'at least one user or assistant message', list);
  const first = ordered[0] ? isoTime(ordered[0].m.sent_at) : null;
  const last = ordered.length ? isoTime(ordered[ordered.length - 1].m.sent_at) : null;
  return {
    file,
    format: 'telnyx',
    name,
    transcript: b.transcript,
    nodes_visited: b.visits,
    tools_called: b.tools,
    variables: {},
    turns: b.turns,
    duration_ms: first && last ? Math.max(0, Date.parse(last) - Date.parse(first)) : 0,
    started_at: first,
    finished_at: last,
    ended_reason: null,
  };
}
