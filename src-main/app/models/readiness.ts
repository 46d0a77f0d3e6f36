import path from 'node:path';
import {
  FAMILY_ROLE,
  formatModelSpec,
  READINESS_ROLES,
  type ModelSpec,
  type ReadinessReport,
  type ReadinessRole,
} from '../../../src-shared/schemas/index.js';
import { runPool } from '../../engine/run/run-pool.js';
import {
  familyScores,
  readinessTasks,
  verdicts,
  runReadinessTask,
  speedOf,
  type AnyTask,
  type MeasuredCall,
  type TaskOutcome,
} from '../../readiness/index.js';
import type { Store } from '../../store/index.js';
import { newId, nowIso } from '../../store/ids.js';
import { conflict, invalid, unavailable } from '../errors.js';
import type { Job } from '../jobs/job.js';
import type { JobRegistry } from '../jobs/registry.js';
import type { ModelService } from './models.js';

export interface ReadinessRequest {
  model: ModelSpec;
  /** The roles to check (default all three): agent = routing + extraction, judge = judging, caller = caller turns. */
  roles?: ReadinessRole[];
  /** Tasks at once (default: what the model serves in parallel, at most 4). */
  concurrency?: number;
}

export interface ReadinessHooks {
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
}

/** The key a check is stored and shown under: `provider:model`, a local file by its absolute path. */
export function checkKey(spec: ModelSpec): string {
  const local = spec.provider === 'llama-cpp' || spec.provider === 'scripted';
  return formatModelSpec(local ? { ...spec, model: path.resolve(spec.model) } : spec);
}

/** Most tasks run at once. */
export const MAX_READINESS_CONCURRENCY = 16;

/**
 * The model readiness check (issue 12, section 6): the built-in known-answer tasks of the chosen
 * roles, run through the engine's own calls and the one run loop (engine/run/run-pool.ts), scored per
 * family with a plain verdict per role, and stored (a cancelled check is stored too, marked so).
 */
export class ReadinessService {
  constructor(
    private readonly store: Store,
    private readonly models: ModelService,
    private readonly jobs: JobRegistry,
  ) {}

  /**
   * Starts a readiness check as a job (one at a time on a database, whichever process runs it: the
   * checks would share the machine): the roles are checked and the model loaded first (a model that
   * cannot load is refused with the provider's words, no job is recorded). `onProgress` is told the
   * tasks done as they finish (the job's own progress is throttled).
   */
  start(req: ReadinessRequest, hooks: Pick<ReadinessHooks, 'onProgress'> = {}): Promise<Job<ReadinessReport>> {
    const { tasks } = this.plan(req);
    if (
      this.jobs.list({ kind: 'readiness', running: true, hereOnly: true }).length ||
      this.store.jobs.runningElsewhere('readiness').length
    )
      throw conflict('a readiness check is already running: wait for it or cancel it');
    const model = `${req.model.provider}:${req.model.model}`;
    return this.jobs.startWhenReady(
      {
        kind: 'readiness',
        title: `Readiness check of ${model}`,
        unit: 'tasks',
        total: tasks.length,
        subject: { model },
      },
      (ctl) =>
        this.check(req, {
          signal: ctl.signal,
          onProgress: (done, total) => {
            ctl.progress(done, total);
            hooks.onProgress?.(done, total);
          },
        }),
      { statusOf: (r) => (r.cancelled ? 'cancelled' : 'done') },
    );
  }

  /** The tasks a check of these roles runs (validated before any model is loaded). */
  plan(req: Pick<ReadinessRequest, 'roles' | 'concurrency'>): { roles: ReadinessRole[]; tasks: AnyTask[] } {
    const roles = req.roles?.length ? [...new Set(req.roles)] : [...READINESS_ROLES];
    for (const [i, r] of roles.entries())
      if (!(READINESS_ROLES as readonly string[]).includes(r))
        throw invalid(`expected a role: agent, caller or judge, got ${JSON.stringify(r)}`, `roles[${i}]`);
    const c = req.concurrency;
    if (c !== undefined && (!Number.isInteger(c) || c < 1 || c > MAX_READINESS_CONCURRENCY))
      throw invalid(
        `expected a whole number of tasks at once from 1 to ${MAX_READINESS_CONCURRENCY}, got ${c}`,
        'concurrency',
      );
    const t = readinessTasks();
    const all: AnyTask[] = [
      ...t.routing.map((task) => ({ family: 'routing' as const, task })),
      ...t.extraction.map((task) => ({ family: 'extraction' as const, task })),
      ...t.judging.map((task) => ({ family: 'judging' as const, task })),
      ...t.caller.map((task) => ({ family: 'caller' as const, task })),
    ];
    return { roles, tasks: all.filter((x) => roles.includes(FAMILY_ROLE[x.family])) };
  }

  async check(req: ReadinessRequest, hooks: ReadinessHooks = {}): Promise<ReadinessReport> {
    const { roles, tasks } = this.plan(req);
    const signal = hooks.signal ?? new AbortController().signal;
    const model = await this.models.load(roles[0] === 'agent' ? 'agent' : roles[0], req.model, {
      signal,
      path: 'model',
    });
    const identity = await model.identity().catch(() => undefined);
    const started = performance.now();
    const outcomes: TaskOutcome[] = [];
    let done = 0;
    hooks.onProgress?.(0, tasks.length);
    const pool = await runPool({
      items: tasks,
      concurrency: req.concurrency ?? Math.max(1, Math.min(4, model.maxParallel)),
      signal,
      work: async (t) => {
        try {
          return await runReadinessTask(model, t, signal);
        } catch (e) {
          if (signal.aborted) return undefined;
          throw e;
        }
      },
      onOutput: (out) => {
        outcomes.push(out);
        hooks.onProgress?.(++done, tasks.length);
      },
    });
    if (pool.failure) throw unavailable(`the readiness check stopped: ${pool.failure}`);
    // items in the task files' order, whatever order they finished in
    const order = new Map(tasks.map((t, i) => [`${t.family}:${t.task.id}`, i]));
    const items = outcomes
      .map((o) => o.item)
      .sort((a, b) => order.get(`${a.family}:${a.id}`)! - order.get(`${b.family}:${b.id}`)!);
    // a model that never answered (its server is down, the URL is wrong) has no readiness to report
    if (!pool.aborted && items.length && items.every((i) => i.error !== undefined))
      throw unavailable(
        `the model did not answer: every one of the ${items.length} tasks failed, nothing was stored; the first: ${items[0].error}`,
        'model',
      );
    const calls: MeasuredCall[] = outcomes.flatMap((o) => o.calls);
    const report: ReadinessReport = {
      id: newId('chk'),
      model: checkKey(req.model),
      spec: req.model,
      ...(identity ? { identity } : {}),
      roles,
      tasks_version: readinessTasks().version,
      families: familyScores(items),
      verdicts: verdicts(items),
      speed: speedOf(calls),
      items,
      cancelled: pool.aborted,
      ms: Math.round(performance.now() - started),
      created_at: nowIso(),
    };
    return this.store.modelChecks.insert(report);
  }

  /** Stored checks: of one model (its spec as `provider:model`), or the newest of each model. */
  list(model?: string): ReadinessReport[] {
    return model ? this.store.modelChecks.list(model) : this.store.modelChecks.latestPerModel();
  }
}
