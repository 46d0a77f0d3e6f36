/**
 * The pre-run model check for the app: `models.preflight` (the New run dialog, per model) and
 * `runs.start` (refuses to create a run when a model cannot work). Models load through the app's
 * shared registry with the same threads setting the run uses, so a checked model is the one that runs.
 */
import type { ModelProblem } from '../../src-shared/contract/preflight.js';
import type { ModelSpec } from '../../src-shared/schemas/index.js';
import { longestPrompts } from '../engine/prompt-sizes.js';
import { preflightModels, preflightText } from '../providers/preflight.js';
import type { ApiContext } from './context.js';
import { ApiFailure } from './errors.js';
import { sharedProviders } from './providers-service.js';

/** llama-cpp threads default to the Models page setting (as in the run manager). */
export function withThreadsSetting(ctx: ApiContext, s: ModelSpec): ModelSpec {
  const settings = ctx.store.settings.get('models') as { threads?: number } | undefined;
  return s.provider === 'llama-cpp' && s.params.threads === undefined && settings?.threads
    ? { ...s, params: { ...s.params, threads: settings.threads } }
    : s;
}

export interface AppPreflightInput {
  models: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec };
  agent_id?: string;
  agent_version_id?: string;
  suite_id?: string;
}

export async function checkRunModels(ctx: ApiContext, input: AppPreflightInput): Promise<ModelProblem[]> {
  const { store } = ctx;
  const agent = input.agent_id ? store.agents.summary(input.agent_id) : undefined;
  const version = agent ? store.agents.getVersion(input.agent_version_id ?? agent.latest_version_id) : undefined;
  const suite = input.suite_id ? store.suites.get(input.suite_id) : undefined;
  const prompts =
    version && suite
      ? longestPrompts(version.graph, suite.data, (id) => store.personas.find(id)?.data)
      : version
        ? longestPrompts(version.graph, { name: '', tests: [] } as never)
        : undefined;
  const reg = sharedProviders(ctx);
  return preflightModels(
    {
      load: (spec, o) => reg.load(withThreadsSetting(ctx, spec), o),
      forget: (spec) => reg.forget(withThreadsSetting(ctx, spec)),
    },
    { models: input.models, ...(prompts ? { prompts } : {}) },
  );
}

/** For runs.start: throws one API error naming every model that cannot work (warnings do not stop the run). */
export async function requireRunModels(ctx: ApiContext, input: AppPreflightInput): Promise<void> {
  const errors = (await checkRunModels(ctx, input)).filter((p) => p.severity === 'error');
  if (!errors.length) return;
  const first = errors[0];
  throw new ApiFailure({
    code: first.kind === 'connection_refused' || first.kind === 'unavailable' ? 'unavailable' : 'invalid_input',
    message: `the run was not started: ${preflightText(errors)}`,
    path: `models.${first.roles[0]}`,
  });
}
