/**
 * The pre-run model check (issue 14), for every door: each distinct model is loaded once and each
 * endpoint answers one authenticated call before a run is written. The New run dialog asks it per
 * model (`models.preflight`); `runs.start` and `parley run` refuse to start when a model cannot work.
 */
import { createHash } from 'node:crypto';
import type { AgentGraph, ModelSpec, TestSuite } from '../../../src-shared/schemas/index.js';
import { longestPrompts } from '../../engine/conversation/prompt-sizes.js';
import { preflightModels, preflightText, type CheckedPrompts, type ModelProblem } from '../../providers/preflight.js';
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
export function runPrompts(store: Store, graph: AgentGraph, suite?: TestSuite): CheckedPrompts {
  return longestPrompts(
    graph,
    suite ?? ({ name: '', tests: [] } as unknown as TestSuite),
    (id) => store.personas.find(id)?.data,
  );
}

/**
 * Problems with the models of one or more run configurations, each named once. `contextOnly`: the
 * models answered a check already, only their context is compared with the prompts (no endpoint call).
 */
export async function checkRunModels(
  models: ModelService,
  configs: RunModelSpecs[],
  prompts?: CheckedPrompts,
  contextOnly = false,
): Promise<ModelProblem[]> {
  const seen = new Set<string>();
  const problems: ModelProblem[] = [];
  for (const c of configs) {
    const input = { models: c, ...(prompts ? { prompts } : {}), ...(contextOnly ? { contextOnly } : {}) };
    for (const p of await preflightModels(models.checker(), input)) {
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
/** Which prompts a check compared with the models' context (none: the context was not checked). */
const promptsKey = (p?: CheckedPrompts) =>
  p
    ? createHash('sha256')
        .update(JSON.stringify([p.agent, p.caller]))
        .digest('hex')
    : null;

export interface CheckContext {
  store: Store;
  graph: AgentGraph;
  suite?: TestSuite;
}

/**
 * Pre-run checks made in this process, by id: a door that checked (the New run dialog's "Check models",
 * the CLI before its runs, a fix before its re-runs) passes the id to `start`, and the check is not made
 * again with real calls. The id vouches for the models answering, not for a graph it did not see: a
 * start whose prompts the check did not compare is compared again (`contextProblems`, no call made).
 */
export class PreflightCache {
  private readonly checks = new Map<string, { keys: Set<string>; prompts: string | null; ok: boolean; at: number }>();

  async run(
    models: ModelService,
    configs: RunModelSpecs[],
    context?: CheckContext,
  ): Promise<{ id: string; problems: ModelProblem[] }> {
    const prompts = context ? runPrompts(context.store, context.graph, context.suite) : undefined;
    const problems = await checkRunModels(models, configs, prompts);
    const id = newId('pre');
    this.checks.set(id, {
      keys: new Set(configs.map(configKey)),
      prompts: promptsKey(prompts),
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

  /**
   * The context problems of a start whose models passed check `id`: none when that check compared
   * these prompts already (or the start has no graph), else the models' context against them.
   */
  async contextProblems(
    models: ModelService,
    id: string,
    configs: RunModelSpecs[],
    context?: CheckContext,
  ): Promise<ModelProblem[]> {
    if (!context) return [];
    const prompts = runPrompts(context.store, context.graph, context.suite);
    if (this.checks.get(id)?.prompts === promptsKey(prompts)) return [];
    return checkRunModels(models, configs, prompts, true);
  }

  /** Throws the "not started" error when any problem blocks the run. */
  refuseOnErrors(problems: ModelProblem[]): void {
    const errors = problems.filter((p) => p.severity === 'error');
    if (errors.length) throw notStarted(errors);
  }
}
