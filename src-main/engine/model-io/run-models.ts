import PQueue from 'p-queue';
import type { ModelSpec, RoleModel } from '../../../src-shared/schemas/index.js';
import type { ChatModel } from '../../providers/types.js';
import type { CallLimiter } from './model-calls.js';
import { storedRoleModel } from './stored-models.js';

/** Loads a model for a spec (the provider registry, or a test's map of scripted models). */
export interface ModelLoader {
  load(spec: ModelSpec, opts?: { signal?: AbortSignal }): Promise<ChatModel>;
}

/** The models of one run configuration. The same ChatModel may serve several roles. */
export interface RunModels {
  agent: ChatModel;
  caller: ChatModel;
  judge: ChatModel;
}

export const specKey = (s: ModelSpec): string =>
  JSON.stringify([s.provider, s.model, s.endpoints ?? [], s.params ?? {}, s.api_key_env ?? '', s.concurrency ?? 0]);

/** Loads each distinct spec once; caller and judge default to the agent's spec. */
export async function loadRunModels(
  loader: ModelLoader,
  specs: { agent: ModelSpec; caller?: ModelSpec; judge?: ModelSpec },
  opts: { signal?: AbortSignal } = {},
): Promise<RunModels> {
  const cache = new Map<string, Promise<ChatModel>>();
  const load = (s: ModelSpec) => {
    const k = specKey(s);
    if (!cache.has(k)) cache.set(k, loader.load(s, opts));
    return cache.get(k)!;
  };
  const [agent, caller, judge] = await Promise.all([
    load(specs.agent),
    load(specs.caller ?? specs.agent),
    load(specs.judge ?? specs.agent),
  ]);
  return { agent, caller, judge };
}

/** The run's `models` column: each role's spec with its full identity (file hash, digest...). */
export async function describeRunModels(
  m: RunModels,
): Promise<{ agent: RoleModel; caller: RoleModel; judge: RoleModel }> {
  const [a, c, j] = await Promise.all([m.agent.identity(), m.caller.identity(), m.judge.identity()]);
  return {
    agent: storedRoleModel({ spec: m.agent.spec, identity: a }),
    caller: storedRoleModel({ spec: m.caller.spec, identity: c }),
    judge: storedRoleModel({ spec: m.judge.spec, identity: j }),
  };
}

/** One queue per distinct model: at most `spec.concurrency` (else the model's maxParallel) calls at once. */
export function perModelLimiter(): CallLimiter {
  const queues = new Map<ChatModel, PQueue>();
  return <T>(model: ChatModel, fn: () => Promise<T>): Promise<T> => {
    let q = queues.get(model);
    if (!q) {
      // HTTP models: maxParallel is the sum of their endpoints' limits (spec.concurrency is per endpoint)
      const http = model.spec.provider === 'ollama' || model.spec.provider === 'openai';
      const n = http ? model.maxParallel : (model.spec.concurrency ?? model.maxParallel);
      q = new PQueue({ concurrency: Math.max(1, n ?? 1) });
      queues.set(model, q);
    }
    return q.add(fn) as Promise<T>;
  };
}
