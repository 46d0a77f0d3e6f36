import { z } from 'zod';
import { EndpointOptions, ModelInfo, ModelSpec, ProviderId, ReadinessReport, ReadinessRole } from '../schemas/index.js';
import { ModelProblem } from './preflight.js';
import { method } from './define.js';
import { RoleFitness } from './fitness-shapes.js';
import { JobStarted } from './jobs.js';

export const ModelSettings = z.object({
  models_dir: z.string().optional(),
  ollama_endpoints: z.array(z.string()).default([]),
  /** Limits of each Ollama URL, by position in ollama_endpoints ({} = defaults); carried into every model picked from it. */
  ollama_endpoint_options: z.array(EndpointOptions).default([]),
  openai_endpoints: z
    .array(
      z.object({
        name: z.string(),
        base_url: z.string(),
        api_key_env: z.string().optional(),
        has_key: z.boolean().default(false),
        /** Limits of this endpoint (calls at once, requests and tokens per minute...), carried into every model picked from it. */
        options: EndpointOptions.optional(),
      }),
    )
    .default([]),
  threads: z.number().int().min(1).optional(),
});
export type ModelSettings = z.infer<typeof ModelSettings>;

export const modelMethods = {
  'models.list': method(
    'Models available from the configured providers',
    z.object({ refresh: z.boolean().default(false) }).default({ refresh: false }),
    z.object({ models: z.array(ModelInfo), errors: z.array(z.object({ provider: ProviderId, message: z.string() })) }),
  ),
  'models.settings': method('Provider settings (no secrets)', z.object({}).default({}), ModelSettings),
  'models.saveSettings': method('Save provider settings', ModelSettings, ModelSettings),
  'models.setKey': method(
    'Store an API key in the OS keychain (desktop only)',
    z.object({ name: z.string().min(1), key: z.string().min(1) }),
    z.object({ stored: z.boolean() }),
  ),
  'models.preflight': method(
    'Check the models of a run before it starts: each loads and each endpoint answers one cheap authenticated call; with an agent and a suite, the context is compared with their longest prompts',
    z.object({
      models: z.object({ agent: ModelSpec, caller: ModelSpec.optional(), judge: ModelSpec.optional() }),
      agent_id: z.string().optional(),
      suite_id: z.string().optional(),
    }),
    z.object({
      ok: z.boolean(),
      problems: z.array(ModelProblem),
      /** Pass it to runs.start: the check is not made again. */
      preflight_id: z.string(),
    }),
  ),
  'models.pull': method(
    "Pull an Ollama model as a job: progress in bytes, the server's status as the job's note",
    z.object({ name: z.string().min(1), endpoint: z.string().optional() }),
    JobStarted,
  ),
  'models.check': method(
    "Start a readiness check of a model as a job: known-answer tasks per role (routing, extraction, judging, caller turns) through the engine's own calls; its result is the stored ReadinessReport",
    z.object({
      model: ModelSpec,
      roles: z.array(ReadinessRole).optional(),
      concurrency: z.number().int().min(1).max(16).optional(),
    }),
    JobStarted,
  ),
  'models.fitness': method(
    'The stored readiness verdict of a model in a role (the newest check that covered the role; found by spec or digest): fit, weak, unfit or never checked, with its figures and 95% intervals. null for a scripted model',
    z.object({ role: ReadinessRole, model: ModelSpec, digest: z.string().optional() }),
    z.object({ fitness: RoleFitness.nullable() }),
  ),
  'models.checks': method(
    'Stored readiness checks: of one model (provider:model), or the newest of each model',
    z.object({ model: z.string().optional() }).default({}),
    z.object({ checks: z.array(ReadinessReport) }),
  ),
};
