import { importCallFiles, importCallTexts, type CallFormat } from './calls.js';
import { requireFileAccess } from '../door/files.js';
import type { Methods } from '../method-table.js';
import { appOf } from '../door/app-service.js';
import { proposeCallTests } from './call-tests.js';

/** calls.import / importFiles: real call exports as an imported run (app/calls/calls.ts), by content or by path; proposeTests: tests from calls. */
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
  'calls.importFiles': (ctx, { agent_id, agent_version_id, paths, format, name, redact }) => {
    requireFileAccess(ctx, 'calls.importFiles');
    const { run, results, calls, agent } = importCallFiles(ctx.store, {
      agent_id,
      agent_version_id,
      paths,
      format: format as CallFormat | undefined,
      name,
      redact,
    });
    return {
      run_id: run.id,
      kind: run.kind,
      status: run.status,
      agent: { id: agent.id, version_id: agent.version_id, version: agent.version, name: agent.name },
      redaction: run.options.redaction ?? null,
      calls: results.map((r, i) => ({
        result_id: r.id,
        test: r.test,
        file: calls[i].file,
        format: calls[i].format,
        turns: r.turns,
        transcript_turns: r.transcript.length,
        tools_called: r.tools_called.length,
        nodes_visited: r.nodes_visited.length,
        duration_ms: r.duration_ms,
      })),
    };
  },
};
