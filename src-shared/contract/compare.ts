import { z } from 'zod';
import { method } from './define.js';
import { CompareMatrix, CompareRunDiff } from './compare-shapes.js';

/** Comparing stored runs. */
export const compareMethods = {
  'compare.diff': method(
    'Compare two runs test by test',
    z.object({
      a: z.string().min(1),
      b: z.string().min(1),
      /** Significance level of Fisher's exact test on repeats (default 0.05). */
      alpha: z.number().gt(0).lt(1).optional(),
    }),
    CompareRunDiff,
  ),
  'compare.matrix': method(
    'N-way comparison of several runs',
    z.object({ runs: z.array(z.string().min(1)).min(2) }),
    CompareMatrix,
  ),
};
