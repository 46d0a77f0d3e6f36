/**
 * The pre-run model check for the app's door (`models.preflight`, the New run dialog per model): the
 * application layer's check (src-main/app/preflight.ts) with the agent's and suite's prompts.
 */
import type { ModelProblem } from '../../src-shared/contract/preflight.js';
import type { ModelSpec } from '../../src-shared/schemas/index.js';
import { resolveAgentVersion } from '../app/index.js';
import { appOf } from './app-service.js';
import type { ApiContext } from './context.js';

export interface AppPreflightInput {
  models: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec };
  agent_id?: string;
  agent_version_id?: string;
  suite_id?: string;
}

export async function checkRunModels(ctx: ApiContext, input: AppPreflightInput): Promise<ModelProblem[]> {
  const app = appOf(ctx);
  const graph = input.agent_id
    ? resolveAgentVersion(ctx.store, input.agent_id, input.agent_version_id).version.graph
    : undefined;
  const suite = input.suite_id ? ctx.store.suites.get(input.suite_id)?.data : undefined;
  return app.runs.preflight([input.models], graph, suite);
}
