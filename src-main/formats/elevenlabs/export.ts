import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { dropForeignMeta, dropGraphFeatures, graphMeta, nativeMeta } from '../shared/export-helpers.js';
import { asObject as obj, asStrings as strs, assemble } from '../shared/meta.js';
import type { ExportContext } from '../types.js';
import { AGENT_KEYS, AGENT_SECTION_KEYS, CONFIG_KEYS, PROMPT_KEYS } from './import.js';
import { exportElTool } from './tools.js';
import { exportWorkflow } from './workflow-export.js';

/** Graph -> ElevenLabs agent: the config, plus a workflow unless the graph is one conversation node read without one. */
export function exportElevenLabs(g: AgentGraph, ctx: ExportContext): Record<string, unknown> {
  const gm = graphMeta(ctx);
  dropGraphFeatures(ctx, 'ElevenLabs', ['snippets', 'metrics', 'description']);
  dropForeignMeta(ctx, 'elevenlabs');
  const single =
    g.nodes.length === 1 && g.nodes[0].type === 'conversation' && !g.nodes[0].transitions.length && !g.global_prompt;
  const tools = g.tools.map((t) => exportElTool(t, nativeMeta(ctx, t.source_meta), (s) => ctx.text(s)));
  const node = g.nodes[0];
  const prompt = single && node.type === 'conversation' ? node.instruction.text : g.global_prompt;
  if (single && node.type === 'conversation' && node.instruction.mode === 'static')
    ctx.drop(
      'nodes[0].instruction.mode',
      'static (spoken as written) instruction',
      'an ElevenLabs prompt is for the model',
    );
  const promptSection =
    gm.prompt_absent && !prompt && !tools.length
      ? undefined
      : assemble(
          {
            prompt: gm.prompt_text_absent && prompt === '' ? undefined : ctx.text(prompt),
            tools: tools.length || gm.tools_present ? tools : undefined,
          },
          PROMPT_KEYS,
          obj(gm.prompt_extra),
          strs(gm.prompt_key_order),
        );
  const fm = obj(gm.first_message);
  const first =
    g.begin_message !== undefined
      ? ctx.text(g.begin_message)
      : g.first_speaker === 'caller'
        ? ''
        : fm?.absent
          ? undefined
          : (fm?.value ?? undefined);
  const hasVars = Object.keys(g.default_variables).length > 0;
  const varsSection =
    hasVars || gm.vars_present
      ? assemble(
          {
            dynamic_variable_placeholders:
              hasVars || gm.vars_present === 'placeholders' ? g.default_variables : undefined,
          },
          ['dynamic_variable_placeholders'],
          obj(gm.vars_extra),
        )
      : undefined;
  const agentSection =
    gm.agent_absent && first === undefined && !promptSection && !varsSection
      ? undefined
      : assemble(
          { first_message: first, prompt: promptSection, dynamic_variables: varsSection },
          AGENT_SECTION_KEYS,
          obj(gm.agent_extra),
          strs(gm.agent_key_order),
        );
  const workflow = single ? (obj(gm.workflow) ?? undefined) : exportWorkflow(g, ctx, gm);
  const top = gm.workflow_at === 'workflow';
  const config = assemble(
    { agent: agentSection, workflow: top ? undefined : workflow },
    CONFIG_KEYS,
    obj(gm.config_extra),
    strs(gm.config_key_order),
  );
  return assemble(
    { name: g.name || undefined, conversation_config: config, workflow: top ? workflow : undefined },
    AGENT_KEYS,
    obj(gm.extra),
    strs(gm.key_order),
  );
}
