import type { Judgement, JudgementsReport, ModelSpec, Result, Run } from '../../../src-shared/schemas/index.js';
import { judgementsReport } from '../../judging/judge-agreement.js';
import { judgeLabel } from '../../judging/judge-label.js';
import { rejudgeConversation, runPool } from '../../engine/index.js';
import type { ChatModel } from '../../providers/index.js';
import type { Store } from '../../store/index.js';
import { newId, nowIso } from '../../store/ids.js';
import { invalid, unavailable } from '../errors.js';
import type { Job, JobControl } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ModelService } from '../models/models.js';
import { finishedRun, requireRun } from '../refs/resolve.js';
import { storedModelDefault } from '../runs/stored-specs.js';

/** Most judgements per conversation and judge one call may ask for. */
export const MAX_REJUDGE_K = 50;
/** Most judge models one call may compare. */
export const MAX_REJUDGE_JUDGES = 5;

export interface RejudgeRequest {
  run_id: string;
  /** Judge models (default: the run's own judge). */
  judges?: ModelSpec[];
  /** Judgements per conversation and judge, seeds 1..k (default 1). */
  k?: number;
  concurrency?: number;
}

interface LoadedJudge {
  spec: ModelSpec;
  label: string;
  seed: number;
  model: ChatModel;
}

export interface RejudgeOutcome {
  batch_id: string;
  /** Judge calls made (one per conversation, judge and seed; a metric-by-metric fallback makes more). */
  judgements: number;
  errors: number;
  /** The first failed judge call's reason, when any failed. */
  first_error?: string;
  aborted: boolean;
  report: JudgementsReport;
}

export { judgeLabel };

const originalJudgeOf = (run: Run) => (run.models.judge ? judgeLabel(run.models.judge.spec) : 'none');

/**
 * Judge consistency and judge-against-judge (issue 12): judges a finished run's stored conversations
 * again, k times per judge model (seeds 1..k), and stores every judgement beside the original
 * verdicts. The batch goes through the one run loop (engine/run/run-pool.ts).
 */
export class RejudgeService {
  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly jobs: JobRegistry,
  ) {}

  /** Validates everything before anything is loaded or written. */
  private plan(req: RejudgeRequest): { run: Run; results: Result[]; judges: ModelSpec[]; k: number } {
    const run = finishedRun(this.store, req.run_id, 're-judge it');
    const k = req.k ?? 1;
    if (!Number.isInteger(k) || k < 1 || k > MAX_REJUDGE_K)
      throw invalid(`expected a whole number of judgements per conversation from 1 to ${MAX_REJUDGE_K}, got ${k}`, 'k');
    const results = this.store.results.listByRun(run.id).filter((r) => r.metrics.length > 0);
    if (!results.length)
      throw invalid(
        `run ${run.id} has no LLM metric verdicts to re-judge (its tests have no metrics, or it was never judged: evaluate it first)`,
      );
    const stored = storedModelDefault(this.store, run, run.models.judge?.spec, 'judge', 'judges');
    const judges = req.judges?.length ? req.judges : stored ? [stored] : [];
    if (!judges.length) throw invalid(`run ${run.id} has no judge model recorded: choose one`, 'judges');
    if (judges.length > MAX_REJUDGE_JUDGES)
      throw invalid(`at most ${MAX_REJUDGE_JUDGES} judge models at once, got ${judges.length}`, 'judges');
    const labels = judges.map(judgeLabel);
    const dup = labels.find((l, i) => labels.indexOf(l) !== i);
    if (dup) throw invalid(`${dup} is given twice`, 'judges');
    return { run, results, judges, k };
  }

  /**
   * Starts re-judging as a job: the request is checked and the judge models loaded first (a refusal is an
   * error, not a failed job), then every conversation is judged k times per judge and stored.
   */
  async start(req: RejudgeRequest): Promise<Job<RejudgeOutcome>> {
    const { run, results, judges, k } = this.plan(req);
    const loaded = await this.load(judges, k);
    const total = results.length * loaded.length;
    return this.jobs.start(
      {
        kind: 'rejudge',
        title: `Re-judge ${results.length} conversation(s) of run ${run.id}${k > 1 ? `, ${k} times` : ''}`,
        unit: 'judgements',
        total,
        subject: { run_id: run.id },
      },
      (ctl) => this.judgeAll(run, results, loaded, req.concurrency, ctl),
      { resultOf: (o) => ({ ...o, report: undefined }) },
    );
  }

  /** One loaded model per judge and seed (the seed is a model parameter), loaded before anything is written. */
  private async load(judges: ModelSpec[], k: number): Promise<LoadedJudge[]> {
    const loaded: LoadedJudge[] = [];
    for (const [i, spec] of judges.entries())
      for (let seed = 1; seed <= k; seed++) {
        const seeded = { ...spec, params: { ...spec.params, seed } };
        const model = await this.models.load('judge', seeded, { path: `judges.${i}` });
        loaded.push({ spec: seeded, label: judgeLabel(spec), seed, model });
      }
    return loaded;
  }

  private async judgeAll(
    run: Run,
    results: Result[],
    loaded: LoadedJudge[],
    concurrency: number | undefined,
    ctl: JobControl,
  ): Promise<RejudgeOutcome> {
    const identities = await Promise.all(loaded.map((l) => l.model.identity().catch(() => undefined)));
    const batch = newId('jb');
    function* items() {
      for (const result of results) for (const [i, judge] of loaded.entries()) yield { result, judge, i };
    }
    const total = results.length * loaded.length;
    let done = 0;
    let errors = 0;
    let firstError: string | undefined;
    const { signal } = ctl;
    // the batch counts only once its last judgement is stored: a kill midway leaves it incomplete
    this.store.judgements.startBatch({ id: batch, run_id: run.id, planned: total });
    let outcome;
    try {
      outcome = await runPool({
        items: items(),
        concurrency: concurrency ?? Math.min(4, ...loaded.map((l) => l.model.maxParallel)),
        signal,
        work: async ({ result, judge, i }) => {
          const out = await rejudgeConversation(judge.model, result, { signal });
          if (signal.aborted) return undefined;
          const row: Judgement = {
            id: newId('jdg'),
            batch_id: batch,
            run_id: run.id,
            result_id: result.id,
            test: result.test,
            repeat: result.repeat,
            judge: judge.label,
            judge_model: { spec: judge.spec, ...(identities[i] ? { identity: identities[i] } : {}) },
            seed: judge.seed,
            metrics: out.metrics,
            error: out.error,
            created_at: nowIso(),
          };
          return row;
        },
        onOutput: (row) => {
          this.store.judgements.insert(row);
          if (row.error) {
            errors++;
            firstError ??= row.error;
          }
          ctl.progress(++done);
        },
      });
    } catch (e) {
      this.store.judgements.finishBatch(batch, 'failed');
      throw e;
    }
    const complete = !outcome.failure && !outcome.aborted && done === total;
    this.store.judgements.finishBatch(batch, complete ? 'complete' : outcome.aborted ? 'cancelled' : 'failed');
    if (outcome.failure) throw unavailable(`re-judging stopped: ${outcome.failure}`);
    return {
      batch_id: batch,
      judgements: done,
      errors,
      ...(firstError ? { first_error: firstError } : {}),
      aborted: outcome.aborted,
      report: this.report(run.id),
    };
  }

  /** Consistency and agreement over every judgement stored for a run (empty lists when none). */
  report(runId: string): JudgementsReport {
    const run = requireRun(this.store, runId);
    return judgementsReport(
      run.id,
      originalJudgeOf(run),
      this.store.results.listByRun(run.id),
      this.store.judgements.listByRun(run.id),
      this.store.judgements.incompleteBatches(run.id),
    );
  }
}
