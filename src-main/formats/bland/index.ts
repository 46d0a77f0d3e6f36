import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter, ExportContext } from '../types.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { exportBlandAgent, importBlandAgent } from './agent.js';
import { exportBlandPathway } from './pathway-export.js';
import { importBlandPathway } from './pathway-import.js';
import { BlandAgent, BlandPathway } from './schema.js';

/** Settings only a Bland agent configuration has (voicetest's telltales plus Bland's documented call settings). */
const AGENT_MARKERS = [
  'phone_number',
  'first_sentence',
  'voice_id',
  'transfer_list',
  'transfer_phone_number',
  'interruption_threshold',
  'max_duration',
  'dynamic_data',
  'wait_for_greeting',
  'request_data',
  'pathway_id',
  'analysis_schema',
];

/**
 * Bland agent configuration: `prompt` (or `task`, its name in a send-call body) + one of Bland's call settings,
 * with no VAPI `model` object.
 */
export const blandImporter: AgentImporter = {
  id: 'bland',
  detect: (json) =>
    isPlainObject(json) &&
    ('prompt' in json || typeof json.task === 'string') &&
    AGENT_MARKERS.some((k) => k in json) &&
    !isPlainObject(json.model) &&
    !('nodes' in json) &&
    !('instructions' in json),
  schema: BlandAgent,
  import: (json, ctx) => importBlandAgent(json as BlandAgent, ctx),
};

/** Bland conversational pathway: `nodes[]` whose items carry a `data` object (React Flow style) and `edges[]`. */
export const blandPathwayImporter: AgentImporter = {
  id: 'bland-pathway',
  detect: (json) =>
    isPlainObject(json) &&
    Array.isArray(json.nodes) &&
    Array.isArray(json.edges) &&
    !('schemaVersion' in json) &&
    !('start_node_id' in json) &&
    !('entry_node_id' in json) &&
    json.nodes.some((n) => isPlainObject(n) && isPlainObject(n.data)),
  schema: BlandPathway,
  import: (json, ctx) => importBlandPathway(json as BlandPathway, ctx),
};

/** `bland` writes an agent configuration for a graph read from one, and a pathway otherwise. */
export const blandExporter: AgentExporter = {
  id: 'bland',
  nativeFormats: ['bland', 'bland-pathway'],
  render: (g: AgentGraph, ctx: ExportContext) =>
    g.source.format === 'bland' && g.nodes.length === 1 ? exportBlandAgent(g, ctx) : exportBlandPathway(g, ctx),
};
