import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder, own } from '../shared/meta.js';
import { defineKey, isPlainObject, jsonEqual } from '../shared/stable-json.js';
import type { ImportContext } from '../types.js';
import { importVtCondition } from './conditions.js';
import type { VtGraph, VtNode, VtTool } from './schema.js';
import { exportVtTool, importVtTool } from './tools.js';

export const GRAPH_KEYS = ['source_type', 'entry_node_id', 'nodes', 'source_metadata', 'snippets'] as const;
export const NODE_KEYS = [
  'id',
  'state_prompt',
  'node_type',
  'transitions',
  'tools',
  'metadata',
  'variables_to_extract',
  'global_node_setting',
] as const;
export const TRANSITION_KEYS = ['target_node_id', 'condition', 'description'] as const;
export const VAR_KEYS = ['name', 'description', 'type', 'choices'] as const;
export const NODE_TYPES: Record<string, string> = {
  conversation: 'conversation',
  logic: 'logic',
  extract: 'extract',
  end: 'end',
  transfer: 'transfer',
  function: 'function',
};
export const VAR_TYPES: Record<string, string> = {
  string: 'text',
  text: 'text',
  number: 'number',
  boolean: 'boolean',
  enum: 'enum',
};

/** The keys of `source_metadata` Parley models; the rest is kept as it is. */
const SM_KEYS = ['general_prompt', 'begin_message', 'start_speaker', 'default_dynamic_variables'] as const;

/** voicetest graph JSON -> Parley graph. */
export function importVoicetest(g: VtGraph & Record<string, unknown>, ctx: ImportContext): AgentGraphInput {
  const tools: ToolDef[] = [];
  const entries = Object.entries(g.nodes);
  const nodes = entries.map(([key, n], i) => importNode(key, n, i, tools, ctx));
  const sm = g.source_metadata;
  const smRest = sm ? extras(sm, SM_KEYS) : undefined;
  const opening = readStartSpeaker(sm, ctx);
  const defaults = readDefaultVariables(sm, ctx);
  ctx.map('entry_node_id', 'entry_node_id');
  ctx.map('global_prompt', 'source_metadata.general_prompt');
  ctx.map('snippets', 'snippets');
  const begin = typeof sm?.begin_message === 'string' && sm.begin_message !== '' ? sm.begin_message : undefined;
  const name = ownName(sm);
  return {
    ...(name !== undefined ? { name } : {}),
    entry_node_id: g.entry_node_id,
    global_prompt: typeof sm?.general_prompt === 'string' ? sm.general_prompt : '',
    ...(begin !== undefined ? { begin_message: begin } : {}),
    first_speaker: opening.firstSpeaker,
    default_variables: defaults.value,
    snippets: g.snippets ?? {},
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: {
      format: 'voicetest',
      meta: cleanMeta({
        extra: extras(g, GRAPH_KEYS),
        key_order: keyOrder(g, GRAPH_KEYS),
        source_type: g.source_type ?? null,
        source_metadata: sm
          ? cleanMeta({
              rest: smRest,
              order: Object.keys(sm),
              general_prompt:
                'general_prompt' in sm && typeof sm.general_prompt !== 'string'
                  ? { value: sm.general_prompt }
                  : 'general_prompt' in sm
                    ? true
                    : undefined,
              begin_message: 'begin_message' in sm && begin === undefined ? { value: sm.begin_message } : undefined,
              start_speaker: opening.raw,
              default_dynamic_variables: defaults.meta,
            })
          : undefined,
        snippets_absent: g.snippets === undefined ? true : undefined,
      }),
    },
  };
}

function importNode(key: string, n: VtNode, i: number, tools: ToolDef[], ctx: ImportContext): Record<string, unknown> {
  const src = joinPath('nodes', key);
  const at = `nodes[${i}]`;
  ctx.map(at, src);
  ctx.map(`${at}.id`, n.id !== undefined ? joinPath(src, 'id') : src);
  const rawType = n.node_type ?? 'conversation';
  const type = own(NODE_TYPES, rawType) ?? 'conversation';
  if (!own(NODE_TYPES, rawType))
    ctx.warn(
      joinPath(src, 'node_type'),
      `node type ${JSON.stringify(rawType)} is not modelled by Parley; it runs as a conversation node; expected one of ${Object.keys(NODE_TYPES).join(', ')}`,
    );
  const md = n.metadata;
  const meta: SourceMeta = {
    key: n.id !== key ? key : undefined,
    id_absent: n.id === undefined ? true : undefined,
    node_type: n.node_type !== type ? (n.node_type ?? null) : undefined,
    extra: extras(n, NODE_KEYS),
    key_order: keyOrder(n, NODE_KEYS),
    state_prompt_absent: n.state_prompt === undefined ? true : undefined,
    transitions_absent: n.transitions === undefined ? true : undefined,
    tools_absent: n.tools === undefined ? true : undefined,
    metadata: md
      ? cleanMeta({ rest: extras(md, typeof md.name === 'string' ? ['name'] : []), order: Object.keys(md) })
      : undefined,
  };
  const out: Record<string, unknown> = { id: n.id ?? key, type };
  if (typeof md?.name === 'string') out.name = md.name;
  const text = n.state_prompt ?? '';
  const sp = joinPath(src, 'state_prompt');
  if (type === 'conversation') {
    out.instruction = { mode: 'prompt', text };
    ctx.map(`${at}.instruction`, sp);
  } else if ((type === 'end' || type === 'transfer') && text) {
    out.message = { mode: 'prompt', text };
    ctx.map(`${at}.message`, sp);
  } else if (type === 'extract' && text) {
    out.instruction = { mode: 'prompt', text };
    ctx.map(`${at}.instruction`, sp);
  } else if ((type === 'logic' || type === 'function') && text) meta.state_prompt = text;
  if (type === 'transfer') out.target = '';

  if (type === 'conversation' || type === 'function') importNodeTools(n, src, tools, out, meta, ctx);
  else if (n.tools !== undefined) meta.tools_raw = n.tools;
  if (type === 'function') importFunctionTool(n, src, tools, out, meta, ctx);

  if (type === 'extract') {
    out.variables = (n.variables_to_extract ?? []).map((v, k) => {
      const vp = joinPath(src, 'variables_to_extract', k);
      ctx.map(`${at}.variables[${k}]`, vp);
      const t = own(VAR_TYPES, v.type ?? 'string');
      if (!t)
        ctx.error(
          joinPath(vp, 'type'),
          `found ${JSON.stringify(v.type)}; expected one of "string", "number", "boolean", "enum"`,
        );
      return {
        name: v.name,
        description: v.description ?? '',
        type: t ?? 'text',
        ...(v.choices !== undefined ? { choices: v.choices } : {}),
        source_meta: compactMeta({
          extra: extras(v, VAR_KEYS),
          key_order: keyOrder(v, VAR_KEYS),
          type:
            v.type !== undefined && v.type !== 'string' && t === 'text'
              ? v.type
              : v.type === undefined
                ? null
                : undefined,
          description_absent: v.description === undefined ? true : undefined,
        }),
      };
    });
    if (n.variables_to_extract === undefined) meta.variables_absent = true;
  } else if (n.variables_to_extract !== undefined) meta.variables_raw = n.variables_to_extract;

  const elseNode = type === 'logic' || type === 'extract' || type === 'function';
  out.transitions = (n.transitions ?? []).flatMap((t, j) => {
    const tsrc = joinPath(src, 'transitions', j);
    const tp = `${at}.transitions[${j}]`;
    ctx.map(tp, tsrc);
    ctx.map(`${tp}.target`, joinPath(tsrc, 'target_node_id'));
    const r = importVtCondition(t.condition, joinPath(tsrc, 'condition'), `${tp}.condition`, elseNode, ctx, {
      functionNode: type === 'function',
    });
    if (!r) return [];
    return [
      {
        id: `${n.id ?? key}#${j}`,
        target: t.target_node_id,
        condition: r.condition,
        source_meta: compactMeta({
          extra: extras(t, TRANSITION_KEYS),
          key_order: keyOrder(t, TRANSITION_KEYS),
          condition: Object.keys(r.meta).length ? r.meta : undefined,
          description: 'description' in t ? { value: t.description } : undefined,
        }),
      },
    ];
  });

  if (n.global_node_setting === null) meta.global_null = true; // voicetest 0.49 writes null for "not global"
  const gs = n.global_node_setting as (Record<string, unknown> & { condition: string }) | null | undefined;
  if (gs) {
    const goBack = Array.isArray(gs.go_back_conditions) ? gs.go_back_conditions : [];
    const global = {
      entry_conditions: [{ id: `${out.id as string}#global`, condition: { kind: 'prompt', prompt: gs.condition } }],
      go_back_conditions: goBack.flatMap((g: unknown, k: number) => {
        const prompt = typeof g === 'string' ? g : readPrompt(g);
        return prompt === undefined
          ? []
          : [{ id: `${out.id as string}#back${k}`, condition: { kind: 'prompt', prompt } }];
      }),
    };
    out.global = global;
    ctx.map(`${at}.global`, joinPath(src, 'global_node_setting'));
    meta.global = { raw: gs, as_imported: global };
  }
  out.source_meta = compactMeta(meta);
  return out;
}

/** A conversation or function node's tools -> graph tools by name (a differing tool of the same name kept raw). */
function importNodeTools(
  n: VtNode,
  src: string,
  tools: ToolDef[],
  out: Record<string, unknown>,
  meta: SourceMeta,
  ctx: ImportContext,
): void {
  const names: string[] = [];
  const overrides: Record<string, VtTool> = {};
  (n.tools ?? []).forEach((t, k) => {
    const existing = tools.find((x) => x.name === t.name);
    if (!existing) {
      ctx.map(`tools[${tools.length}]`, joinPath(src, 'tools', k));
      tools.push(importVtTool(t));
    } else if (!jsonEqual(exportVtTool(existing, existing.source_meta ?? {}), t)) defineKey(overrides, t.name, t);
    names.push(t.name);
  });
  if (Object.keys(overrides).length) meta.tool_overrides = overrides;
  if (out.type === 'conversation') out.tools = names;
  else meta.tool_names = names;
}

/**
 * The tool a voicetest function node calls: the one its metadata names (`tool_id` or `tool`), else the one a
 * `tool_call` condition names, else its only tool, else its first (warned). A node with no tool calls a tool
 * named after the node (warned; a test can mock it by name).
 */
function importFunctionTool(
  n: VtNode,
  src: string,
  tools: ToolDef[],
  out: Record<string, unknown>,
  meta: SourceMeta,
  ctx: ImportContext,
): void {
  const list = n.tools ?? [];
  const md = n.metadata ?? {};
  const byMeta = list.find(
    (t) => (md.tool_id !== undefined && t.tool_id === md.tool_id) || (md.tool !== undefined && t.name === md.tool),
  );
  const named = (n.transitions ?? [])
    .filter((t) => t.condition.type === 'tool_call')
    .map((t) => list.find((x) => x.name === t.condition.value))
    .find((x) => x !== undefined);
  const chosen = byMeta ?? named ?? list[0];
  const id = (n.id ?? '') || 'function';
  if (!chosen)
    ctx.warn(
      joinPath(src, 'tools'),
      `function node ${JSON.stringify(id)} lists no tool; it calls a tool named ${JSON.stringify(id)} (expected the tool in the node's tools; a test can mock it by name)`,
    );
  else if (!byMeta && !named && list.length > 1)
    ctx.warn(
      joinPath(src, 'tools'),
      `function node ${JSON.stringify(id)} lists ${list.length} tools and does not say which it calls; Parley calls the first, ${JSON.stringify(chosen.name)} (expected metadata.tool_id or a tool_call condition naming one)`,
    );
  out.tool = chosen?.name ?? id;
  if (!chosen) meta.tool_named_after_node = true;
}

/** The agent's name when the file has one: `source_metadata.name`, `agent_name` or the kept Retell envelope's `agent_name`. */
function ownName(sm: Record<string, unknown> | undefined): string | undefined {
  const envelope = sm?.agent_envelope;
  const candidates = [sm?.name, sm?.agent_name, isPlainObject(envelope) ? envelope.agent_name : undefined];
  return candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
}

/** `source_metadata.start_speaker`: `"user"` means the caller speaks first; the raw value is kept. */
function readStartSpeaker(
  sm: Record<string, unknown> | undefined,
  ctx: ImportContext,
): { firstSpeaker: 'agent' | 'caller'; raw?: unknown } {
  if (!sm || !('start_speaker' in sm)) return { firstSpeaker: 'agent' };
  const v = sm.start_speaker;
  ctx.map('first_speaker', 'source_metadata.start_speaker');
  if (v === 'user') return { firstSpeaker: 'caller', raw: v };
  if (v !== 'agent')
    ctx.warn(
      'source_metadata.start_speaker',
      `found ${JSON.stringify(v)}; expected "agent" or "user" (read as the agent speaking first)`,
    );
  return { firstSpeaker: 'agent', raw: v };
}

/** `source_metadata.default_dynamic_variables` -> the graph's default variables. */
function readDefaultVariables(
  sm: Record<string, unknown> | undefined,
  ctx: ImportContext,
): { value: Record<string, unknown>; meta?: unknown } {
  if (!sm || !('default_dynamic_variables' in sm)) return { value: {} };
  const v = sm.default_dynamic_variables;
  if (isPlainObject(v)) {
    ctx.map('default_variables', 'source_metadata.default_dynamic_variables');
    return { value: v, meta: true };
  }
  ctx.warn(
    'source_metadata.default_dynamic_variables',
    `found ${v === null ? 'null' : typeof v}; expected an object of variable names and values (kept, not used)`,
  );
  return { value: {}, meta: { value: v } };
}

function readPrompt(g: unknown): string | undefined {
  if (!g || typeof g !== 'object') return undefined;
  const o = g as Record<string, unknown>;
  const c = (o.condition ?? o.transition_condition) as Record<string, unknown> | undefined;
  if (c && typeof c === 'object')
    return typeof c.value === 'string' ? c.value : typeof c.prompt === 'string' ? c.prompt : undefined;
  return typeof o.condition === 'string' ? o.condition : undefined;
}
