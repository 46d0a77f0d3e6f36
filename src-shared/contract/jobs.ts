import { z } from 'zod';
import { ApiError, method } from './define.js';

/**
 * Every long piece of work in Parley is one kind of job (src-main/app/jobs/): it has an id, a kind,
 * a title, progress with an estimate of the time left, can be cancelled, and ends done, failed,
 * cancelled or interrupted (its process stopped before it ended: marked on the next start).
 * The method that starts one answers with the job (`job_id`); progress arrives as `job.progress`
 * events, `jobs.get` reads it at any time, `jobs.cancel` stops it.
 */
export const JOB_KINDS = [
  'run',
  'resume',
  'evaluate',
  'replay',
  'rejudge',
  'audio-eval',
  'readiness',
  'routing',
  'gap-tests',
  'call-tests',
  'personas',
  'failure-groups',
  'merge',
  'labels-import',
  'model-pull',
  'diagnose',
  'fix',
] as const;
export const JobKind = z.enum(JOB_KINDS);
export type JobKind = z.infer<typeof JobKind>;

export const JobStatus = z.enum(['running', 'done', 'failed', 'cancelled', 'interrupted']);
export type JobStatus = z.infer<typeof JobStatus>;

export const JobProgress = z.object({
  done: z.number().int().min(0),
  /** Null while the total is not known yet. */
  total: z.number().int().min(0).nullable(),
  /** What is counted, in the plural: "conversations", "tasks", "verdicts". */
  unit: z.string(),
  /** Estimated time left from the pace so far; null until one unit is done. */
  eta_ms: z.number().min(0).nullable(),
  /** What it is doing now, in words ("verifying sha256 digest"), when the work says. */
  note: z.string().optional(),
});
export type JobProgress = z.infer<typeof JobProgress>;

/** What a job is about, so a page can find the jobs of its run, agent, suite or model. */
export const JobSubject = z.object({
  run_id: z.string().optional(),
  agent_id: z.string().optional(),
  suite_id: z.string().optional(),
  model: z.string().optional(),
});
export type JobSubject = z.infer<typeof JobSubject>;

export const JobInfo = z.object({
  id: z.string(),
  kind: JobKind,
  title: z.string(),
  status: JobStatus,
  progress: JobProgress,
  subject: JobSubject,
  started_at: z.string(),
  ended_at: z.string().nullable(),
  error: ApiError.nullable(),
  /** The job's outcome once done (its shape depends on the kind: the starting method documents it). */
  result: z.unknown().optional(),
});
export type JobInfo = z.infer<typeof JobInfo>;

/** What a method that starts a job answers at once. */
export const JobStarted = z.object({ job_id: z.string() });

export const JobEvent = z.object({ type: z.literal('job.progress'), job: JobInfo.omit({ result: true }) });
export type JobEvent = z.infer<typeof JobEvent>;

export const jobMethods = {
  'jobs.get': method(
    'One job: its progress, and its outcome once it ended',
    z.object({ id: z.string().min(1) }),
    JobInfo,
  ),
  'jobs.list': method(
    'Jobs of this process and the last ones stored, newest first; running ones first',
    z
      .object({
        subject: JobSubject.optional(),
        kind: JobKind.optional(),
        running: z.boolean().optional(),
        limit: z.number().int().min(1).max(200).default(50),
      })
      .default({ limit: 50 }),
    z.object({ jobs: z.array(JobInfo.omit({ result: true })) }),
  ),
  'jobs.cancel': method(
    'Cancel a running job; what it finished is kept',
    z.object({ id: z.string().min(1) }),
    z.object({ cancelled: z.boolean() }),
  ),
};
