import { importCallTexts, type CallFormat } from '../index.js';
import type { Methods } from '../method-table.js';
import { appOf } from '../door/app-service.js';
import { proposeCallTests } from './call-tests.js';

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
  'calls.proposeTests': async (ctx, input) => {
    const app = appOf(ctx);
    const job = await app.jobs.startWhenReady(
      { kind: 'call-tests', title: 'Tests from calls', unit: 'groups', subject: { run_id: input.run_id } },
      (ctl) =>
        proposeCallTests(ctx.store, app.models, input, {
          signal: ctl.signal,
          onProgress: (done, total) => ctl.progress(done, total),
        }),
      { statusOf: (o) => (o.cancelled ? 'cancelled' : 'done') },
    );
    return { job_id: job.id };
  },
};
