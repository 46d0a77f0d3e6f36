import type { AgentGraph, Result, Run } from '../../src-shared/schemas/index.js';
import { compareTest, type CompareOptions } from './compare-test.js';
import { diffGraphs } from './graph-diff.js';
import { pairResults } from './pair.js';
import { comparability, type Comparability } from './comparability.js';
import { personaCrossingNote, type PersonaName } from './persona-crossing.js';
import { configDifferences, differLine } from './run-config.js';
import { diffSummary, runRef, summarizeSide } from './summary.js';
import { CHANGE_ORDER, type DiffSummary, type RunDiff, type TestComparison } from './types.js';

export interface StoredRun {
  run: Run;
  results: Result[];
  /** The agent graph the run used (to show the change between agent versions). */
  graph?: AgentGraph;
  /** The suite's min_pass_rate (tests with repeats). */
  minPassRate?: number;
  /** The agent version number (v3...). */
  agentVersion?: number;
}

/** Regressions first, then improvements, noise, flaky, new, removed, unchanged; test order within each. */
export function sortComparisons(tests: TestComparison[]): TestComparison[] {
  const rank = (t: TestComparison) => CHANGE_ORDER.indexOf(t.change);
  const idx = (t: TestComparison) => t.test_index_a ?? 1e9 + (t.test_index_b ?? 0);
  return [...tests].sort((x, y) => rank(x) - rank(y) || idx(x) - idx(y));
}

/** Compares run B against baseline run A: per test, the summary, and the graph change between versions. */
export function diffRuns(
  a: StoredRun,
  b: StoredRun,
  opts: Pick<CompareOptions, 'alpha'> & { personaName?: PersonaName } = {},
): RunDiff {
  const tests = sortComparisons(
    pairResults(a.results, b.results).map((pair) =>
      compareTest(pair, {
        alpha: opts.alpha,
        minPassRateA: a.minPassRate,
        minPassRateB: b.minPassRate,
      }),
    ),
  );
  const differentVersions = a.run.agent_version_id !== b.run.agent_version_id;
  const refA = runRef(a.run, a.agentVersion ?? null);
  const refB = runRef(b.run, b.agentVersion ?? null);
  const config_differences = configDifferences(refA.config, refB.config);
  const shared = tests.filter((t) => t.test_index_a !== null && t.test_index_b !== null).length;
  const crossing = personaCrossingNote(a.run, b.run, shared, opts.personaName);
  const comparable = withNote(comparability(config_differences), crossing);
  return {
    a: refA,
    b: refB,
    config_differences,
    differ_line: differLine(config_differences),
    comparability: comparable,
    summary: hideSummaryDeltas(
      diffSummary(summarizeSide(a.run, a.results), summarizeSide(b.run, b.results), tests),
      comparable,
    ),
    graph_changes: differentVersions && a.graph && b.graph ? diffGraphs(a.graph, b.graph) : null,
    tests: tests.map((t) => hideTestDeltas(t, comparable)),
  };
}

const withNote = (c: Comparability, note: string | null): Comparability =>
  note ? { ...c, notes: [...c.notes, note] } : c;

/** Deltas that would be the judge's or the caller's rather than the agent's are not given (null). */
function hideSummaryDeltas(s: DiffSummary, c: Comparability): DiffSummary {
  if (c.scores_comparable && c.caller_figures_comparable) return s;
  const delta = { ...s.delta };
  if (!c.scores_comparable) {
    delta.mean_score = null;
    delta.mean_scores = Object.fromEntries(Object.keys(delta.mean_scores).map((k) => [k, null]));
  }
  if (!c.caller_figures_comparable) {
    delta.mean_turns = null;
    delta.caller_fidelity = null;
  }
  return { ...s, delta };
}

function hideTestDeltas(t: TestComparison, c: Comparability): TestComparison {
  if (c.scores_comparable && c.caller_figures_comparable) return t;
  return {
    ...t,
    ...(c.scores_comparable
      ? {}
      : {
          metric_deltas: t.metric_deltas.map((m) => ({ ...m, delta: null })),
          turn_quality: t.turn_quality && {
            ...t.turn_quality,
            turns: t.turn_quality.turns.map((x) => ({ ...x, delta: null })),
          },
        }),
    ...(c.caller_figures_comparable ? {} : { turns: { ...t.turns, delta: null } }),
  };
}

/** true when `parley diff --fail-on-regression` should exit 1: a test regressed (significantly, or without repeats). */
export function hasRegression(diff: RunDiff): boolean {
  return diff.tests.some((t) => t.change === 'regressed' && t.significant !== false);
}
