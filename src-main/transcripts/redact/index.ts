/** Personal-data redaction of imported calls, on this machine, before anything is stored (docs/redaction.md). */
export { PII_KINDS, PLACEHOLDER_TAG, type PiiKind, type Finding } from './types.js';
export { CallRedactor, emptyCounts, type RedactionCounts } from './redactor.js';
export { redactCall, redactCalls, exemptWordsFromAgent, agentTexts, type RedactionReport } from './redact-call.js';
export { luhnValid } from './card.js';
