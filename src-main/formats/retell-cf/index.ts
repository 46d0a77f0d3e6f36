import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportRetellFlow } from './export.js';
import { importRetellFlow, isRetellFlowWrapper } from './import.js';
import { RetellFlow, RetellFlowWrapper } from './schema.js';

/** Retell conversation flow: `start_node_id` + `nodes` (or the dashboard export with `conversationFlow`). */
export const retellCfImporter: AgentImporter = {
  id: 'retell-cf',
  detect: (json) =>
    isRetellFlowWrapper(json) || (isPlainObject(json) && 'start_node_id' in json && Array.isArray(json.nodes)),
  schema: (json) => (isRetellFlowWrapper(json) ? RetellFlowWrapper : RetellFlow),
  import: importRetellFlow,
  // Retell's docs require an else edge on branch nodes, but exports without one exist and Retell runs them.
  allowsLogicWithoutElse: true,
};

export const retellCfExporter: AgentExporter = {
  id: 'retell-cf',
  nativeFormats: ['retell-cf'],
  render: exportRetellFlow,
};
