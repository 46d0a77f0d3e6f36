import type { App, Job } from '../app/index.js';

/**
 * The job a method of this process just started (`door.call('runs.start', ...)` answers only its id), as a
 * handle the progress printer follows (cli/job-progress.ts).
 */
export function startedJob<T = unknown>(app: App, id: string): Job<T> {
  const job = app.jobs.job<T>(id);
  if (!job) throw new Error(`job ${id} is not running in this process`);
  return job;
}
