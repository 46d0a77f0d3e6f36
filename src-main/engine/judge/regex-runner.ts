import { Worker } from 'node:worker_threads';
import { parsePattern } from '../../../src-shared/rules/regex-pattern.js';

/**
 * Runs user regular expressions in a worker thread with a time limit, so a catastrophic pattern
 * (`(a+)+$` on a long line) cannot hang a run: on timeout the worker is terminated and the pattern
 * reported as failed; the remaining patterns get a fresh worker.
 */

const WORKER_SOURCE = `
const { parentPort } = require('node:worker_threads');
parentPort.on('message', (m) => {
  parentPort.postMessage({ id: m.id, started: true });
  let re;
  try { re = new RegExp(m.source, m.flags); } catch (e) { parentPort.postMessage({ id: m.id, error: String(e && e.message || e) }); return; }
  for (let i = 0; i < m.texts.length; i++) {
    re.lastIndex = 0;
    const r = re.exec(m.texts[i]);
    if (r) { parentPort.postMessage({ id: m.id, index: i, match: String(r[0]).slice(0, 200) }); return; }
  }
  parentPort.postMessage({ id: m.id, index: -1 });
});
`;

export type RegexOutcome =
  | { kind: 'match'; index: number; match: string }
  | { kind: 'no_match' }
  | { kind: 'invalid'; error: string }
  | { kind: 'timeout' };

/**
 * One worker, reused across conversations (spawning a worker costs ~40 ms). Jobs run one at a time
 * and each one's clock starts when the worker receives it, so a queue of patterns from parallel
 * conversations never times out while waiting. A timed-out worker is terminated and replaced.
 */
/** How long a worker may take to start and take a job (a loaded machine), before the pattern is given up. */
const START_LIMIT_MS = 30_000;

export class RegexRunner {
  private worker: Worker | undefined;
  private seq = 0;
  private tail: Promise<unknown> = Promise.resolve();

  constructor(private readonly timeoutMs = 1000) {}

  private spawn(): Worker {
    if (!this.worker) {
      const w = new Worker(WORKER_SOURCE, { eval: true });
      w.unref();
      w.on('error', () => {
        if (this.worker === w) this.worker = undefined;
      });
      w.on('exit', () => {
        if (this.worker === w) this.worker = undefined;
      });
      this.worker = w;
    }
    return this.worker;
  }

  /** First text (by index) the pattern matches. */
  run(pattern: string, texts: string[], timeoutMs = this.timeoutMs): Promise<RegexOutcome> {
    const job = this.tail.then(() => this.exec(pattern, texts, timeoutMs));
    this.tail = job.catch(() => undefined);
    return job;
  }

  private exec(pattern: string, texts: string[], timeoutMs: number): Promise<RegexOutcome> {
    const { source, flags } = parsePattern(pattern);
    const worker = this.spawn();
    const id = ++this.seq;
    return new Promise<RegexOutcome>((resolve) => {
      const done = (o: RegexOutcome) => {
        clearTimeout(timer);
        worker.off('message', onMessage);
        worker.off('error', onError);
        resolve(o);
      };
      const stop = () => {
        if (this.worker === worker) this.worker = undefined;
        void worker.terminate();
        done({ kind: 'timeout' });
      };
      // the pattern's clock starts when the worker has it (not while a new worker starts up)
      let timer = setTimeout(stop, START_LIMIT_MS);
      const onMessage = (m: { id: number; started?: boolean; index?: number; match?: string; error?: string }) => {
        if (m.id !== id) return;
        if (m.started) {
          clearTimeout(timer);
          timer = setTimeout(stop, timeoutMs);
        } else if (m.error !== undefined) done({ kind: 'invalid', error: m.error });
        else if (m.index !== undefined && m.index >= 0) done({ kind: 'match', index: m.index, match: m.match ?? '' });
        else done({ kind: 'no_match' });
      };
      const onError = (e: Error) => done({ kind: 'invalid', error: e.message });
      worker.on('message', onMessage);
      worker.on('error', onError);
      worker.postMessage({ id, source, flags, texts });
    });
  }

  async close(): Promise<void> {
    await this.tail;
    const w = this.worker;
    this.worker = undefined;
    if (w) await w.terminate();
  }
}

let shared: RegexRunner | undefined;

/** The process-wide runner (its worker is unref'd: it never keeps the process alive). */
export function sharedRegexRunner(): RegexRunner {
  shared ??= new RegexRunner();
  return shared;
}
