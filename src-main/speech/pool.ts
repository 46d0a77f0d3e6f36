/**
 * The speech pool (issue 27): one per process, sized to the CPU cores and separate from conversation
 * concurrency. Every text-to-speech and speech-to-text call of a run or an audio evaluation goes through
 * it, so ten conversations at once start at most `workers` recognisers, not ten. Conversations queue
 * fairly: each has its own queue and a free worker takes the conversation served least recently (a new
 * one first; ties in the order they queued), so a conversation with twenty turns to hear does not make
 * the others wait for all of them. A call's time limit starts when a worker takes it, never while it waits.
 */
import { availableParallelism } from 'node:os';
import { SpeechError } from './types.js';

interface Task {
  run: () => Promise<unknown>;
  resolve: (v: unknown) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
}

export interface SpeechPoolStats {
  workers: number;
  running: number;
  queued: number;
  /** Calls finished since the pool was made. */
  done: number;
  /** Most calls that ran at once. */
  peak: number;
}

/** Speech workers by default: one per CPU core. */
export const defaultSpeechWorkers = (): number => Math.max(1, availableParallelism());

export class SpeechPool {
  private readonly queues = new Map<string, Task[]>();
  /** Owners with queued work, in the order they queued. */
  private readonly turn: string[] = [];
  /** When each owner last had a call started (a counter): the least recently served goes next. */
  private readonly lastStart = new Map<string, number>();
  private started = 0;
  private readonly runningBy = new Map<string, number>();
  private running = 0;
  private done = 0;
  private peak = 0;

  constructor(private size = defaultSpeechWorkers()) {}

  get workers(): number {
    return this.size;
  }

  /** Changes the number of workers (`--speech-workers`); running calls finish, queued ones start as room frees. */
  resize(workers: number): void {
    if (!Number.isInteger(workers) || workers < 1)
      throw new RangeError(`speech workers: expected a whole number of at least 1, got ${workers}`);
    this.size = workers;
    this.pump();
  }

  stats(): SpeechPoolStats {
    let queued = 0;
    for (const q of this.queues.values()) queued += q.length;
    return { workers: this.size, running: this.running, queued, done: this.done, peak: this.peak };
  }

  /**
   * Runs `work` when a worker is free and it is `owner`'s turn (owner: a conversation, an evaluation).
   * A call cancelled while it waits is dropped from the queue with a `cancelled` error.
   */
  run<T>(owner: string, work: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    if (signal?.aborted) return Promise.reject(cancelled());
    return new Promise<T>((resolve, reject) => {
      const task: Task = { run: work, resolve: resolve as (v: unknown) => void, reject, signal };
      if (signal) {
        task.onAbort = () => {
          const q = this.queues.get(owner);
          const i = q?.indexOf(task) ?? -1;
          if (i < 0) return; // already running: the engine sees the signal itself
          q!.splice(i, 1);
          if (!q!.length) this.dropOwner(owner);
          reject(cancelled());
        };
        signal.addEventListener('abort', task.onAbort, { once: true });
      }
      let q = this.queues.get(owner);
      if (!q) {
        q = [];
        this.queues.set(owner, q);
        this.turn.push(owner);
      }
      q.push(task);
      this.pump();
    });
  }

  private dropOwner(owner: string): void {
    this.queues.delete(owner);
    const i = this.turn.indexOf(owner);
    if (i >= 0) this.turn.splice(i, 1);
  }

  /** The owner with queued work served least recently (never served first; ties: who queued first). */
  private nextOwner(): string {
    let best = 0;
    let bestAt = Infinity;
    this.turn.forEach((owner, i) => {
      const at = this.lastStart.get(owner) ?? -1;
      if (at < bestAt) {
        best = i;
        bestAt = at;
      }
    });
    return this.turn.splice(best, 1)[0];
  }

  private pump(): void {
    while (this.running < this.size && this.turn.length) {
      const owner = this.nextOwner();
      const q = this.queues.get(owner)!;
      const task = q.shift()!;
      if (q.length) this.turn.push(owner);
      else this.queues.delete(owner);
      this.start(owner, task);
    }
  }

  private start(owner: string, task: Task): void {
    if (task.onAbort) task.signal?.removeEventListener('abort', task.onAbort);
    this.running++;
    this.runningBy.set(owner, (this.runningBy.get(owner) ?? 0) + 1);
    this.lastStart.set(owner, this.started++);
    this.peak = Math.max(this.peak, this.running);
    const finish = () => {
      this.running--;
      this.done++;
      const left = (this.runningBy.get(owner) ?? 1) - 1;
      if (left) this.runningBy.set(owner, left);
      else this.runningBy.delete(owner);
      this.forgetIdle();
      this.pump();
    };
    let p: Promise<unknown>;
    try {
      p = task.run();
    } catch (e) {
      p = Promise.reject(e);
    }
    p.then(
      (v) => {
        finish();
        task.resolve(v);
      },
      (e: unknown) => {
        finish();
        task.reject(e);
      },
    );
  }

  /** Keeps the service record bounded: owners with nothing queued or running are forgotten past 10,000. */
  private forgetIdle(): void {
    if (this.lastStart.size <= 10_000) return;
    for (const owner of this.lastStart.keys())
      if (!this.queues.has(owner) && !this.runningBy.has(owner)) this.lastStart.delete(owner);
  }
}

const cancelled = () =>
  new SpeechError('the speech call was cancelled while it waited for a speech worker', 'cancelled', 'pool');

let shared: SpeechPool | undefined;

/** The process's speech pool. */
export function speechPool(): SpeechPool {
  shared ??= new SpeechPool();
  return shared;
}
