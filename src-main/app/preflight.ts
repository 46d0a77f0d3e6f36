/**
 * The pre-run model check (issue 14), for every door: each distinct model is loaded once and each
 * endpoint answers one authenticated call before a run is written. The New run dialog asks it per
 * model (`models.preflight`); `runs.start` and `parley run` refuse to start when a model cannot work.
 */
import type { AgentGraph, ModelSpec, TestSuite } from '../../src-shared/schemas/index.js';
import { longestPrompts } from '../engine/conversation/prompt-sizes.js';
import { preflightModels, preflightText, type ModelProblem } from '../providers/preflight.js';
import type { Store } from '../store/index.js';
import { AppError } from './errors.js';
import type { ModelService } from './models.js';

export interface RunModelSpecs {
  agent: ModelSpec;
  caller?: ModelSpec;
  judge?: ModelSpec;
}

/** What the run's longest prompts are (for the context check): the agent's graph with the suite's callers. */
export function runPrompts(store: Store, graph: AgentGraph, suite?: TestSuite) {
  return longestPrompts(
    graph,
    suite ?? ({ name: '', tests: [] } as unknown as TestSuite),
    (id) => store.personas.find(id)?.data,
  );
}

/** Problems with the models of one or more run configurations, each named once. */
export async function checkRunModels(
  models: ModelService,
  configs: RunModelSpecs[],
  prompts?: { agent: string; caller: string },
): Promise<ModelProblem[]> {
  const seen = new Set<string>();
  const problems: ModelProblem[] = [];
  for (const c of configs) {
    for (const p of await preflightModels(models.checker(), { models: c, ...(prompts ? { prompts } : {}) })) {
      const key = `${p.kind}|${p.provider}|${p.model}|${p.endpoint ?? ''}|${p.roles.join(',')}`;
      if (seen.has(key)) continue;
      seen.add(key);
      problems.push(p);
    }
  }
  return problems;
}

/** The application error for a run that cannot start: one message naming every model that cannot work. */
export function notStarted(errors: ModelProblem[]): AppError {
  const first = errors[0];
  return new AppError(
    {
      code: first.kind === 'connection_refused' || first.kind === 'unavailable' ? 'unavailable' : 'invalid_input',
      message: `the run was not started: ${preflightText(errors)}`,
      path: `models.${first.roles[0]}`,
    },
    undefined,
    errors,
  );
}
