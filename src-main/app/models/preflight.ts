/**
 * The pre-run model check (issue 14), for every door: each distinct model is loaded once and each
 * endpoint answers one authenticated call before a run is written. The New run dialog asks it per
 * model (`models.preflight`); `runs.start` and `parley run` refuse to start when a model cannot work.
 */
import type { AgentGraph, ModelSpec, TestSuite } from '../../../src-shared/schemas/index.js';
import { longestPrompts } from '../../engine/conversation/prompt-sizes.js';
import { preflightModels, preflightText, type ModelProblem } from '../../providers/preflight.js';
import type { Store } from '../../store/index.js';
import { newId } from '../../store/ids.js';
import { AppError } from '../errors.js';
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

/** How long a pre-run check's result is taken as current (a dialog's check, then Start). */
const CHECK_VALID_MS = 10 * 60_000;
const KEEP_CHECKS = 50;

const configKey = (c: RunModelSpecs) => JSON.stringify([c.agent, c.caller, c.judge]);

/**
 * Pre-run checks made in this process, by id: a door that checked (the New run dialog's "Check models",
 * the CLI before its runs) passes the id to `start`, and the check is not made again with real calls.
 */
export class PreflightCache {
  private readonly checks = new Map<string, { keys: Set<string>; ok: boolean; at: number }>();

  async run(
    models: ModelService,
    configs: RunModelSpecs[],
    context?: { store: Store; graph: AgentGraph; suite?: TestSuite },
  ): Promise<{ id: string; problems: ModelProblem[] }> {
    const prompts = context ? runPrompts(context.store, context.graph, context.suite) : undefined;
    const problems = await checkRunModels(models, configs, prompts);
    const id = newId('pre');
    this.checks.set(id, {
      keys: new Set(configs.map(configKey)),
      ok: !problems.some((p) => p.severity === 'error'),
      at: Date.now(),
    });
    for (const old of [...this.checks.keys()].slice(0, Math.max(0, this.checks.size - KEEP_CHECKS)))
      this.checks.delete(old);
    return { id, problems };
  }

  /** True when check `id` covered these models, found nothing blocking and is recent. */
  passed(id: string, configs: RunModelSpecs[], now = Date.now()): boolean {
    const c = this.checks.get(id);
    return !!c && c.ok && now - c.at < CHECK_VALID_MS && configs.every((x) => c.keys.has(configKey(x)));
  }

  /** Throws the "not started" error when any problem blocks the run. */
  refuseOnErrors(problems: ModelProblem[]): void {
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length) throw notStarted(errors);
  }
}
