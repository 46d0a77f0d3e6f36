/**
 * The fix use cases both doors share (docs/fix.md): diagnose a run's failures, open a fix (diagnosis
 * and proposal), apply edits and test, try again, auto-fix, resume after a crash, keep a version.
 * Input is checked before any job starts (a refusal is an error and changes nothing); the work
 * itself runs as a job.
 */
import {
  AutoFixOptions,
  FixEdit,
  type AgentGraph,
  type FixEditInput,
  type FixSession,
} from '../../../src-shared/schemas/index.js';
import { canonicalJson, type Store } from '../../store/index.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import { refuseClaimed, startClaimed } from '../jobs/claim.js';
import { redactUrlsDeep } from '../../../src-shared/text/redact.js';
import { AppError, conflict, invalid, notFound } from '../errors.js';
import type { ModelService } from '../models/models.js';
import type { RunService } from '../runs/runs.js';
import { diagnoseRun, type DiagnoseOutcome, type DiagnoseRequest } from './diagnose-run.js';
import {
  checkFixRequest,
  checkRerunModels,
  newerVersion,
  nextRerunVersion,
  parsed,
  type FixRequest,
} from './fix-checks.js';
import { startFixJob, STEPS_PER_ITERATION, type FixHooks, type FixJobDeps } from './fix-jobs.js';
import { autoFix, completeIteration } from './loop.js';
import { Reruns } from './reruns.js';
import { newFixSession } from './session.js';
import { prepareEdits, type FixSteps } from './steps.js';
import { accepted } from './verdicts.js';

export { DEFAULT_FIX_REPEATS, type FixRequest } from './fix-checks.js';
export type { DiagnoseOutcome, DiagnoseRequest } from './diagnose-run.js';

export class FixService {
  private readonly deps: FixJobDeps;

  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly runs: RunService,
    jobs: JobRegistry,
  ) {
    this.deps = { store, models, jobs, reruns: new Reruns(store, runs) };
  }

  /** Diagnoses a run's failures (read only, nothing stored): one call per failed test, or one for a failure group. */
  diagnose(req: DiagnoseRequest, hooks: FixHooks = {}): Promise<Job<DiagnoseOutcome>> {
    return diagnoseRun(this.deps, req, hooks);
  }

  /** A new fix from a run's failure, stored before any model is called (after every check passed). */
  private async create(req: FixRequest, auto: FixSession['auto']): Promise<FixSession> {
    const checked = await checkFixRequest(this.store, this.models, req);
    if (auto)
      this.deps.reruns.preflightId = await checkRerunModels(this.store, this.runs, checked.run, checked.version.graph);
    return this.store.fixes.create(newFixSession({ ...checked, subject: req.subject, auto }));
  }

  /**
   * The fix's run models answer and fit the prompts of `graph` (the pre-run check), before a job re-runs
   * anything. `graph`: what the re-runs run (default: the version the fix's next re-runs run).
   */
  private async checkModels(fix: FixSession, graph?: AgentGraph): Promise<void> {
    const run = this.store.runs.require(fix.run_id);
    const rerun = graph ?? this.store.agents.getVersion(nextRerunVersion(fix))?.graph;
    if (!rerun) throw notFound(`agent version ${nextRerunVersion(fix)}`, 'id');
    this.deps.reruns.preflightId = await checkRerunModels(this.store, this.runs, run, rerun);
  }

  /** "Diagnose" in the app: a fix whose first iteration diagnoses and proposes. */
  async open(req: FixRequest, hooks: FixHooks = {}): Promise<{ fix: FixSession; job: Job<FixSession> }> {
    const fix = await this.create(req, null);
    hooks.onFix?.(fix);
    const job = this.claimed(fix, (jobId) =>
      startFixJob(
        this.deps,
        fix,
        { kind: 'diagnose', title: `Diagnose ${fix.tests.join(', ')}`, steps: 2, jobId },
        async (steps) => {
          const it = steps.rec.begin(fix.start_version_id);
          await steps.diagnose(it);
          await steps.propose(steps.rec.last!);
          return 'open';
        },
        hooks,
      ),
    );
    return { fix, job };
  }

  /** `parley fix`: a fix that runs the auto-fix at once. */
  async start(
    req: FixRequest & { max_iterations: number; until?: 'improved' | 'all-pass'; keepWhenReached?: boolean },
    hooks: FixHooks = {},
  ): Promise<{ fix: FixSession; job: Job<FixSession> }> {
    const auto = parsed(AutoFixOptions, { max_iterations: req.max_iterations, until: req.until }, '');
    const fix = await this.create(req, { ...auto, first: 1 });
    hooks.onFix?.(fix);
    return { fix, job: this.claimed(fix, (jobId) => this.autoJob(fix, hooks, req.keepWhenReached ?? false, jobId)) };
  }

  /** A stored fix, with `interrupted` when the job working on it is gone. */
  get(id: string): FixSession {
    const fix = this.store.fixes.get(id);
    if (!fix) throw notFound(`fix ${id}`, 'id');
    if (fix.status === 'running' && fix.job_id && this.deps.jobs.get(fix.job_id)?.status !== 'running')
      return { ...fix, status: 'interrupted' };
    return fix;
  }

  list(runId?: string): FixSession[] {
    return this.store.fixes.list({ runId }).map((f) => this.get(f.id));
  }

  private idle(id: string): FixSession {
    refuseClaimed(this.store, 'fix', id);
    const fix = this.get(id);
    if (fix.status === 'running')
      throw conflict(`fix ${id} is already running (job ${fix.job_id}): wait for it or cancel it`);
    return fix;
  }

  /**
   * Takes the fix for one job and starts it (app/jobs/claim.ts): in one write transaction, refused when
   * another job (any process) holds it or when the fix changed since `seen` was read (a start that
   * decided from an older state would make a version twice).
   */
  private claimed<T>(seen: FixSession, start: (jobId: string) => T): T {
    const check = () => {
      const now = this.store.fixes.get(seen.id);
      if (!now || stamp(now) !== stamp(seen))
        throw conflict(
          `fix ${seen.id} changed while this was starting (job ${now?.job_id ?? 'unknown'} worked on it): look at it again`,
        );
    };
    return startClaimed(this.store, { kind: 'fix', id: seen.id, check }, start);
  }

  /** "Apply and test": the latest proposal's edits (as the user edited them) as a new version, then re-runs. */
  async apply(id: string, edits?: FixEditInput[], hooks: FixHooks = {}): Promise<Job<FixSession>> {
    const fix = this.idle(id);
    const it = fix.iterations.at(-1);
    if (!it?.proposal || it.version_id || it.outcome !== null)
      throw conflict(`fix ${id} has no proposal waiting to be applied: try again for a new one`);
    const chosen = edits ? edits.map((e, i) => parsed(FixEdit, e, `edits[${i}]`)) : it.proposal.edits;
    const base = this.store.agents.getVersion(it.base_version_id)!;
    const prepared = prepareEdits(base, chosen);
    if (prepared.issues.length)
      throw new AppError({
        code: 'invalid_input',
        message: `the edits would make the agent invalid, so nothing was stored: ${prepared.issues[0].path}: ${prepared.issues[0].message}${prepared.issues.length > 1 ? ` (and ${prepared.issues.length - 1} more)` : ''}`,
        path: 'edits',
        issues: prepared.issues,
      });
    // the edited graph is what the re-runs run: a prompt too long for a model's context is refused here
    await this.checkModels(fix, prepared.graph);
    return this.claimed(fix, (jobId) =>
      startFixJob(
        this.deps,
        fix,
        { kind: 'fix', title: `Apply and test fix ${id}`, steps: 4, jobId },
        async (steps) => {
          steps.apply(steps.rec.last!, chosen);
          await steps.test(it.n);
          steps.rec.set({ final_version_id: lastAccepted(steps) });
          return 'open';
        },
        hooks,
      ),
    );
  }

  /** "Try again": a new diagnosis and proposal from the latest scores and transcripts. */
  async retry(id: string, hooks: FixHooks = {}): Promise<Job<FixSession>> {
    const fix = this.idle(id);
    const it = fix.iterations.at(-1);
    if (it && it.outcome === null && it.version_id)
      throw conflict(`fix ${id}'s attempt ${it.n} is not finished testing: resume it first`);
    return this.claimed(fix, (jobId) =>
      startFixJob(
        this.deps,
        fix,
        { kind: 'diagnose', title: `Try again: fix ${id}`, steps: 2, jobId },
        async (steps) => {
          const last = steps.rec.last;
          if (last && last.outcome === null)
            steps.rec.update(last.n, { outcome: 'skipped', finished_at: new Date().toISOString() });
          const base = steps.currentBase();
          if (!steps.evidence(base).results.length)
            throw conflict(
              `every failing test of fix ${id} passes on the last accepted version: there is nothing left to fix`,
            );
          const next = steps.rec.begin(base);
          await steps.diagnose(next);
          await steps.propose(steps.rec.last!);
          return 'open';
        },
        hooks,
      ),
    );
  }

  /** "Auto-fix": iterations until the target, from where the fix stands. */
  async auto(
    id: string,
    opts: { max_iterations: number; until?: 'improved' | 'all-pass' },
    hooks: FixHooks = {},
  ): Promise<Job<FixSession>> {
    const options = parsed(AutoFixOptions, opts, '');
    const fix = this.idle(id);
    await this.checkModels(fix);
    const last = fix.iterations.at(-1);
    const first = last && last.outcome === null ? last.n : (last?.n ?? 0) + 1;
    const withAuto: FixSession = { ...fix, auto: { ...options, first }, stop: null };
    return this.claimed(fix, (jobId) => {
      this.store.fixes.update(withAuto);
      return this.autoJob(withAuto, hooks, false, jobId);
    });
  }

  private autoJob(fix: FixSession, hooks: FixHooks, keepWhenReached: boolean, jobId: string): Job<FixSession> {
    const auto = fix.auto!;
    const ran = fix.iterations.filter((i) => i.n >= auto.first && i.outcome !== null).length;
    const total = Math.max(1, (auto.max_iterations - ran) * STEPS_PER_ITERATION);
    return startFixJob(
      this.deps,
      fix,
      { kind: 'fix', title: `Auto-fix ${fix.tests.join(', ')}`, steps: total, jobId },
      async (s) => {
        const stop = await autoFix(s, { onIteration: hooks.onIteration });
        s.rec.set({ stop, final_version_id: lastAccepted(s) });
        return this.finishAuto(s, keepWhenReached);
      },
      hooks,
    );
  }

  /** After an auto-fix stopped: the holdout tests on the final version, and (command line) keep it when the target was reached. */
  private async finishAuto(s: FixSteps, keepWhenReached: boolean): Promise<'stopped' | 'kept'> {
    const { fix } = s.rec;
    if (fix.final_version_id) await s.holdout(fix.final_version_id);
    if (fix.stop?.reached && keepWhenReached && fix.final_version_id) {
      const newer = newerVersion(this.store, fix);
      if (newer) {
        s.rec.set({ stop: { ...fix.stop, message: `${fix.stop.message}; not kept: ${newer}` } });
        return 'stopped';
      }
      this.store.agents.setLatest(fix.agent_id, fix.final_version_id);
      s.rec.set({ kept_version_id: fix.final_version_id });
      return 'kept';
    }
    return 'stopped';
  }

  /** Continues a fix whose work stopped (a crash, a cancel, a model that failed) from its last finished step. */
  async resume(id: string, hooks: FixHooks = {}, opts: { keepWhenReached?: boolean } = {}): Promise<Job<FixSession>> {
    const fix = this.idle(id);
    const it = fix.iterations.at(-1);
    const autoOpen = fix.auto && (!fix.stop || fix.stop.reason === 'cancelled' || fix.stop.reason === 'failed');
    if (autoOpen) {
      await this.checkModels(fix);
      return this.claimed(fix, (jobId) => {
        this.store.fixes.update({ ...fix, stop: null });
        return this.autoJob({ ...fix, stop: null }, hooks, opts.keepWhenReached ?? false, jobId);
      });
    }
    const pendingHoldout = !!fix.holdout && !fix.holdout.tests.length;
    if (!pendingHoldout && (!it || it.outcome !== null || (!it.version_id && it.proposal)))
      throw conflict(`fix ${id} has nothing to resume: it is waiting for you (apply, try again, auto-fix or keep)`);
    await this.checkModels(fix);
    return this.claimed(fix, (jobId) =>
      startFixJob(
        this.deps,
        fix,
        { kind: 'fix', title: `Resume fix ${id}`, steps: 4, jobId },
        async (steps) => {
          if (it && it.outcome === null) await completeIteration(steps, it.n);
          steps.rec.set({ final_version_id: lastAccepted(steps) });
          if (fix.kept_version_id) {
            if (pendingHoldout) await steps.holdout(fix.kept_version_id);
            return 'kept';
          }
          return fix.auto ? this.finishAuto(steps, opts.keepWhenReached ?? false) : 'open';
        },
        hooks,
      ),
    );
  }

  /** "Keep this version": it becomes the agent's latest; then the holdout tests run on it. */
  async keep(id: string, versionId?: string, hooks: FixHooks = {}): Promise<Job<FixSession>> {
    const fix = this.idle(id);
    const made = new Set(fix.iterations.map((i) => i.version_id).filter(Boolean));
    const chosen = versionId ?? fix.final_version_id;
    if (!chosen) throw invalid(`fix ${id} has no accepted version: choose the version to keep`, 'version_id');
    if (!made.has(chosen)) throw invalid(`version ${chosen} was not made by fix ${id}`, 'version_id');
    const newer = newerVersion(this.store, fix);
    if (newer) throw conflict(newer);
    if (fix.holdout_tests.length) await this.checkModels(fix, this.store.agents.getVersion(chosen)?.graph);
    const kept: FixSession = {
      ...fix,
      kept_version_id: chosen,
      holdout: fix.holdout_tests.length ? { run_id: null, version_id: chosen, tests: [], regressions: [] } : null,
    };
    return this.claimed(fix, (jobId) => {
      this.store.agents.setLatest(fix.agent_id, chosen);
      this.store.fixes.update(kept);
      return startFixJob(
        this.deps,
        kept,
        { kind: 'fix', title: `Keep the fixed version`, steps: 1, jobId },
        async (steps) => {
          await steps.holdout(chosen);
          return 'kept';
        },
        hooks,
      );
    });
  }
}

/** A fix's stored state apart from its status (which `get` reads as `interrupted` when its job is gone). */
const stamp = (f: FixSession) => canonicalJson(redactUrlsDeep({ ...f, status: null }));

/** The version of the last accepted iteration, if any. */
function lastAccepted(steps: FixSteps): string | null {
  return steps.rec.fix.iterations.filter((i) => accepted(i.outcome) && i.version_id).at(-1)?.version_id ?? null;
}
