import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportRetellLlm } from './export.js';
import { importRetellLlm, isRetellLlmWrapper } from './import.js';
import { RetellLlm, RetellLlmWrapper } from './schema.js';

const LLM_MARKERS = ['general_prompt', 'llm_id', 'states', 'general_tools', 'begin_message'];

/** Retell LLM: `general_prompt`, `states[]`, `general_tools`, `begin_message` (or the dashboard's `retellLlmData`). */
export const retellLlmImporter: AgentImporter = {
  id: 'retell-llm',
  detect: (json) =>
    isRetellLlmWrapper(json) ||
    (isPlainObject(json) &&
      !('nodes' in json) &&
      !('start_node_id' in json) &&
      LLM_MARKERS.some((k) => k in json) &&
      !('model' in json && isPlainObject(json.model))),
  schema: (json) => (isRetellLlmWrapper(json) ? RetellLlmWrapper : RetellLlm),
  import: importRetellLlm,
};

export const retellLlmExporter: AgentExporter = {
  id: 'retell-llm',
  nativeFormats: ['retell-llm'],
  render: exportRetellLlm,
};
