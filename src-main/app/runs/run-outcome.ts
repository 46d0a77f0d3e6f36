import { withinBudget } from '../../../src-shared/latency/budget.js';
import { runLatencyReport } from '../../../src-shared/latency/run-latency-report.js';
import type { ModelSpec, Severity } from '../../../src-shared/schemas/index.js';
import { allTestsOk, type RunOutcome } from '../../engine/index.js';
import { failsOnSeverity } from '../analysis/problems/failure-groups.js';
import type { RunModelSpecs } from '../models/preflight.js';

/**
 * A run passed when it completed, every test reached its pass rate, it kept its latency budget
 * (docs/latency.md) and, when asked, no grouped problem is at or above `failOn`.
 */
export function runPassed(o: RunOutcome, failOn?: Severity): boolean {
  if (o.run.status !== 'completed' || !allTestsOk(o.tests)) return false;
  if (!withinBudget(runLatencyReport(o.run, o.results)?.budget ?? [])) return false;
  return !(failOn && o.run.problems && failsOnSeverity(o.run.problems.groups, failOn));
}

/**
 * A model matrix (one run per agent model) shares one caller and one judge: the given ones, else the
 * first agent model, so only the agent differs between the runs compared.
 */
export function modelMatrix(agents: ModelSpec[], caller?: ModelSpec, judge?: ModelSpec): RunModelSpecs[] {
  const shared = agents.length > 1 ? agents[0] : undefined;
  return agents.map((agent) => ({ agent, caller: caller ?? shared, judge: judge ?? shared }));
}
