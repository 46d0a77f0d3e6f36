/**
 * Identical speech work in flight at once is done once (issue 27). Fifteen conversations of a run that open
 * with the same static greeting ask for the same round trip (same engines, voice, line and text: the same
 * cache key, cache.ts) at about the same time; before the first one is in the cache, the others would each
 * make it again. Here the first asker starts the work and everyone asking for the same key while it is in
 * flight waits for that one promise: every waiter gets the same result, or the same error.
 *
 * Cancelling: a waiter whose signal fires leaves at once with a `cancelled` error; the work goes on for the
 * others. Only when every waiter has left is the work itself cancelled (its signal fires) and the key
 * forgotten, so the next asker starts afresh instead of joining cancelled work.
 */
import { SpeechError } from './types.js';

interface Entry {
  done: Promise<unknown>;
  controller: AbortController;
  waiters: number;
}

export interface InFlightStats {
  /** Keys with work in flight now. */
  in_flight: number;
  /** Askers that joined work already in flight, since the table was made. */
  joined: number;
}

export interface Joined<T> {
  /** The work's result (or error), for this asker. */
  value: Promise<T>;
  /** The work was already in flight for another asker: this one waits for it and does nothing itself. */
  shared: boolean;
}

const cancelled = () =>
  new SpeechError('the speech call was cancelled while it waited for the same call in flight', 'cancelled', 'pool');

export class InFlight {
  private readonly entries = new Map<string, Entry>();
  private joinedCount = 0;

  stats(): InFlightStats {
    return { in_flight: this.entries.size, joined: this.joinedCount };
  }

  /**
   * `work(signal)` for `key`, or the result of the same key's work already in flight. `work` gets a signal
   * that fires only when every waiter has left.
   */
  join<T>(key: string, signal: AbortSignal | undefined, work: (signal: AbortSignal) => Promise<T>): Joined<T> {
    let entry = this.entries.get(key);
    const shared = entry !== undefined;
    if (signal?.aborted) return { value: Promise.reject(cancelled()), shared };
    if (entry) this.joinedCount++;
    else entry = this.start(key, work);
    entry.waiters++;
    return { value: this.wait<T>(key, entry, signal), shared };
  }

  private start(key: string, work: (signal: AbortSignal) => Promise<unknown>): Entry {
    const controller = new AbortController();
    const entry: Entry = { controller, waiters: 0, done: Promise.resolve().then(() => work(controller.signal)) };
    this.entries.set(key, entry);
    const forget = () => {
      if (this.entries.get(key) === entry) this.entries.delete(key);
    };
    entry.done.then(forget, forget);
    return entry;
  }

  private wait<T>(key: string, entry: Entry, signal: AbortSignal | undefined): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      let gone = false;
      const leave = () => {
        gone = true;
        this.leave(key, entry);
        reject(cancelled());
      };
      signal?.addEventListener('abort', leave, { once: true });
      const settle = (then: () => void) => {
        signal?.removeEventListener('abort', leave);
        if (gone) return;
        entry.waiters--;
        then();
      };
      entry.done.then(
        (v) => settle(() => resolve(v as T)),
        (e: unknown) => settle(() => reject(e)),
      );
    });
  }

  /** A waiter left: the last one to leave cancels the work, and the key is free for a fresh start. */
  private leave(key: string, entry: Entry): void {
    entry.waiters--;
    if (entry.waiters > 0) return;
    if (this.entries.get(key) === entry) this.entries.delete(key);
    entry.controller.abort();
  }
}

const tables = new WeakMap<object, InFlight>();

/** The in-flight table of everything that uses `cache` (one per store's cache: two runs of a process share it). */
export function inFlightFor(cache: object): InFlight {
  let t = tables.get(cache);
  if (!t) {
    t = new InFlight();
    tables.set(cache, t);
  }
  return t;
}
