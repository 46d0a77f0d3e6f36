import type { JobInfo, JobKind, JobStatus, JobSubject } from '../../../src-shared/contract/jobs.js';
import type { Store } from '../../store/index.js';
import { newId } from '../../store/ids.js';
import { redactUrlsIn } from '../../../src-shared/text/redact.js';
import { JobState, jobError, type Job, type JobControl, type JobSpec } from './job.js';

export interface StartOptions<T> {
  /** How a job whose work returned ended (a run that stored `cancelled`, a report marked cancelled). */
  statusOf?: (result: T) => JobStatus;
  /** What `jobs.get` shows as the outcome (default: the result itself; null to keep it out). */
  resultOf?: (result: T) => unknown;
}

/**
 * Progress events are sent at most this often per job (status changes always go out); a change inside the
 * gap is sent when it has passed, so the last word heard is the job's latest.
 */
const EMIT_EVERY_MS = 200;
/** Ended jobs kept in memory with their outcome (older ones: the stored row, without the outcome). */
const KEEP_ENDED = 50;

interface Entry {
  state: JobState;
  abort: AbortController;
  cancelHooks: ((reason: string) => void)[];
  listeners: Set<(info: JobInfo) => void>;
  lastEmit: number;
  /** A change that came inside the gap, sent when the gap has passed. */
  pending?: ReturnType<typeof setTimeout>;
  done: Promise<unknown>;
  /** Set while a job started with startWhenReady has not reported progress yet. */
  onReady?: () => void;
}

/**
 * The one registry of long work in a process (App.jobs): every run, evaluation, replay, re-judge,
 * audio evaluation, readiness check, routing analysis, gap-test proposal, persona generation, failure
 * grouping, merge and labels import is started here. Jobs are recorded in the store when they start
 * and end, so a job whose process stopped shows `interrupted` on the next start.
 */
export class JobRegistry {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<(info: JobInfo) => void>();
  private disposed = false;

  constructor(private readonly store: Store) {}

  /** Starts `work` as a job now. Input should be checked before: a refusal is better as an error than as a failed job. */
  start<T>(spec: JobSpec, work: (ctl: JobControl) => Promise<T>, opts: StartOptions<T> = {}): Job<T> {
    const entry = this.entry(spec);
    this.record(entry);
    this.launch(entry, work, opts);
    return this.handle<T>(entry);
  }

  /**
   * Starts `work` whose first part checks its input and loads what it needs: the job exists (is listed,
   * recorded, cancellable) from the work's first progress report on. Until then a failure is thrown to
   * the caller as the error it is (a refusal), and no job is recorded.
   */
  startWhenReady<T>(spec: JobSpec, work: (ctl: JobControl) => Promise<T>, opts: StartOptions<T> = {}): Promise<Job<T>> {
    const entry = this.entry(spec);
    return new Promise<Job<T>>((resolve, reject) => {
      entry.onReady = () => {
        this.record(entry);
        resolve(this.handle<T>(entry));
      };
      this.launch(entry, work, opts).catch((e: unknown) => {
        if (!this.entries.has(entry.state.id)) reject(e); // failed before it began: a refusal, not a job
      });
    });
  }

  private entry(spec: JobSpec): Entry {
    if (this.disposed) throw new Error('the app is shutting down');
    return {
      state: new JobState(spec.id ?? newId('job'), { ...spec, title: redactUrlsIn(spec.title) }),
      abort: new AbortController(),
      cancelHooks: [],
      listeners: new Set(),
      lastEmit: 0,
      done: Promise.resolve(),
    };
  }

  /** The job becomes visible: listed, stored, announced. */
  private record(entry: Entry): void {
    entry.onReady = undefined;
    this.entries.set(entry.state.id, entry);
    this.store.jobs.insert(entry.state.info(false));
    this.emit(entry, true);
  }

  private launch<T>(entry: Entry, work: (ctl: JobControl) => Promise<T>, opts: StartOptions<T>): Promise<T> {
    const { state } = entry;
    const done = (async () => {
      try {
        const result = await work(this.control(entry));
        entry.onReady?.(); // a job that ended before reporting progress still happened
        const cancelled = entry.abort.signal.aborted;
        state.status = opts.statusOf?.(result) ?? (cancelled ? 'cancelled' : 'done');
        state.result = opts.resultOf ? opts.resultOf(result) : result;
        if (state.result === null) state.result = undefined;
        return result;
      } catch (e) {
        state.status = entry.abort.signal.aborted ? 'cancelled' : 'failed';
        state.error = jobError(e);
        throw e;
      } finally {
        if (this.entries.has(state.id)) this.end(entry);
      }
    })();
    done.catch(() => undefined); // the job keeps the error; a door that awaits `done` sees it too
    entry.done = done;
    return done;
  }

  private control(entry: Entry): JobControl {
    const { state } = entry;
    return {
      id: state.id,
      signal: entry.abort.signal,
      progress: (done, total) => {
        state.done = done;
        if (total !== undefined) state.total = total;
        entry.onReady?.();
        this.emit(entry);
      },
      tick: (n = 1) => {
        state.done += n;
        entry.onReady?.();
        this.emit(entry);
      },
      note: (text) => {
        state.note = text;
        this.emit(entry);
      },
      about: (subject: JobSubject) => {
        state.subject = { ...state.subject, ...subject };
        this.emit(entry, true);
      },
      onCancel: (fn) => {
        if (entry.abort.signal.aborted) fn(String(entry.abort.signal.reason ?? 'cancelled'));
        else entry.cancelHooks.push(fn);
      },
    };
  }

  private handle<T>(entry: Entry): Job<T> {
    return {
      id: entry.state.id,
      kind: entry.state.spec.kind,
      get done() {
        return entry.done as Promise<T>;
      },
      info: () => entry.state.info(),
      cancel: (reason) => this.cancel(entry.state.id, reason),
      subscribe: (listener) => {
        entry.listeners.add(listener);
        return () => entry.listeners.delete(listener);
      },
    };
  }

  private end(entry: Entry): void {
    const { state } = entry;
    state.endedAt = new Date().toISOString();
    if (state.total === null && state.status === 'done') state.total = state.done;
    this.store.jobs.finish(state.info(false));
    this.emit(entry, true);
    const ended = [...this.entries.values()].filter((e) => e.state.status !== 'running');
    for (const e of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) this.entries.delete(e.state.id);
  }

  private emit(entry: Entry, force = false): void {
    const now = Date.now();
    const wait = entry.lastEmit + EMIT_EVERY_MS - now;
    if (!force && wait > 0) {
      if (!entry.pending) {
        entry.pending = setTimeout(() => this.emit(entry, true), wait);
        entry.pending.unref();
      }
      return;
    }
    clearTimeout(entry.pending);
    entry.pending = undefined;
    entry.lastEmit = now;
    const info = entry.state.info(false);
    for (const l of entry.listeners) l(info);
    for (const l of this.listeners) l(info);
  }

  /** Every job's progress and status changes (the API sends them as `job.progress` events). */
  subscribe(listener: (info: JobInfo) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** A job of this process (with its outcome), or a stored one (without). */
  get(id: string): JobInfo | undefined {
    return this.entries.get(id)?.state.info() ?? this.store.jobs.get(id);
  }

  /** A job of this process as a handle (to await its outcome). */
  job<T = unknown>(id: string): Job<T> | undefined {
    const e = this.entries.get(id);
    return e ? this.handle<T>(e) : undefined;
  }

  /** Jobs of this process and the stored ones, running first, then newest first. */
  list(
    filter: { subject?: JobSubject; kind?: JobKind; running?: boolean; limit?: number; hereOnly?: boolean } = {},
  ): JobInfo[] {
    const limit = filter.limit ?? 50;
    const live = [...this.entries.values()].map((e) => e.state.info(false));
    const ids = new Set(live.map((j) => j.id));
    // jobs another process recorded (still running there, or finished) come from the store
    const stored = filter.hereOnly ? [] : this.store.jobs.list(limit * 4, filter.kind).filter((j) => !ids.has(j.id));
    const about = (j: JobInfo) =>
      Object.entries(filter.subject ?? {}).every(([k, v]) => v === undefined || j.subject[k as keyof JobSubject] === v);
    return [...live, ...stored]
      .filter((j) => (!filter.kind || j.kind === filter.kind) && about(j))
      .filter((j) => filter.running === undefined || (j.status === 'running') === filter.running)
      .sort(
        (a, b) =>
          Number(b.status === 'running') - Number(a.status === 'running') || b.started_at.localeCompare(a.started_at),
      )
      .slice(0, limit);
  }

  /** Cancels a running job of this process: false when it is not running here. */
  cancel(id: string, reason = 'cancelled by the user'): boolean {
    const e = this.entries.get(id);
    if (!e || e.state.status !== 'running') return false;
    if (e.abort.signal.aborted) return true;
    e.abort.abort(reason);
    for (const fn of e.cancelHooks.splice(0)) fn(reason);
    return true;
  }

  /** Cancels every running job and waits (bounded) for them to settle. */
  async dispose(timeoutMs = 15_000): Promise<void> {
    this.disposed = true;
    const running = [...this.entries.values()].filter((e) => e.state.status === 'running');
    for (const e of running) this.cancel(e.state.id, 'the app is shutting down');
    await Promise.race([
      Promise.allSettled(running.map((e) => e.done)),
      new Promise((r) => setTimeout(r, timeoutMs).unref()),
    ]);
  }
}
