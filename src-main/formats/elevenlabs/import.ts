import type { AgentGraphInput, ToolDef } from '../../../src-shared/schemas/index.js';
import { joinPath } from '../shared/json-path.js';
import { cleanMeta, extras, keyOrder } from '../shared/meta.js';
import type { ImportContext } from '../types.js';
import type { ElAgent } from './schema.js';
import { importElTool } from './tools.js';
import { importWorkflow } from './workflow-import.js';

export const AGENT_KEYS = ['name', 'conversation_config', 'workflow'] as const;
export const CONFIG_KEYS = ['agent', 'workflow'] as const;
export const AGENT_SECTION_KEYS = ['first_message', 'prompt', 'dynamic_variables'] as const;
export const PROMPT_KEYS = ['prompt', 'tools'] as const;
export const SINGLE_NODE_ID = 'agent';

/**
 * An ElevenLabs agent -> a graph. Without a workflow the agent is one conversation node (its system
 * prompt the instruction); with one, the system prompt is the global prompt and the workflow's nodes
 * and edges are the graph.
 */
export function importElevenLabs(a: ElAgent, ctx: ImportContext): AgentGraphInput {
  const cc = a.conversation_config;
  const agent = cc.agent ?? {};
  const prompt = agent.prompt ?? {};
  const tools: ToolDef[] = (prompt.tools ?? []).map((t, k) => {
    ctx.map(`tools[${k}]`, joinPath('conversation_config', 'agent', 'prompt', 'tools', k));
    return importElTool(t);
  });
  const first = agent.first_message;
  const vars = agent.dynamic_variables?.dynamic_variable_placeholders;
  const workflowAt = cc.workflow ? 'conversation_config.workflow' : a.workflow ? 'workflow' : undefined;
  const workflow = cc.workflow ?? a.workflow;
  const hasFlow = !!workflow && Object.keys(workflow.nodes).length > 0;
  const promptText = prompt.prompt ?? '';
  const promptAt = 'conversation_config.agent.prompt.prompt';
  if (typeof first === 'string' && first !== '') ctx.map('begin_message', 'conversation_config.agent.first_message');
  if (a.name !== undefined) ctx.map('name', 'name');
  const graphBase = {
    ...(a.name !== undefined ? { name: a.name } : {}),
    first_speaker: first === '' ? ('caller' as const) : ('agent' as const),
    ...(typeof first === 'string' && first !== '' ? { begin_message: first } : {}),
    default_variables: vars ?? {},
    tools,
  };
  const meta = cleanMeta({
    extra: extras(a, AGENT_KEYS),
    key_order: keyOrder(a, AGENT_KEYS),
    config_extra: extras(cc, CONFIG_KEYS),
    config_key_order: keyOrder(cc, CONFIG_KEYS),
    agent_extra: cc.agent ? extras(cc.agent, AGENT_SECTION_KEYS) : undefined,
    agent_key_order: cc.agent ? keyOrder(cc.agent, AGENT_SECTION_KEYS) : undefined,
    agent_absent: cc.agent ? undefined : true,
    prompt_extra: agent.prompt ? extras(agent.prompt, PROMPT_KEYS) : undefined,
    prompt_key_order: agent.prompt ? keyOrder(agent.prompt, PROMPT_KEYS) : undefined,
    prompt_absent: agent.prompt ? undefined : true,
    prompt_text_absent: prompt.prompt === undefined ? true : undefined,
    tools_present: prompt.tools ? true : undefined,
    first_message: first === null ? { value: null } : first === undefined ? { absent: true } : undefined,
    vars_extra: agent.dynamic_variables
      ? extras(agent.dynamic_variables, ['dynamic_variable_placeholders'])
      : undefined,
    vars_present: agent.dynamic_variables ? (vars ? 'placeholders' : 'section') : undefined,
    workflow_at: workflowAt,
  });
  if (!hasFlow) {
    ctx.map('nodes[0]', 'conversation_config.agent');
    ctx.map('nodes[0].instruction', promptAt);
    return {
      ...graphBase,
      entry_node_id: SINGLE_NODE_ID,
      nodes: [
        {
          id: SINGLE_NODE_ID,
          type: 'conversation',
          instruction: { mode: 'prompt', text: promptText },
          ...(prompt.tools ? { tools: tools.map((t) => t.name) } : {}),
          transitions: [],
        },
      ],
      source: { format: 'elevenlabs', meta: { ...meta, workflow: workflow ? { ...workflow } : undefined } },
    };
  }
  ctx.map('global_prompt', promptAt);
  const flow = importWorkflow(workflow, workflowAt!, ctx);
  return {
    ...graphBase,
    global_prompt: promptText,
    entry_node_id: flow.entry,
    nodes: flow.nodes as AgentGraphInput['nodes'],
    source: { format: 'elevenlabs', meta: cleanMeta({ ...meta, ...flow.meta }) },
  };
}
