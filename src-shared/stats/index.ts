/**
 * Exact statistics for verdicts and pass rates (pure functions, no dependencies; used by the main
 * process and the renderer alike).
 */
export { Z_95, Z_POWER_80 } from './normal.js';
export { wilson, formatProportion, formatInterval, type Proportion } from './wilson.js';
export { cohensKappa, kappaWords, kappaText, MIN_KAPPA_LABELS, type Kappa } from './kappa.js';
export { spearman, pearson, averageRanks } from './spearman.js';
export { meanInterval, type MeanInterval } from './mean.js';
export { agreement, confusionTable, type Agreement, type ConfusionTable } from './agreement.js';
export { differenceOfProportions, repeatsNeeded, differenceHint, type Difference } from './difference.js';
