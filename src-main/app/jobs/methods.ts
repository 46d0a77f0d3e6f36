import { notFound } from '../errors.js';
import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** jobs.*: every long job of this process (and the stored ones) through the one registry (src-main/app/jobs/). */
export const jobMethods: Methods = {
  'jobs.get': (ctx, { id }) => {
    const job = appOf(ctx).jobs.get(id);
    if (!job) throw notFound(`job ${id}`, 'id');
    return job;
  },
  'jobs.list': (ctx, input) => ({ jobs: appOf(ctx).jobs.list(input) }),
  'jobs.cancel': (ctx, { id }) => {
    const jobs = appOf(ctx).jobs;
    if (!jobs.get(id)) throw notFound(`job ${id}`, 'id');
    return { cancelled: jobs.cancel(id) };
  },
};
