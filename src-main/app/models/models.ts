import { ModelSettings } from '../../../src-shared/contract/models.js';
import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ModelLoader, RunModels } from '../../engine/index.js';
import { ProviderError, type ChatModel, type ProviderRegistry } from '../../providers/index.js';
import type { Store } from '../../store/index.js';
import { AppError } from '../errors.js';

export type ModelRole = 'agent' | 'caller' | 'judge';

/** Failures a user fixes outside Parley (start the server, fix the key): `unavailable`; the rest are bad input. */
const UNAVAILABLE = new Set(['connection_refused', 'timeout', 'rate_limited', 'server_error', 'unauthorized']);

/** A provider failure as an application error naming the role, the provider and the model. */
export function modelFailure(role: ModelRole, spec: ModelSpec, e: unknown, path = `models.${role}`): AppError {
  const msg = (e as Error)?.message ?? String(e);
  const what = `${role} model ${spec.provider}:${spec.model}`;
  if (e instanceof ProviderError && UNAVAILABLE.has(e.code))
    return new AppError({ code: 'unavailable', message: `${what}: ${msg}`, path }, msg);
  return new AppError({ code: 'invalid_input', message: `${what} could not be loaded: ${msg}`, path }, msg);
}

/**
 * Loads models for every door the same way: the Models page's settings apply (llama-cpp threads)
 * whether the run comes from the app or the command line, and load errors name the role.
 */
export class ModelService {
  constructor(
    private readonly store: Store,
    private readonly registry: () => ProviderRegistry,
  ) {}

  /** The spec with the user's defaults filled in (explicit params win). */
  withDefaults(spec: ModelSpec): ModelSpec {
    const settings = ModelSettings.safeParse(this.store.settings.get('models') ?? {});
    const threads = settings.success ? settings.data.threads : undefined;
    return spec.provider === 'llama-cpp' && spec.params.threads === undefined && threads
      ? { ...spec, params: { ...spec.params, threads } }
      : spec;
  }

  /** What the pre-run check loads models with: the same defaults, and a failed model is dropped from the cache. */
  checker(): { load: ModelLoader['load']; forget: (spec: ModelSpec) => Promise<void> } {
    return {
      load: (spec, o) => this.registry().load(this.withDefaults(spec), o),
      forget: (spec) => this.registry().forget(this.withDefaults(spec)),
    };
  }

  /** A loader for the models tests choose themselves (llm_model), with the same defaults. */
  loader(): ModelLoader {
    return { load: (spec, o) => this.registry().load(this.withDefaults(spec), o) };
  }

  async load(role: ModelRole, spec: ModelSpec, opts: { signal?: AbortSignal; path?: string } = {}): Promise<ChatModel> {
    try {
      return await this.registry().load(this.withDefaults(spec), { signal: opts.signal });
    } catch (e) {
      throw modelFailure(role, spec, e, opts.path);
    }
  }

  /** The three roles; caller and judge default to the agent's model. Loaded one at a time, each once. */
  async loadRoles(specs: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec }): Promise<RunModels> {
    const out: Partial<RunModels> = {};
    for (const role of ['agent', 'caller', 'judge'] as const)
      out[role] = await this.load(role, specs[role] ?? specs.agent);
    return out as RunModels;
  }
}
