/**
 * Agent graphs in and out. Pure functions (no store): read any supported file into Parley's model,
 * validate it, and write a graph to any supported format with a list of what could not be carried.
 * Store-aware helpers live next to it: `import-into-store.ts` (importIntoStore) and
 * `resolve-agent.ts` (resolveAgent: id, unique name or file path).
 */
export {
  parseAgentFile,
  nameFromFile,
  DEFAULT_MAX_BYTES,
  DEFAULT_MAX_DEPTH,
  type ParseOptions,
  type ParseResult,
} from './parse-file.js';
export { readAgentFile, type FileContent } from './read-file.js';
export { exportAgent, exportSuite, type ExportResult } from './export-agent.js';
export { validateGraph, type ValidationResult } from './validate/index.js';
export { detectFormat, type Detection } from './detect.js';
export { SourcePaths } from './shared/source-paths.js';
export {
  FORMAT_NAMES,
  EXPORT_FORMATS,
  AGENT_FORMATS,
  SUITE_FORMATS,
  type AgentFormat,
  type SuiteFormat,
  type DetectedFormat,
  type ExportFormat,
  type Issue,
  type Dropped,
  type Severity,
} from './types.js';
