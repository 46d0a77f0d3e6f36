import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** Human labels of metric verdicts and their agreement with the judges: src-main/app/judgements/labels.ts. */
export const labelMethods: Methods = {
  'labels.list': (ctx, { run_id }) => appOf(ctx).labels.list(run_id),
  'labels.set': (ctx, input) => appOf(ctx).labels.set(input),
  'labels.clear': (ctx, { result_id, criterion }) => appOf(ctx).labels.clear(result_id, criterion),
  'labels.agreement': (ctx, { run_id }) => appOf(ctx).labels.agreement(run_id),
  'labels.export': (ctx, { run_id }) => appOf(ctx).labels.exportFile(run_id),
  'labels.import': async (ctx, { text, file }) => ({ job_id: (await appOf(ctx).labels.startImport(text, file)).id }),
};
