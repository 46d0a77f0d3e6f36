import { cohensKappa, type Kappa } from './kappa.js';
import { wilson, type Proportion } from './wilson.js';

/**
 * Pass/fail agreement between a judge and a reference (a human reviewer, or a second judge), with
 * "fail" as the positive class: precision of fail = of the verdicts the judge called fail, how many
 * the reference also failed; recall of fail = of the reference's failures, how many the judge caught.
 *
 *                     reference fail   reference pass
 *   judge fail          fail_fail         fail_pass     (judge too strict: false alarm)
 *   judge pass          pass_fail         pass_pass     (judge too lenient: missed failure)
 */
export interface ConfusionTable {
  fail_fail: number;
  fail_pass: number;
  pass_fail: number;
  pass_pass: number;
}

export interface Agreement {
  n: number;
  table: ConfusionTable;
  /** Share of verdicts where both agree, with its Wilson interval. */
  accuracy: Proportion;
  kappa: Kappa;
  precision_fail: Proportion;
  recall_fail: Proportion;
}

/** `pairs` are [judge passed, reference passed]. */
export function confusionTable(pairs: ReadonlyArray<readonly [boolean, boolean]>): ConfusionTable {
  const t: ConfusionTable = { fail_fail: 0, fail_pass: 0, pass_fail: 0, pass_pass: 0 };
  for (const [judge, ref] of pairs) {
    if (!judge && !ref) t.fail_fail++;
    else if (!judge && ref) t.fail_pass++;
    else if (judge && !ref) t.pass_fail++;
    else t.pass_pass++;
  }
  return t;
}

export function agreement(pairs: ReadonlyArray<readonly [boolean, boolean]>): Agreement {
  const table = confusionTable(pairs);
  const n = pairs.length;
  return {
    n,
    table,
    accuracy: wilson(table.fail_fail + table.pass_pass, n),
    kappa: cohensKappa(pairs),
    precision_fail: wilson(table.fail_fail, table.fail_fail + table.fail_pass),
    recall_fail: wilson(table.fail_fail, table.fail_fail + table.pass_fail),
  };
}
