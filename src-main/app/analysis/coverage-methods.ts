import { appOf } from '../door/app-service.js';
import type { Methods } from '../method-table.js';

/** analysis.coverage / proposeGapTests / saveGapTests: "Cover the gaps" (src-main/app/analysis/cover-gaps.ts); proposing is a job. */
export const analysisCoverageMethods: Methods = {
  'analysis.coverage': (ctx, input) => appOf(ctx).analysis.coverage(input),
  'analysis.proposeGapTests': async (ctx, input) => ({ job_id: (await appOf(ctx).analysis.proposeGapTests(input)).id }),
  'analysis.saveGapTests': (ctx, input) => appOf(ctx).analysis.saveGapTests(input),
};
