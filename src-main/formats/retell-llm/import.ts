import type { AgentGraphInput, SourceMeta, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, compactMeta, extras, keyOrder } from '../shared/meta.js';
import { defineKey, isPlainObject, jsonEqual } from '../shared/stable-json.js';
import type { ImportContext } from '../types.js';
import { WRAPPER_KEY, type RetellLlm, type RetellLlmState } from './schema.js';
import { exportLlmTool, importLlmTool } from './tools.js';

export const LLM_KEYS = [
  'general_prompt',
  'begin_message',
  'start_speaker',
  'starting_state',
  'default_dynamic_variables',
  'general_tools',
  'states',
] as const;
export const STATE_KEYS = ['name', 'state_prompt', 'edges', 'tools'] as const;
export const EDGE_KEYS = ['destination_state_name', 'description'] as const;
export const SINGLE_NODE_ID = 'main';

/** The prompt Parley routes on when a Retell LLM edge has no description (Retell then relies on the state prompt). */
export const placeholderPrompt = (dest: string) => `The conversation is ready to move on to state "${dest}"`;

export function isRetellLlmWrapper(json: unknown): json is Record<string, unknown> & { retellLlmData: RetellLlm } {
  return isPlainObject(json) && isPlainObject(json[WRAPPER_KEY]);
}

/** Retell LLM -> graph: one node per state (or one node `main` for a single prompt); general_prompt is the global prompt. */
export function importRetellLlm(json: unknown, ctx: ImportContext): AgentGraphInput {
  const wrapped = isRetellLlmWrapper(json);
  const llm = (wrapped ? json[WRAPPER_KEY] : json) as RetellLlm & Record<string, unknown>;
  const base = wrapped ? WRAPPER_KEY : '';
  const p = (...s: (string | number)[]) => joinPath(base, ...s);
  const nulls = LLM_KEYS.filter((k) => llm[k] === null);

  const tools: ToolDef[] = [];
  const generalNames: string[] = [];
  (llm.general_tools ?? []).forEach((t, k) => {
    ctx.map(`tools[${tools.length}]`, p('general_tools', k));
    tools.push(importLlmTool(t, 'general'));
    generalNames.push(t.name);
  });

  const states = llm.states ?? [];
  const nodes = states.length
    ? states.map((s, i) => importState(s, i, p('states', i), tools, generalNames, ctx))
    : [
        {
          id: SINGLE_NODE_ID,
          type: 'conversation',
          instruction: { mode: 'prompt', text: '' },
          tools: [...generalNames],
          transitions: [],
          source_meta: { single_prompt: llm.states === undefined ? 'absent' : llm.states === null ? 'null' : 'empty' },
        },
      ];
  if (!states.length) ctx.map('nodes[0]', base);

  const begin = llm.begin_message;
  const firstSpeaker = llm.start_speaker
    ? llm.start_speaker === 'user'
      ? 'caller'
      : 'agent'
    : begin === ''
      ? 'caller'
      : 'agent';
  ctx.map('global_prompt', p('general_prompt'));
  ctx.map('begin_message', p('begin_message'));
  ctx.map('entry_node_id', llm.starting_state ? p('starting_state') : states.length ? p('states', 0, 'name') : base);
  ctx.map('default_variables', p('default_dynamic_variables'));

  const meta: SourceMeta = cleanMeta({
    extra: extras(llm, LLM_KEYS),
    key_order: keyOrder(llm, LLM_KEYS),
    nulls: nulls.length ? nulls : undefined,
    present: LLM_KEYS.filter((k) => k in llm && llm[k] !== null),
    begin_message_raw: begin === '' ? '' : undefined,
  });
  let name: string | undefined;
  if (wrapped) {
    const w = json as Record<string, unknown>;
    name = typeof w.agent_name === 'string' ? w.agent_name : undefined;
    meta.wrapper = cleanMeta({
      extra: extras(w, [WRAPPER_KEY, ...(name !== undefined ? ['agent_name'] : [])]),
      order: Object.keys(w),
      agent_name: name !== undefined ? true : undefined,
    });
  }
  return {
    ...(name !== undefined ? { name } : {}),
    entry_node_id: llm.starting_state ?? (states.length ? states[0].name : SINGLE_NODE_ID),
    first_speaker: firstSpeaker,
    ...(begin ? { begin_message: begin } : {}),
    global_prompt: llm.general_prompt ?? '',
    default_variables: llm.default_dynamic_variables ?? {},
    tools,
    nodes: nodes as AgentGraphInput['nodes'],
    source: { format: 'retell-llm', meta },
  };
}

function importState(
  s: RetellLlmState,
  i: number,
  src: string,
  tools: ToolDef[],
  generalNames: string[],
  ctx: ImportContext,
): Record<string, unknown> {
  const at = `nodes[${i}]`;
  ctx.map(at, src);
  ctx.map(`${at}.id`, joinPath(src, 'name'));
  ctx.map(`${at}.instruction`, joinPath(src, 'state_prompt'));
  const meta: SourceMeta = {
    extra: extras(s, STATE_KEYS),
    key_order: keyOrder(s, STATE_KEYS),
    state_prompt_absent: s.state_prompt === undefined ? true : undefined,
    edges_absent: s.edges === undefined ? true : undefined,
    tools_absent: s.tools === undefined ? true : undefined,
  };
  const stateNames: string[] = [];
  const overrides: Record<string, unknown> = {};
  (s.tools ?? []).forEach((t, k) => {
    const imported = importLlmTool(t, 'state');
    const existing = tools.find((x) => x.name === t.name);
    if (!existing) {
      ctx.map(`tools[${tools.length}]`, joinPath(src, 'tools', k));
      tools.push(imported);
    } else if (!jsonEqual(exportLlmTool(existing, existing.source_meta ?? {}), t)) {
      defineKey(overrides, t.name, t);
    }
    stateNames.push(t.name);
  });
  if (Object.keys(overrides).length) meta.tool_overrides = overrides;
  if (stateNames.some((n) => generalNames.includes(n))) meta.state_tools = stateNames;

  const seen = new Map<string, number>();
  const transitions = (s.edges ?? []).map((e, k) => {
    const esrc = joinPath(src, 'edges', k);
    const tp = `${at}.transitions[${k}]`;
    ctx.map(tp, esrc);
    ctx.map(`${tp}.target`, joinPath(esrc, 'destination_state_name'));
    ctx.map(`${tp}.condition`, joinPath(esrc, 'description'));
    const n = (seen.get(e.destination_state_name) ?? 0) + 1;
    seen.set(e.destination_state_name, n);
    const em: SourceMeta = {
      extra: extras(e, EDGE_KEYS),
      key_order: keyOrder(e, EDGE_KEYS),
      description_absent: e.description === undefined ? true : undefined,
    };
    const cond = (e as Record<string, unknown>).condition;
    let prompt = e.description ?? '';
    if (!prompt.trim() && typeof cond === 'string' && cond.trim()) {
      prompt = cond;
      em.prompt_from = 'condition';
      em.description = e.description;
    } else if (!prompt.trim()) {
      prompt = placeholderPrompt(e.destination_state_name);
      em.placeholder = prompt;
      em.description = e.description;
      ctx.warn(
        joinPath(esrc, 'description'),
        `edge to ${JSON.stringify(e.destination_state_name)} has no description; Parley decides it with the placeholder question ${JSON.stringify(prompt)} (expected a description of when to take this edge)`,
      );
    }
    return {
      id: n > 1 ? `${s.name}->${e.destination_state_name}#${n}` : `${s.name}->${e.destination_state_name}`,
      target: e.destination_state_name,
      condition: { kind: 'prompt', prompt },
      source_meta: compactMeta(em),
    };
  });

  return {
    id: s.name,
    type: 'conversation',
    instruction: { mode: 'prompt', text: s.state_prompt ?? '' },
    tools: [...generalNames, ...stateNames.filter((n) => !generalNames.includes(n))],
    transitions,
    source_meta: compactMeta(meta),
  };
}
