import type { ReadinessReport } from '../../../src-shared/schemas/index.js';
import { AppError, modelFitness, notFound } from '../../app/index.js';
import { appOf } from '../app-service.js';
import { service, type ApiContext } from '../context.js';
import { newId } from '../../store/ids.js';
import type { Handlers } from './types.js';

/** A readiness check running (or just over) in this process. */
interface CheckJob {
  status: 'running' | 'done' | 'cancelled' | 'failed';
  done: number;
  total: number;
  report?: ReadinessReport;
  error?: string;
  abort: AbortController;
}

/** Jobs kept after they end, so a page that polls late still reads the outcome. */
const KEEP_ENDED = 20;

const jobs = (ctx: ApiContext) => service(ctx, 'models.readiness', () => new Map<string, CheckJob>());

function forgetOld(all: Map<string, CheckJob>): void {
  const ended = [...all.entries()].filter(([, j]) => j.status !== 'running');
  for (const [id] of ended.slice(0, Math.max(0, ended.length - KEEP_ENDED))) all.delete(id);
}

/**
 * models.check*: the model readiness check (src-main/app/readiness.ts) as a background job the
 * Models page polls for progress and can cancel. Bad input is refused before the job starts.
 */
export const modelReadinessHandlers: Handlers = {
  'models.check': async (ctx, input) => {
    const app = appOf(ctx);
    const { tasks, roles } = app.readiness.plan(input);
    // a model that cannot load is refused here, with the provider's words, before any job starts
    await app.models.load(roles[0], input.model, { path: 'model' });
    const all = jobs(ctx);
    if ([...all.values()].some((j) => j.status === 'running'))
      throw new AppError({
        code: 'conflict',
        message: 'a readiness check is already running: wait for it or cancel it',
      });
    const id = newId('chkjob');
    const job: CheckJob = { status: 'running', done: 0, total: tasks.length, abort: new AbortController() };
    all.set(id, job);
    forgetOld(all);
    void app.readiness
      .check(input, {
        signal: job.abort.signal,
        onProgress: (done, total) => {
          job.done = done;
          job.total = total;
        },
      })
      .then(
        (report) => {
          job.report = report;
          job.status = report.cancelled ? 'cancelled' : 'done';
        },
        (e: unknown) => {
          job.error = (e as Error)?.message ?? String(e);
          job.status = job.abort.signal.aborted ? 'cancelled' : 'failed';
        },
      );
    return { check_id: id, total: tasks.length };
  },
  'models.checkProgress': (ctx, { check_id }) => {
    const job = jobs(ctx).get(check_id);
    if (!job) throw notFound(`readiness check ${check_id}`, 'check_id');
    const { status, done, total, report, error } = job;
    return { status, done, total, ...(report ? { report } : {}), ...(error ? { error } : {}) };
  },
  'models.cancelCheck': (ctx, { check_id }) => {
    const job = jobs(ctx).get(check_id);
    if (!job || job.status !== 'running') return { cancelled: false };
    job.abort.abort();
    return { cancelled: true };
  },
  'models.checks': (ctx, { model }) => ({ checks: appOf(ctx).readiness.list(model) }),
  'models.fitness': (ctx, { role, model, digest }) => ({ fitness: modelFitness(ctx.store, role, model, digest) }),
};
