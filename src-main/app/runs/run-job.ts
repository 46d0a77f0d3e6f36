import type { JobKind } from '../../../src-shared/contract/jobs.js';
import { StepNotes } from '../../../src-shared/run/step-note.js';
import type { RunHandle } from '../../engine/index.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { RunJob } from './run-requests.js';

/**
 * A run handle as a job: progress from its events (conversations done), the StepNotes job notes, cancel through
 * the handle. `handles` holds the handle while the run is written (cancelling one test reaches the run loop through it).
 */
export function runJob(
  jobs: JobRegistry,
  handles: Map<string, RunHandle>,
  job: { kind: JobKind; title: string; id?: string },
  handle: RunHandle,
): RunJob {
  const started = jobs.start(
    {
      id: job.id,
      kind: job.kind,
      title: job.title,
      unit: 'conversations',
      total: handle.total,
      subject: { run_id: handle.runId },
    },
    (ctl) => {
      ctl.onCancel((reason) => handle.cancel(reason));
      handles.set(handle.runId, handle);
      void handle.done.finally(() => handles.delete(handle.runId));
      let done = 0;
      const steps = new StepNotes(handle.total, { turns: true });
      handle.subscribe((e) => {
        if (e.type === 'run.started') ctl.progress((done = handle.total - e.total), handle.total);
        if (e.type === 'test.finished') ctl.progress(++done);
        const note = steps.apply(e);
        if (note !== undefined) ctl.note(note);
      });
      return handle.done;
    },
    {
      statusOf: ({ run }) =>
        run.status === 'completed' ? 'done' : run.status === 'cancelled' ? 'cancelled' : 'failed',
      resultOf: ({ run }) => ({ run_id: run.id, status: run.status, summary: run.summary }),
    },
  );
  return Object.assign(started, { runId: handle.runId, total: handle.total });
}
