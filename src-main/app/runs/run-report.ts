import type { Result, Run } from '../../../src-shared/schemas/index.js';
import { toRunReport, type RunReport } from '../../../src-shared/run/report.js';
import { storedRoleModel } from '../../engine/model-io/stored-models.js';
import type { Store } from '../../store/index.js';
import { runFitness } from '../models/model-fitness.js';

/**
 * The report of a run as the doors print it (`parley run --json`, `runs show --json`, `evaluate`,
 * `replay`, `runs merge`): every stored fact (src-shared/run/report.ts), each model's URLs without
 * secrets (a run stored before they were redacted is redacted on the way out, as exports are), and
 * the stored readiness verdict of each role's model.
 */
export function runReport(store: Store, run: Run, results: Result[]): RunReport {
  const models = Object.fromEntries(
    Object.entries(run.models).map(([role, m]) => [role, m && storedRoleModel(m)]),
  ) as Run['models'];
  const safe = results.map((r) => (r.agent_model ? { ...r, agent_model: storedRoleModel(r.agent_model) } : r));
  return { ...toRunReport({ ...run, models }, safe), fitness: runFitness(store, run) };
}
