/**
 * The runs a fix makes: some tests of the suite on one agent version, with the models and options of
 * the run the fix started from, through the one run loop (RunService). The run's id is handed back as
 * soon as it exists (so it is stored before the run finishes), and a run left unfinished by a crash is
 * resumed instead of started again.
 */
import type { Result, Run, RunOptions } from '../../../src-shared/schemas/index.js';
import type { RunSuite } from '../../engine/index.js';
import type { Store } from '../../store/index.js';
import { unavailable } from '../errors.js';
import type { RunService } from '../runs/runs.js';
import { rerunSpecs } from './fix-checks.js';

export interface RerunRequest {
  agentId: string;
  versionId: string;
  suite: RunSuite;
  /** The run the fix started from: its models and options are used. */
  start: Run;
  tests: string[];
  /** Conversations per test (absent: the starting run's). */
  repeats?: number;
  signal: AbortSignal;
  /** Called with the new run's id at once (before it finishes). */
  onRunId(id: string): void;
  /** Called as each conversation finishes. */
  onConversation?(): void;
}

/** The starting run's options for a run of `tests` (shards and merges are the starting run's own business). */
export function rerunOptions(
  start: Run,
  tests: string[],
  repeats?: number,
  speech: RunOptions['speech'] = start.options.speech,
): Partial<RunOptions> {
  const { shard: _s, merged_from: _m, tests: _t, speech: _sp, ...options } = start.options;
  return { ...options, tests, ...(repeats !== undefined ? { repeats } : {}), ...(speech ? { speech } : {}) };
}

export class Reruns {
  /**
   * The fix's pre-run check (made before its job started, with the graph it knew): re-runs make no model
   * call again; one of another graph has its prompts compared with the models' context when it starts.
   */
  preflightId: string | undefined;

  constructor(
    private readonly store: Store,
    private readonly runs: RunService,
  ) {}

  /** A new run of `tests` on the version; settles with its results once it finished. */
  async run(req: RerunRequest): Promise<{ run: Run; results: Result[] }> {
    // checked again here (checkRerunModels checked them before the job started): a copied run's specs
    const { models, speech } = rerunSpecs(this.store, req.start);
    const handle = await this.runs.start(
      {
        agent: req.agentId,
        agent_version: req.versionId,
        suite: req.suite,
        models,
        options: rerunOptions(req.start, req.tests, req.repeats, speech),
        preflight_id: this.preflightId,
      },
      { onEvent: (e) => e.type === 'test.finished' && req.onConversation?.() },
    );
    cancelWith(req.signal, handle);
    req.onRunId(handle.runId);
    const outcome = await handle.done;
    return this.finished(outcome.run, req.signal);
  }

  /** Completes a run this fix started before a crash (or only reads it when it finished). */
  async complete(
    runId: string,
    signal: AbortSignal,
    onConversation?: () => void,
  ): Promise<{ run: Run; results: Result[] }> {
    this.store.runs.markOrphansInterrupted();
    const run = this.store.runs.require(runId);
    if (run.status === 'completed') return { run, results: this.store.results.listByRun(runId) };
    const handle = await this.runs.resume(
      runId,
      { onEvent: (e) => e.type === 'test.finished' && onConversation?.() },
      { preflight_id: this.preflightId },
    );
    cancelWith(signal, handle);
    const outcome = await handle.done;
    return this.finished(outcome.run, signal);
  }

  private finished(run: Run, signal: AbortSignal): { run: Run; results: Result[] } {
    if (signal.aborted || run.status === 'cancelled') throw new FixCancelled();
    if (run.status !== 'completed')
      throw unavailable(`run ${run.id} ${run.status}${run.error ? `: ${run.error}` : ''}`);
    return { run, results: this.store.results.listByRun(run.id) };
  }
}

/** A run the fix started is cancelled with the fix's job (it is a job of its own, listed beside the fix). */
function cancelWith(signal: AbortSignal, job: { cancel(reason?: string): boolean }): void {
  if (signal.aborted) job.cancel('the fix was cancelled');
  else signal.addEventListener('abort', () => job.cancel('the fix was cancelled'), { once: true });
}

/** The fix's job was cancelled while one of its runs was going (the run is kept, marked cancelled). */
export class FixCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'FixCancelled';
  }
}
