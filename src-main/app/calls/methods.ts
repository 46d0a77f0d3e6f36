import { importCallTexts, type CallFormat } from '../index.js';
import type { Methods } from '../method-table.js';

/** calls.import: real call exports as an imported run (app/calls/calls.ts). */
export const callMethods: Methods = {
  'calls.import': (ctx, { agent_id, agent_version_id, files, format, redact }) => {
    const { run, calls } = importCallTexts(ctx.store, {
      agent_id,
      agent_version_id,
      files,
      format: format as CallFormat | undefined,
      redact,
    });
    const redaction = run.options.redaction;
    return { run_id: run.id, calls: calls.length, ...(redaction ? { redaction } : {}) };
  },
};
