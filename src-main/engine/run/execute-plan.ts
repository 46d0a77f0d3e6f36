import type { RunEvent } from '../../../src-shared/contract/events.js';
import type { Result, Run, TestSuite } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../store/index.js';
import { summarizeTests, type TestOutcome } from '../judge/pass-fail.js';
import { runPool } from './run-pool.js';

export interface RunOutcome {
  run: Run;
  results: Result[];
  /** Per test: runs, pass rate, ok against the suite's min_pass_rate. */
  tests: TestOutcome[];
}

export interface RunHandle {
  readonly runId: string;
  /** Conversations planned in the whole run (a resumed run counts the ones finished before too). */
  readonly total: number;
  /** Listen to this run's events; returns the unsubscribe function. */
  subscribe(listener: (e: RunEvent) => void): () => void;
  /** Stops promptly: running conversations are abandoned (not stored), the run is marked `cancelled`. */
  cancel(reason?: string): void;
  /**
   * Cancels one test of the running run: its running conversations stop and its conversations (running or
   * still to come) are stored as cancelled; the rest of the run goes on. False when this kind of run cannot.
   */
  cancelTest(name: string): boolean;
  /** Settles when the run is finished, cancelled or failed (never rejects). */
  readonly done: Promise<RunOutcome>;
}

/** One unit of a run's plan: which test (by suite index) and which repeat. */
export interface PlanItem {
  test: { name: string };
  test_index: number;
  repeat: number;
}

/** What one finished unit of work hands back: a result to store (and, optionally, why the run must stop). */
export interface WorkOutput {
  result: Result;
  /** Set by a circuit breaker: the run stops as `failed` with this reason after storing the result. */
  stopRun?: string;
}

export interface ExecutePlanOptions<Item extends PlanItem> {
  store: Store;
  /** The run row, already created (or reopened for a resume). */
  runId: string;
  /** The suite the run's results are counted against (min_pass_rate). */
  suite?: Pick<TestSuite, 'min_pass_rate'>;
  /** Planned conversations in the whole run (a resumed run counts the finished ones too). */
  total: number;
  /** How many of them this execution runs (`run.started`'s total). */
  remaining: number;
  /** The items still to do, drawn lazily. */
  items: Iterable<Item>;
  concurrency: number;
  signal?: AbortSignal;
  onEvent?: (e: RunEvent) => void;
  /** Does one item; undefined when it was abandoned (cancelled) and must not be stored. */
  work: (item: Item, run: { signal: AbortSignal; emit: (e: RunEvent) => void }) => Promise<WorkOutput | undefined>;
  /** Runs once when the pool is idle, before the final status is written (release models, close files). */
  cleanup?: () => Promise<void> | void;
  /** The stored result of a conversation whose test was cancelled (`cancelTest`); without it a test cannot be cancelled. */
  cancelledResult?: (item: Item, reason: string) => Result;
  /** An event to emit every `tickMs` while the run runs, and once at its end (e.g. endpoint load). */
  tick?: { ms: number; event: () => RunEvent | undefined };
}

const reasonText = (reason: unknown) =>
  reason instanceof Error ? reason.message : typeof reason === 'string' ? reason : 'cancelled';

/**
 * Executes a run's plan: the one run loop of Parley. Marks the run running, emits `run.started`
 * with the planned total, works through the items on the pool (at most `concurrency` at once), stores
 * each finished result with the run's summary in one transaction and emits `test.finished`, then
 * writes the final status (`completed`, `cancelled`, or `failed` with the reason) and emits
 * `run.finished`. Starts on the next tick, so a subscriber attached right after the call sees every event.
 */
export function executePlan<Item extends PlanItem>(o: ExecutePlanOptions<Item>): RunHandle {
  const { store, runId } = o;
  const controller = new AbortController();
  const onOuterAbort = () => controller.abort(o.signal?.reason);
  if (o.signal?.aborted) controller.abort(o.signal.reason);
  else o.signal?.addEventListener('abort', onOuterAbort, { once: true });
  const listeners = new Set<(e: RunEvent) => void>();
  const emit = (e: RunEvent) => {
    try {
      o.onEvent?.(e);
    } catch {
      /* a listener's failure must not stop the run */
    }
    for (const l of listeners) {
      try {
        l(e);
      } catch {
        /* likewise */
      }
    }
  };

  // cancelTest: the tests cancelled so far (with why) and the conversations of each test running now
  const cancelledTests = new Map<string, string>();
  const runningOf = new Map<string, Set<AbortController>>();
  const cancelledOutput = (item: Item): WorkOutput | undefined =>
    o.cancelledResult ? { result: o.cancelledResult(item, cancelledTests.get(item.test.name)!) } : undefined;
  const runItem = async (item: Item): Promise<WorkOutput | undefined> => {
    const name = item.test.name;
    if (cancelledTests.has(name)) return cancelledOutput(item);
    emit({ type: 'test.started', run_id: runId, test: name, test_index: item.test_index, repeat: item.repeat });
    const own = new AbortController();
    const set = runningOf.get(name) ?? new Set<AbortController>();
    runningOf.set(name, set.add(own));
    try {
      const out = await o.work(item, { signal: AbortSignal.any([controller.signal, own.signal]), emit });
      return out === undefined && own.signal.aborted && !controller.signal.aborted ? cancelledOutput(item) : out;
    } finally {
      set.delete(own);
    }
  };

  const execute = async (): Promise<RunOutcome> => {
    let stopReason: string | undefined;
    let failure: string | undefined;
    let ticker: NodeJS.Timeout | undefined;
    try {
      store.runs.setStatus(runId, 'running');
      emit({ type: 'run.started', run_id: runId, total: o.remaining });
      if (o.tick) {
        const { ms, event } = o.tick;
        ticker = setInterval(() => {
          const e = event();
          if (e) emit(e);
        }, ms);
      }
      const pool = await runPool({
        items: o.items,
        concurrency: o.concurrency,
        signal: controller.signal,
        work: async (item) => (stopReason ? undefined : runItem(item)),
        onOutput: ({ result, stopRun }) => {
          store.transaction(() => {
            store.results.insert(result);
            store.runs.refreshSummary(runId);
          });
          emit({
            type: 'test.finished',
            run_id: runId,
            test: result.test,
            test_index: result.test_index,
            repeat: result.repeat,
            status: result.status,
            result_id: result.id,
            duration_ms: result.duration_ms,
          });
          if (stopRun && !stopReason) {
            stopReason = stopRun;
            controller.abort(stopRun);
          }
        },
      });
      failure = pool.failure ?? stopReason;
    } catch (e) {
      failure = reasonText(e);
    }
    clearInterval(ticker);
    try {
      const last = o.tick?.event();
      if (last) emit(last);
    } catch {
      /* a report must not change the run's outcome */
    }
    try {
      await o.cleanup?.();
    } catch {
      /* releasing models must not change the run's outcome */
    }
    o.signal?.removeEventListener('abort', onOuterAbort);
    const status = failure ? 'failed' : controller.signal.aborted ? 'cancelled' : 'completed';
    const summary = store.runs.refreshSummary(runId);
    store.runs.setStatus(runId, status, {
      error: failure ?? (status === 'cancelled' ? reasonText(controller.signal.reason) : null),
    });
    emit({ type: 'run.finished', run_id: runId, status, summary, error: failure ?? null });
    const results = store.results.listByRun(runId);
    return { run: store.runs.require(runId), results, tests: summarizeTests(results, o.suite) };
  };

  const done = new Promise<RunOutcome>((resolve) => {
    setImmediate(() => {
      execute().then(resolve, (e: unknown) => {
        const message = reasonText(e);
        let run: Run | undefined;
        try {
          store.runs.setStatus(runId, 'failed', { error: message });
          run = store.runs.require(runId);
        } catch {
          /* store closed */
        }
        if (run) emit({ type: 'run.finished', run_id: runId, status: 'failed', summary: run.summary, error: message });
        resolve({ run: run ?? ({ id: runId, status: 'failed', error: message } as Run), results: [], tests: [] });
      });
    });
  });

  return {
    runId,
    total: o.total,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    cancel(reason = 'cancelled') {
      if (!controller.signal.aborted) controller.abort(reason);
    },
    cancelTest(name) {
      if (!o.cancelledResult || controller.signal.aborted) return false;
      if (!cancelledTests.has(name)) cancelledTests.set(name, `test "${name}" was cancelled while the run ran`);
      for (const c of runningOf.get(name) ?? []) c.abort(cancelledTests.get(name));
      return true;
    },
    done,
  };
}
