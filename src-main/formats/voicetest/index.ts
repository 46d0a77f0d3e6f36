import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportVoicetest } from './export.js';
import { importVoicetest } from './import.js';
import { VtGraph } from './schema.js';

/** voicetest graph JSON: `entry_node_id` + a `nodes` map keyed by node id. */
export const voicetestImporter: AgentImporter = {
  id: 'voicetest',
  detect: (json) => isPlainObject(json) && 'entry_node_id' in json && isPlainObject(json.nodes),
  schema: VtGraph,
  import: (json, ctx) => importVoicetest(json as VtGraph & Record<string, unknown>, ctx),
  // voicetest writes a logic node's fallback as an `always` edge and does not require one.
  allowsLogicWithoutElse: true,
};

export const voicetestExporter: AgentExporter = {
  id: 'voicetest',
  nativeFormats: ['voicetest'],
  keepsSnippets: true,
  render: exportVoicetest,
};
