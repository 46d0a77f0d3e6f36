import { importCallTexts, type CallFormat } from '../../app/index.js';
import type { Handlers } from './types.js';

/** calls.import: real call exports as an imported run (app/calls.ts). */
export const callHandlers: Handlers = {
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
