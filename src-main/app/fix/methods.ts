import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** fixes.*: the fix use cases (src-main/app/fix/); every one that works answers with its job at once. */
export const fixMethods: Methods = {
  'fixes.diagnose': async (ctx, { run_id, result_id, test, group, all, judge, repeats }) => {
    const { fix, job } = await appOf(ctx).fix.open({
      run_id,
      subject: { result_id, test, group, all },
      judge,
      repeats,
    });
    return { job_id: job.id, fix_id: fix.id };
  },
  'fixes.diagnoseRun': async (ctx, { run_id, result_id, test, group, all, judge }) => {
    const subject = {
      ...(test !== undefined ? { test } : {}),
      ...(all ? { all } : {}),
      ...(group !== undefined ? { group } : {}),
      ...(result_id !== undefined ? { result_id } : {}),
    };
    return { job_id: (await appOf(ctx).fix.diagnose({ run_id, subject, judge })).id };
  },
  'fixes.get': (ctx, { id }) => appOf(ctx).fix.get(id),
  'fixes.list': (ctx, { run_id }) => ({ fixes: appOf(ctx).fix.list(run_id) }),
  'fixes.apply': async (ctx, { id, edits }) => ({ job_id: (await appOf(ctx).fix.apply(id, edits)).id }),
  'fixes.retry': async (ctx, { id }) => ({ job_id: (await appOf(ctx).fix.retry(id)).id }),
  'fixes.auto': async (ctx, { id, max_iterations, until }) => ({
    job_id: (await appOf(ctx).fix.auto(id, { max_iterations, until })).id,
  }),
  'fixes.resume': async (ctx, { id }) => ({ job_id: (await appOf(ctx).fix.resume(id)).id }),
  'fixes.keep': async (ctx, { id, version_id }) => ({ job_id: (await appOf(ctx).fix.keep(id, version_id)).id }),
};
