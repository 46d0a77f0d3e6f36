import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportElevenLabs } from './export.js';
import { importElevenLabs } from './import.js';
import { ElAgent } from './schema.js';

/** ElevenLabs conversational agent: `conversation_config` with an `agent` section or a `workflow`. */
export const elevenlabsImporter: AgentImporter = {
  id: 'elevenlabs',
  detect: (json) =>
    isPlainObject(json) &&
    isPlainObject(json.conversation_config) &&
    ('agent' in json.conversation_config || 'workflow' in json.conversation_config || 'workflow' in json),
  schema: ElAgent,
  import: (json, ctx) => importElevenLabs(json as ElAgent, ctx),
  // A start node may route by conditions alone; ElevenLabs then waits, as Parley does when nothing matches.
  allowsLogicWithoutElse: true,
};

export const elevenlabsExporter: AgentExporter = {
  id: 'elevenlabs',
  nativeFormats: ['elevenlabs'],
  render: exportElevenLabs,
};
