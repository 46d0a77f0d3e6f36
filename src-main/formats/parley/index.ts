import { z } from 'zod';
import { FORMAT_IDS, type AgentGraphInput } from '../../../src-shared/schemas/index.js';
import { SourcePaths } from '../shared/source-paths.js';
import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';

/**
 * Parley's own agent JSON: `{"format": "parley", "version": 1, "agent": AgentGraph}` (documented by
 * docs/schemas/agent.schema.json). A bare AgentGraph is accepted too. The graph keeps whatever source
 * format and metadata it carries, so Parley JSON is a lossless container for every other format.
 */
export const PARLEY_FILE_VERSION = 1;

const Wrapper = z.looseObject({
  format: z.literal('parley'),
  version: z.literal(PARLEY_FILE_VERSION),
  agent: z.looseObject({}),
});
const Bare = z.looseObject({ entry_node_id: z.string(), nodes: z.array(z.unknown()) });

const isWrapper = (json: unknown): json is { agent: unknown } =>
  isPlainObject(json) && json.format === 'parley' && 'agent' in json;

export const parleyImporter: AgentImporter = {
  id: 'parley',
  detect: (json) =>
    isWrapper(json) || (isPlainObject(json) && typeof json.entry_node_id === 'string' && Array.isArray(json.nodes)),
  schema: (json) => (isWrapper(json) ? Wrapper : Bare),
  import(json, ctx) {
    if (isWrapper(json)) {
      ctx.paths = SourcePaths.identity('agent');
      return json.agent as AgentGraphInput;
    }
    ctx.paths = SourcePaths.identity('');
    return json as AgentGraphInput;
  },
};

export const parleyExporter: AgentExporter = {
  id: 'parley',
  nativeFormats: [...FORMAT_IDS],
  keepsSnippets: true,
  render: (graph) => ({ format: 'parley', version: PARLEY_FILE_VERSION, agent: graph }),
};
