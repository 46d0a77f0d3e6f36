/** The one redaction of secrets lives in src-shared/text/redact.ts (the store uses it too); providers import it here. */
export { redact, redactUrl, registerSecret } from '../../../src-shared/text/redact.js';
