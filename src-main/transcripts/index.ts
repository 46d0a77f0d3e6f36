/** Real call import: Retell, VAPI and plain transcripts as `imported` runs. */
export { CallFileError, CallImportError } from './errors.js';
export { CALL_FORMATS, type CallFormat, type ParsedCall } from './types.js';
export { detectCallFormat, parseCallText, parseCallFiles } from './parse.js';
export {
  importCalls,
  importCallFiles,
  callToResult,
  type ImportTarget,
  type ImportCallsOptions,
} from './import-calls.js';
export {
  redactCalls,
  redactCall,
  exemptWordsFromAgent,
  agentTexts,
  PII_KINDS,
  type PiiKind,
  type RedactionReport,
} from './redact/index.js';
