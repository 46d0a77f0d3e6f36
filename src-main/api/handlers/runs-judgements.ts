import { appOf } from '../app-service.js';
import { runManager } from './runs-control.js';
import type { Handlers } from './types.js';

/** Re-judging a run's stored conversations (judge consistency, judge against judge): src-main/app/rejudge.ts. */
export const runJudgementHandlers: Handlers = {
  'runs.rejudge': async (ctx, { id, judges, k }) => {
    const out = await appOf(ctx).judgements.rejudge({ run_id: id, judges, k }, {}, runManager(ctx).isActive(id));
    return { batch_id: out.batch_id, judgements: out.judgements, errors: out.errors, report: out.report };
  },
  'runs.judgements': (ctx, { id }) => appOf(ctx).judgements.report(id),
};
