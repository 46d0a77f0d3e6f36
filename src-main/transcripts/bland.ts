import { ConversationBuilder } from './builder.js';
import { at } from './errors.js';
import { isObj, isoTime, Reader } from './reader.js';
import type { ParsedCall } from './types.js';

/**
 * A Bland call as its API returns it (GET /v1/calls/{call_id}): `transcripts[]` with `user`
 * (`user` = the caller; `assistant` / `robot` = the agent; `agent-action` = what the agent did, a
 * tool turn) and `text`, plus `call_id`, `variables`, `call_length` (minutes), `started_at`,
 * `end_at`, `call_ended_by`.
 */

const SPEAKERS = ['user', 'assistant', 'robot', 'agent-action'];

export function looksLikeBland(v: unknown): boolean {
  return isObj(v) && Array.isArray(v.transcripts) && v.transcripts.some((t) => isObj(t) && 'user' in t && 'text' in t);
}

export function parseBland(file: string, data: unknown, name: string): ParsedCall {
  const r: Reader = new Reader(file);
  const root = r.obj(data, '');
  const list = r.arr(root.transcripts, 'transcripts', 'an array of {user, text}');
  const b = new ConversationBuilder();
  list.forEach((e, i) => {
    const path = at('transcripts', i);
    const m = r.obj(e, path, 'a transcript entry {user, text}');
    const who = m.user;
    if (typeof who !== 'string' || !SPEAKERS.includes(who))
      r.fail(at(path, 'user'), `one of ${SPEAKERS.join(', ')}`, who);
    const text = r.str(m, 'text', path);
    if (who === 'user') b.caller(text);
    else if (who === 'agent-action') b.toolText(text);
    else b.agent(text);
  });
  if (!b.transcript.some((t) => t.role !== 'tool')) r.fail('transcripts', 'at least one user or assistant entry', list);
  const id = typeof root.call_id === 'string' ? root.call_id : undefined;
  const vars = isObj(root.variables) ? root.variables : {};
  const started = isoTime(root.started_at ?? root.created_at);
  const finished = isoTime(root.end_at);
  const minutes =
    typeof root.call_length === 'number' && Number.isFinite(root.call_length) ? root.call_length : undefined;
  return {
    file,
    format: 'bland',
    name: id ?? name,
    transcript: b.transcript,
    nodes_visited: b.visits,
    tools_called: b.tools,
    variables: {
      ...vars,
      ...(id ? { call_id: id } : {}),
      ...(typeof root.from === 'string' ? { user_number: root.from } : {}),
    },
    turns: b.turns,
    duration_ms:
      minutes !== undefined
        ? Math.round(minutes * 60_000)
        : started && finished
          ? Math.max(0, Date.parse(finished) - Date.parse(started))
          : 0,
    started_at: started,
    finished_at: finished,
    ended_reason: typeof root.call_ended_by === 'string' ? root.call_ended_by : null,
  };
}
