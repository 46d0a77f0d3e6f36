import { compareStoredRuns, diffStoredRuns } from './compare-runs.js';
import { ApiFailure } from '../door/errors.js';
import type { Methods } from '../method-table.js';

/** compare.diff / compare.matrix over the store (src-main/compare: pure functions over stored runs). */
export const compareMethods: Methods = {
  'compare.diff': (ctx, { a, b, alpha }) => {
    if (a === b)
      throw new ApiFailure({
        code: 'invalid_input',
        message: 'compare.diff: pick two different runs (a and b are the same run)',
        path: 'b',
      });
    return diffStoredRuns(ctx.store, a, b, { alpha });
  },
  'compare.matrix': (ctx, { runs }) => {
    const unique = [...new Set(runs)];
    if (unique.length < 2)
      throw new ApiFailure({
        code: 'invalid_input',
        message: 'compare.matrix: pick at least two different runs',
        path: 'runs',
      });
    return compareStoredRuns(ctx.store, unique);
  },
};
