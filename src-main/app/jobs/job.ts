import type { ApiError } from '../../../src-shared/contract/define.js';
import type { JobInfo, JobKind, JobProgress, JobStatus, JobSubject } from '../../../src-shared/contract/jobs.js';
import { redactUrlsIn } from '../../../src-shared/text/redact.js';
import { AppError } from '../errors.js';

/** What a job's work sees: its cancel signal and the calls that report progress. */
export interface JobControl {
  readonly id: string;
  readonly signal: AbortSignal;
  /** Progress so far; `total` when it becomes known (or changes). */
  progress(done: number, total?: number | null): void;
  /** One more unit done (or `n`). */
  tick(n?: number): void;
  /** What the work is doing now, in words (shown beside the progress). */
  note(text: string): void;
  /** Adds what the job is about once known (the run a replay created). */
  about(subject: JobSubject): void;
  /** Runs `fn` when the job is cancelled (for work that has its own cancel, such as a run handle). */
  onCancel(fn: (reason: string) => void): void;
}

export interface JobSpec {
  /** The job's id when it was chosen before (a claim taken for it, app/jobs/claim.ts); a new one otherwise. */
  id?: string;
  kind: JobKind;
  title: string;
  /** What is counted, in the plural ("conversations"). */
  unit: string;
  total?: number | null;
  subject?: JobSubject;
}

/** A long piece of work: progress, cancel, and its outcome. */
export interface Job<T> {
  readonly id: string;
  readonly kind: JobKind;
  /** The outcome; rejects with the work's error (an AppError for refusals). */
  readonly done: Promise<T>;
  info(): JobInfo;
  cancel(reason?: string): boolean;
  /** Called on every progress or status change; returns the unsubscribe function. */
  subscribe(listener: (info: JobInfo) => void): () => void;
}

const messageOf = (e: unknown) => (e instanceof Error ? e.message : String(e));

/** The error a job ended with, as the API reports it. */
export function jobError(e: unknown): ApiError {
  // a message may name a model by a URL with a key in it: redacted as the store writes it
  if (e instanceof AppError) return { ...e.error, message: redactUrlsIn(e.error.message) };
  return { code: 'internal', message: redactUrlsIn(messageOf(e)) };
}

/** Estimated time left from the pace so far. */
export function etaMs(done: number, total: number | null, elapsedMs: number): number | null {
  if (!total || done <= 0 || done >= total) return done >= (total ?? Infinity) ? 0 : null;
  return Math.round((elapsedMs / done) * (total - done));
}

/** The mutable state behind a Job (registry.ts owns it). */
export class JobState {
  status: JobStatus = 'running';
  done = 0;
  total: number | null;
  subject: JobSubject;
  error: ApiError | null = null;
  result: unknown = undefined;
  note: string | undefined;
  endedAt: string | null = null;
  readonly startedAt = new Date().toISOString();
  private readonly startedMs = Date.now();

  constructor(
    readonly id: string,
    readonly spec: JobSpec,
  ) {
    this.total = spec.total ?? null;
    this.subject = { ...(spec.subject ?? {}) };
  }

  get progress(): JobProgress {
    const elapsed = Date.now() - this.startedMs;
    return {
      done: this.done,
      total: this.total,
      unit: this.spec.unit,
      eta_ms: this.status === 'running' ? etaMs(this.done, this.total, elapsed) : null,
      ...(this.note ? { note: this.note } : {}),
    };
  }

  info(withResult = true): JobInfo {
    return {
      id: this.id,
      kind: this.spec.kind,
      title: this.spec.title,
      status: this.status,
      progress: this.progress,
      subject: this.subject,
      started_at: this.startedAt,
      ended_at: this.endedAt,
      error: this.error,
      ...(withResult && this.result !== undefined ? { result: this.result } : {}),
    };
  }
}
