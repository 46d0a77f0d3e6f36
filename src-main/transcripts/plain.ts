import { ConversationBuilder } from './builder.js';
import { at } from './errors.js';
import { Reader } from './reader.js';
import type { ParsedCall } from './types.js';

/**
 * A plain transcript: `[{role, content}]` with roles user / caller (the caller), assistant / agent
 * (the agent); `system` entries are skipped and `tool` entries become tool turns. An optional `node`
 * on an entry tags the turn (a transcript exported from Parley keeps its nodes).
 */

const ROLES = ['user', 'caller', 'assistant', 'agent', 'system', 'tool'];

export function parsePlain(file: string, data: unknown, name: string): ParsedCall {
  const r: Reader = new Reader(file);
  const list = r.arr(data, '', 'an array of {role, content}');
  const b = new ConversationBuilder();
  list.forEach((e, i) => {
    const path = at('', i);
    const m = r.obj(e, path, 'an object {role, content}');
    const role = m.role;
    if (typeof role !== 'string' || !ROLES.includes(role)) r.fail(at(path, 'role'), `one of ${ROLES.join(', ')}`, role);
    if (role === 'system') return;
    const content = r.str(m, 'content', path);
    const node = r.optStr(m, 'node', path);
    if (node && b.visits.at(-1)?.node !== node && role === 'agent') b.enter(node, 'imported');
    if (role === 'user' || role === 'caller') b.caller(content);
    else if (role === 'tool') b.toolText(content, r.optStr(m, 'tool', path) ?? r.optStr(m, 'name', path));
    else b.agent(content);
  });
  if (!b.transcript.some((t) => t.role !== 'tool')) r.fail('', 'at least one agent or caller turn', data);
  return {
    file,
    format: 'plain',
    name,
    transcript: b.transcript,
    nodes_visited: b.visits,
    tools_called: b.tools,
    variables: {},
    turns: b.turns,
    duration_ms: 0,
    started_at: null,
    finished_at: null,
    ended_reason: null,
  };
}
