import { ModelSettings } from '../../../src-shared/contract/models.js';
import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';
import { DEFAULT_OLLAMA_URL, listModels, pullModelJob, type ModelSources } from './list-models.js';
import { appOf } from '../door/app-service.js';
import { service, type ApiContext } from '../door/context.js';
import { ApiFailure } from '../door/errors.js';
import { bundledScripts } from '../workspace/first-run-methods.js';
import type { Methods } from '../method-table.js';
import { modelLabel } from '../../../src-shared/text/model-name.js';

/**
 * The Models page's handlers: list what every configured provider offers (errors per provider,
 * never one failure hiding the rest), pull an Ollama model with progress events, store an API key
 * in the OS keychain (desktop only).
 */

type ListOutput = { models: ModelInfo[]; errors: { provider: ProviderId; message: string }[] };

const settingsOf = (ctx: ApiContext) => ModelSettings.parse(ctx.store.settings.get('models') ?? {});

const LIST_TIMEOUT_MS = 8_000;
const CACHE_MS = 30_000;

/** The Models page's sources (its settings, keys from the environment or the OS keychain) through the one listing use case. */
async function listAll(ctx: ApiContext): Promise<ListOutput> {
  const s = settingsOf(ctx);
  const openai: NonNullable<ModelSources['openai']> = [];
  for (const ep of s.openai_endpoints) {
    let apiKey: string | undefined;
    let keySource: string | undefined;
    let missingKey: string | undefined;
    if (ep.api_key_env) {
      apiKey = process.env[ep.api_key_env] || undefined;
      keySource = `the environment variable ${ep.api_key_env}`;
      if (!apiKey && !(ep.has_key && ctx.keychain))
        missingKey = `the environment variable ${ep.api_key_env} is not set${ctx.mode === 'web' ? ' in the server process' : ''}`;
    }
    if (!apiKey && !missingKey && ep.has_key && ctx.keychain) {
      apiKey = await ctx.keychain.get(ep.name).catch(() => undefined);
      keySource = `the key stored for "${ep.name}"`;
    }
    openai.push({ base_url: ep.base_url, name: ep.name, apiKey, keySource, missingKey });
  }
  const { models, errors } = await listModels({
    dir: s.models_dir,
    ollama: s.ollama_endpoints.length ? s.ollama_endpoints : [DEFAULT_OLLAMA_URL],
    openai,
    timeoutMs: LIST_TIMEOUT_MS,
  });
  for (const file of bundledScripts()) {
    models.push({
      provider: 'scripted',
      name: modelLabel({ provider: 'scripted', model: file }),
      spec: `scripted:${file}`,
      path: file,
    });
  }
  return { models, errors };
}

interface ListCache {
  key: string;
  at: number;
  value: Promise<ListOutput>;
}

export const modelProviderMethods: Methods = {
  'models.list': async (ctx, { refresh }) => {
    const key = JSON.stringify(ctx.store.settings.get('models') ?? {});
    const cache = service<{ entry?: ListCache }>(ctx, 'models-list-cache', () => ({}));
    if (!refresh && cache.entry && cache.entry.key === key && Date.now() - cache.entry.at < CACHE_MS)
      return cache.entry.value;
    const value = listAll(ctx);
    cache.entry = { key, at: Date.now(), value };
    value.catch(() => {
      cache.entry = undefined;
    });
    return value;
  },

  'models.pull': (ctx, { name, endpoint }) => {
    const s = settingsOf(ctx);
    const url = (endpoint ?? s.ollama_endpoints[0] ?? DEFAULT_OLLAMA_URL).trim().replace(/\/+$/, '');
    const job = pullModelJob(appOf(ctx).jobs, url, name.trim());
    // a new model is listed at once
    void job.done.then(
      () => {
        const cache = ctx.services.get('models-list-cache') as { entry?: ListCache } | undefined;
        if (cache) cache.entry = undefined;
      },
      () => undefined,
    );
    return { job_id: job.id };
  },

  'models.setKey': async (ctx, { name, key }) => {
    if (ctx.mode === 'web' || !ctx.keychain) {
      throw new ApiFailure({
        code: 'unavailable',
        message:
          'API keys cannot be stored from the browser in web mode. Set the key in an environment variable of the server process ' +
          '(the one running `parley serve`) and enter that variable\'s name as the endpoint\'s "API key environment variable".',
      });
    }
    const s = settingsOf(ctx);
    const i = s.openai_endpoints.findIndex((e) => e.name === name);
    if (i < 0)
      throw new ApiFailure({
        code: 'not_found',
        message: `no OpenAI-compatible endpoint named "${name}": save the endpoint first, then store its key`,
        path: 'name',
      });
    try {
      await ctx.keychain.set(name, key);
    } catch (e) {
      throw new ApiFailure({
        code: 'unavailable',
        message: `could not store the key for "${name}" in the OS keychain: ${(e as Error).message}`,
      });
    }
    s.openai_endpoints[i] = { ...s.openai_endpoints[i], has_key: true };
    ctx.store.settings.set('models', s);
    return { stored: true };
  },
};
