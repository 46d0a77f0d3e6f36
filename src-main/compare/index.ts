/** Comparison of stored runs: pure functions (plus the two LLM helpers, failure grouping and turn quality). */
export * from './types.js';
export { fisherExact, comparePassRates, logFactorial, hypergeometricPmf, type PassRateTest } from './fisher.js';
export { pairResults, pairRepeats, groupByTest } from './pair.js';
export { sideOutcome, classifyChange, type ChangeVerdict } from './outcome.js';
export { metricDeltas, checkChanges, usageDeltas } from './test-deltas.js';
export { firstDivergence, comparePaths } from './path-divergence.js';
export { diffTranscripts, wordDiff, lcsPairs } from './transcript-diff.js';
export { diagnose, diagnoseMetric, nodeAtTurn, withMetricNodes, failuresByNode } from './diagnose.js';
export { compareTest, type CompareOptions } from './compare-test.js';
export { summarizeSide, diffSummary, runRef, modelLabel } from './summary.js';
export { diffRuns, hasRegression, sortComparisons, type StoredRun } from './diff-runs.js';
export {
  compareRunsMatrix,
  matrixCell,
  type RunMatrix,
  type MatrixRow,
  type MatrixCell,
  type MatrixColumn,
} from './matrix.js';
export { diffGraphs, describeCondition, type GraphChange } from './graph-diff.js';
export { toJUnitXml, toJUnitXmlRuns, escapeXml, failureReasons } from './junit.js';
export {
  groupFailures,
  collectFailures,
  failsOnSeverity,
  SEVERITIES,
  type Severity,
  type FailureGroup,
  type FailureGrouping,
  type FailureRecord,
} from './failure-groups.js';
export {
  scoreTurnQuality,
  turnQualityDeltas,
  TURN_METRICS,
  type TurnMetric,
  type ScoredTurn,
  type TestTurnQuality,
} from '../engine/judge/turn-quality.js';
export { groupRunFailures, specLabel } from './run-problems.js';
export { loadStoredRun, diffStoredRuns, compareStoredRuns } from './load.js';
export { formatDiffText, countsLine } from './format-diff.js';
export { formatMatrixText, cellText } from './format-matrix.js';
