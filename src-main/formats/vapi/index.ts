import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportVapi } from './export.js';
import { importVapiAssistant, importVapiSquad } from './import.js';
import { VapiAssistant, VapiSquad } from './schema.js';

/** VAPI assistant: `model.messages` (system prompt), `firstMessage`, function tools. */
export const vapiImporter: AgentImporter = {
  id: 'vapi',
  detect: (json) =>
    isPlainObject(json) &&
    !('members' in json) &&
    !('nodes' in json) &&
    !('general_prompt' in json) &&
    ((isPlainObject(json.model) && Array.isArray(json.model.messages)) ||
      'firstMessage' in json ||
      'firstMessageMode' in json ||
      (isPlainObject(json.model) && 'voice' in json)),
  schema: VapiAssistant,
  import: (json, ctx) => importVapiAssistant(json as VapiAssistant, ctx),
};

/** VAPI squad: `members[]`, each an inline assistant (or assistantId) with `assistantDestinations`. */
export const vapiSquadImporter: AgentImporter = {
  id: 'vapi-squad',
  detect: (json) =>
    isPlainObject(json) &&
    Array.isArray(json.members) &&
    json.members.some((m) => isPlainObject(m) && ('assistant' in m || 'assistantId' in m)),
  schema: VapiSquad,
  import: (json, ctx) => importVapiSquad(json as VapiSquad & Record<string, unknown>, ctx),
};

export const vapiExporter: AgentExporter = {
  id: 'vapi',
  nativeFormats: ['vapi', 'vapi-squad'],
  render: exportVapi,
};
