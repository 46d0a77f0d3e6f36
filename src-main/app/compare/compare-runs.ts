import type { Store } from '../../store/index.js';
import { storedJudgementsReport } from '../../judging/stored-judgements.js';
import { storedHumanAgreement } from '../../judging/stored-human-agreement.js';
import { requireRun } from '../refs/resolve.js';
import { diffRuns, type StoredRun } from '../../compare/diff-runs.js';
import { compareRunsMatrix, type RunMatrix } from '../../compare/matrix.js';
import type { RunDiff, RunRef } from '../../compare/types.js';
import { runFitness } from '../models/model-fitness.js';
import { attackSuccess } from './attack-success.js';

/** A stored run with its results, the agent graph it ran and its suite's min_pass_rate. */
export function loadStoredRun(store: Store, runId: string): StoredRun {
  const run = requireRun(store, runId);
  const version = store.agents.getVersion(run.agent_version_id);
  const suite = store.runs.suiteSnapshot(run.id);
  return {
    run,
    results: store.results.listByRun(run.id),
    graph: version?.graph,
    agentVersion: version?.version,
    minPassRate: suite?.min_pass_rate,
  };
}

/** A run's reference with the stored readiness verdict of each role's model. */
function withFitness(store: Store, ref: RunRef, stored: StoredRun): RunRef {
  return { ...ref, fitness: runFitness(store, stored.run) };
}

/** `parley diff` over the store: run B against baseline run A (each run with its models' readiness verdicts). */
export function diffStoredRuns(store: Store, a: string, b: string, opts: { alpha?: number } = {}): RunDiff {
  const [sa, sb] = [loadStoredRun(store, a), loadStoredRun(store, b)];
  const personaName = (ref: string) => store.personas.find(ref)?.name ?? ref;
  const d = diffRuns(sa, sb, { ...opts, personaName });
  const attacks = attackSuccess(
    { suite: store.runs.suiteSnapshot(sa.run.id), results: sa.results },
    { suite: store.runs.suiteSnapshot(sb.run.id), results: sb.results },
  );
  return {
    ...d,
    a: withFitness(store, d.a, sa),
    b: withFitness(store, d.b, sb),
    ...(attacks ? { attack_success: attacks } : {}),
  };
}

/** `parley compare` over the store: the N-way matrix of several runs (each with its models' readiness verdicts). */
export function compareStoredRuns(store: Store, runIds: string[]): RunMatrix {
  const stored = runIds.map((id) => loadStoredRun(store, id));
  const m = compareRunsMatrix(stored);
  return { ...m, runs: m.runs.map((c, i) => ({ ...c, run: withFitness(store, c.run, stored[i]) })) };
}

export { hasRegression } from '../../compare/diff-runs.js';
export type { ChangeKind, RunDiff, RunRef, SideSummary, TestComparison } from '../../compare/types.js';
export type { MatrixCell, RunMatrix } from '../../compare/matrix.js';
export { modelsLine as configModelsLine, type ConfigDifference, type RunConfig } from '../../compare/run-config.js';

/** What re-judging and reviewers said of a run's verdicts (undefined where nothing was stored). */
export function trustOfRun(store: Store, runId: string) {
  return {
    judgements: storedJudgementsReport(store, runId),
    human: store.labels.countByRun(runId) ? storedHumanAgreement(store, runId) : undefined,
  };
}
