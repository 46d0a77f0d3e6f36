/**
 * The provider registry: one ChatModel per distinct canonical spec (a suite loads each model
 * once), listing across providers, and closing everything at the end.
 */
import path from 'node:path';
import {
  ModelSpec,
  parseModelSpec,
  type ModelInfo,
  type ModelSpecInput,
  type ProviderId,
} from '../../src-shared/schemas/index.js';
import type { ChatModel, ListOptions, Provider } from './types.js';
import { providerError } from './shared/errors.js';
import { createLlamaCppProvider, type LlamaCppProviderOptions } from './llama-cpp/provider.js';
import { createOllamaProvider, type OllamaProviderOptions } from './ollama/provider.js';
import { createOpenAiProvider, type OpenAiProviderOptions } from './openai/provider.js';
import { scriptedProvider } from './scripted.js';

export interface ProviderRegistryOptions {
  llamaCpp?: LlamaCppProviderOptions;
  ollama?: OllamaProviderOptions;
  openai?: OpenAiProviderOptions;
  /** Extra providers, or replacements for the built-in ones (same id wins). */
  providers?: Provider[];
  /** Offer the scripted provider (default true). */
  autoScripted?: boolean;
}

export interface RegistryListOptions {
  /** llama-cpp models folder. */
  dir?: string;
  /** Ollama URLs; `true` = the default (OLLAMA_HOST or http://127.0.0.1:11434). */
  ollama?: string[] | boolean;
  /** OpenAI-compatible base URLs; `true` = the default. */
  openai?: string[] | boolean;
  signal?: AbortSignal;
  /** Called for each provider/endpoint that failed; listing goes on with the others. */
  onError?: (err: Error, provider: ProviderId) => void;
}

export interface ProviderRegistry {
  /** Loads (once) the model for a spec, a spec input, or a CLI string like `ollama:llama3@http://host:11434`. */
  load(spec: ModelSpec | ModelSpecInput | string, opts?: { signal?: AbortSignal }): Promise<ChatModel>;
  list(opts: RegistryListOptions): Promise<ModelInfo[]>;
  provider(id: ProviderId): Promise<Provider | undefined>;
  /** Distinct models loaded through this registry so far. */
  loadedCount(): number;
  /** Drops (and closes) the loaded model of a spec, so the next load starts afresh (a key fixed after a failed check). */
  forget(spec: ModelSpec): Promise<void>;
  close(): Promise<void>;
}

/** A stable key: the parsed spec with sorted keys, resolved path, normalised URLs. */
export function canonicalSpecKey(spec: ModelSpec): string {
  const s: ModelSpec = { ...spec, params: { ...spec.params } };
  if (s.provider === 'llama-cpp' || s.provider === 'scripted') s.model = path.resolve(s.model);
  if (s.endpoints) s.endpoints = s.endpoints.map((e) => e.replace(/\/+$/, ''));
  const sort = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v as Record<string, unknown>)
            .sort()
            .filter((k) => (v as Record<string, unknown>)[k] !== undefined)
            .map((k) => [k, sort((v as Record<string, unknown>)[k])]),
        )
      : v;
  return JSON.stringify(sort(s));
}

export function createProviderRegistry(opts: ProviderRegistryOptions = {}): ProviderRegistry {
  const builtins: Partial<Record<ProviderId, () => Provider>> = {
    'llama-cpp': () => createLlamaCppProvider(opts.llamaCpp),
    ollama: () => createOllamaProvider(opts.ollama),
    openai: () => createOpenAiProvider(opts.openai),
  };
  const providers = new Map<ProviderId, Provider>();
  for (const p of opts.providers ?? []) providers.set(p.id, p);
  const models = new Map<string, Promise<ChatModel>>();

  async function provider(id: ProviderId): Promise<Provider | undefined> {
    let p = providers.get(id);
    if (p) return p;
    if (id === 'scripted') p = opts.autoScripted === false ? undefined : scriptedProvider;
    else p = builtins[id]?.();
    if (p) providers.set(id, p);
    return p;
  }

  return {
    provider,
    async load(input, o) {
      const spec = typeof input === 'string' ? parseModelSpec(input) : ModelSpec.parse(input);
      const key = canonicalSpecKey(spec);
      let m = models.get(key);
      if (!m) {
        m = (async () => {
          const p = await provider(spec.provider);
          if (!p)
            throw providerError(
              { provider: spec.provider, model: spec.model },
              'invalid_spec',
              `the ${spec.provider} provider is not available`,
            );
          return p.load(spec, o);
        })();
        models.set(key, m);
        m.catch(() => models.delete(key));
      }
      return m;
    },
    async list(o) {
      const jobs: Array<[ProviderId, ListOptions]> = [];
      if (o.dir) jobs.push(['llama-cpp', { dir: o.dir, signal: o.signal }]);
      const eps = (v: string[] | boolean | undefined) => (v === true ? [] : Array.isArray(v) ? v : undefined);
      const ol = eps(o.ollama);
      if (ol) jobs.push(['ollama', { endpoints: ol, signal: o.signal }]);
      const oa = eps(o.openai);
      if (oa) jobs.push(['openai', { endpoints: oa, signal: o.signal }]);
      // one endpoint failing (Ollama not running) must not hide the others
      const expanded: Array<[ProviderId, ListOptions]> = jobs.flatMap(([id, lo]) =>
        lo.endpoints && lo.endpoints.length > 1
          ? lo.endpoints.map((e) => [id, { ...lo, endpoints: [e] }] as [ProviderId, ListOptions])
          : [[id, lo]],
      );
      const results = await Promise.all(
        expanded.map(async ([id, lo]) => {
          try {
            const p = await provider(id);
            return p ? await p.list(lo) : [];
          } catch (err) {
            if (!o.onError) throw err;
            o.onError(err as Error, id);
            return [];
          }
        }),
      );
      return results.flat();
    },
    loadedCount() {
      return models.size;
    },
    async forget(spec) {
      const key = canonicalSpecKey(spec);
      const m = models.get(key);
      models.delete(key);
      await (await m?.catch(() => undefined))?.close();
    },
    async close() {
      const all = [...models.values()];
      models.clear();
      await Promise.all(all.map(async (m) => (await m.catch(() => undefined))?.close()));
    },
  };
}
