import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** Re-judging a run's stored conversations (judge consistency, judge against judge): src-main/app/judgements/rejudge.ts. */
export const runJudgementMethods: Methods = {
  'runs.rejudge': async (ctx, { id, judges, k }) => ({
    job_id: (await appOf(ctx).judgements.start({ run_id: id, judges, k })).id,
  }),
  'runs.judgements': (ctx, { id }) => appOf(ctx).judgements.report(id),
};
