import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportTelnyx } from './export.js';
import { importTelnyx } from './import.js';
import { TelnyxAssistant, TelnyxAssistantList, type TelnyxAssistantList as List } from './schema.js';

/** Settings only a Telnyx assistant has next to its `instructions` (voicetest's telltales plus the API's). */
const MARKERS = [
  'greeting',
  'voice_settings',
  'transcription',
  'telephony_settings',
  'dynamic_variables',
  'insight_settings',
  'enabled_features',
];

const isAssistant = (json: unknown): boolean =>
  isPlainObject(json) &&
  typeof json.instructions === 'string' &&
  !isPlainObject(json.model) &&
  !('prompt' in json) &&
  (typeof json.model === 'string' || MARKERS.some((k) => k in json));
const isList = (json: unknown): json is List =>
  isPlainObject(json) && Array.isArray(json.data) && json.data.some(isAssistant);

/** Telnyx AI assistant (`instructions` + `model` string / greeting / voice settings), or a list `{data: [...]}`. */
export const telnyxImporter: AgentImporter = {
  id: 'telnyx',
  detect: (json) => isAssistant(json) || isList(json),
  schema: (json) => (isList(json) ? TelnyxAssistantList : TelnyxAssistant),
  import: (json, ctx) => importTelnyx(json as TelnyxAssistant | List, ctx),
};

export const telnyxExporter: AgentExporter = {
  id: 'telnyx',
  nativeFormats: ['telnyx'],
  render: exportTelnyx,
};
