import { formatBytes } from '../../../src-shared/text/format-bytes.js';
import { isPlainObject } from '../shared/stable-json.js';
import type { AgentExporter, AgentImporter } from '../types.js';
import { exportRevRing } from './export.js';
import { importRevRing } from './import.js';
import { REVRING_SIZE_LIMIT, RevFlow } from './schema.js';

/** RevRing flow definition: `schemaVersion`, `begin`, `nodes`, `edges` (with `__global__` edges). */
export const revringImporter: AgentImporter = {
  id: 'revring',
  detect: (json) =>
    isPlainObject(json) && 'schemaVersion' in json && isPlainObject(json.begin) && Array.isArray(json.nodes),
  schema: RevFlow,
  import: (json, ctx) => importRevRing(json as RevFlow, ctx),
  sizeLimitBytes: REVRING_SIZE_LIMIT,
};

export const revringExporter: AgentExporter = {
  id: 'revring',
  nativeFormats: ['revring'],
  render: exportRevRing,
  sizeWarning: (bytes) =>
    bytes > REVRING_SIZE_LIMIT
      ? `the flow is ${formatBytes(bytes)}, larger than the ${formatBytes(REVRING_SIZE_LIMIT)} RevRing accepts; it will be refused there`
      : undefined,
};
