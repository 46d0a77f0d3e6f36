/** An OpenAI-compatible chat model on one or more base URLs, over plain fetch. */
import type { ModelIdentity, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ChatMessage, ChatModel, ModelSession } from '../types.js';
import { endpointUrl } from '../shared/endpoint-url.js';
import { DEFAULT_CHARS_PER_TOKEN, learnCharsPerToken, learnOutputCharsPerToken } from '../ollama/num-ctx.js';
import type { JsonSchema } from '../shared/json-schema.js';
import { structuredTokenLimit, UNMEASURED_CHARS_PER_TOKEN } from '../shared/structured-budget.js';
import { ProviderError } from '../types.js';
import { EndpointPool, type EndpointStats } from '../shared/endpoint-pool.js';
import { endpointConfigs } from '../shared/endpoint-config.js';
import { providerError, type ErrorContext } from '../shared/errors.js';
import { fetchOk } from '../shared/http.js';
import type { HttpResponse } from '../shared/http-transport.js';
import type { CompatFlags, OpenAiSessionOwner } from './session-owner.js';

export type { CompatFlags } from './session-owner.js';
import { registerSecret } from '../shared/redact.js';
import type { RetryOptions } from '../shared/retry.js';
import { OpenAiSession } from './session.js';

export const DEFAULT_OPENAI_URL = 'https://api.openai.com/v1';

/** Desktop: reads the key from the OS keychain (spec.api_key_ref). Returns undefined when absent. */
export type KeyResolver = (spec: ModelSpec) => Promise<string | undefined> | string | undefined;

export interface OpenAiModelOptions {
  resolveKey?: KeyResolver;
  /** Concurrent calls per endpoint when the spec does not say (default 8). */
  concurrency?: number;
  retry?: RetryOptions;
  /** Headers timeout per request (default 180 s; non-streaming replies only send headers when done). */
  timeoutMs?: number;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Length of the rpm/tpm window (60 s; shorter only in tests). */
  rateWindowMs?: number;
}

export function defaultOpenAiEndpoints(): string[] {
  return [process.env.OPENAI_BASE_URL?.trim() || DEFAULT_OPENAI_URL];
}

export function normalizeBaseUrl(url: string): string {
  return url.replace(/\/+$/, '').replace(/\/chat\/completions$/, '');
}

export interface KeyInfo {
  key?: string;
  /** Human description of where the key comes from; never the key. */
  source: string;
}

export async function resolveApiKey(spec: ModelSpec, endpoints: string[], resolver?: KeyResolver): Promise<KeyInfo> {
  let info: KeyInfo;
  if (resolver && (spec.api_key_ref || !spec.api_key_env)) {
    info = {
      key: (await resolver(spec)) || undefined,
      source: spec.api_key_ref ? `the stored key "${spec.api_key_ref}"` : 'the stored API key',
    };
    if (!info.key && !spec.api_key_ref) {
      const name = 'OPENAI_API_KEY';
      info = { key: process.env[name] || undefined, source: `the environment variable ${name}` };
    }
  } else {
    const name = spec.api_key_env ?? 'OPENAI_API_KEY';
    info = { key: process.env[name] || undefined, source: `the environment variable ${name}` };
  }
  registerSecret(info.key);
  const needsKey =
    !!spec.api_key_env ||
    !!spec.api_key_ref ||
    endpoints.some((e) => /(^|\.)openai\.com|groq\.com|together\.xyz|openrouter\.ai/i.test(new URL(e).hostname));
  if (!info.key && needsKey) {
    throw providerError(
      { provider: 'openai', model: spec.model, where: endpoints[0] },
      'unauthorized',
      `no API key: set ${info.source}`,
    );
  }
  return info;
}

export class OpenAiChatModel implements ChatModel, OpenAiSessionOwner {
  readonly maxParallel: number;
  readonly pool: EndpointPool;
  readonly retry: RetryOptions;
  readonly compat: CompatFlags = {
    noJsonSchema: false,
    noJsonObject: false,
    noStreamOptions: false,
    maxCompletionTokens: false,
    noTemperature: false,
    noSeed: false,
  };
  private closed = false;
  /** Characters per token learned from the server's prompt counts (undefined until a call reported usage). */
  private charsPerToken: number | undefined;
  /** Characters per token of the model's answers (see observeCompletion). */
  private outputCharsPerToken: number | undefined;

  private constructor(
    readonly spec: ModelSpec,
    readonly endpoints: string[],
    private readonly keyInfo: KeyInfo,
    private readonly opts: OpenAiModelOptions,
  ) {
    const concurrency = spec.concurrency ?? opts.concurrency ?? 8;
    const context = { provider: 'openai' as const, model: spec.model, secrets: [keyInfo.key] };
    this.retry = opts.retry ?? {};
    this.pool = new EndpointPool(endpointConfigs(spec, endpoints, normalizeBaseUrl, context), {
      concurrency,
      context,
      retry: this.retry,
      windowMs: opts.rateWindowMs,
      probe: async (ep, signal) => {
        const { url, headers } = this.request(ep, '/models');
        await fetchOk(this.errorContext(ep), url, { headers, signal, timeoutMs: 10_000, fetch: this.opts.fetch });
      },
    });
    this.maxParallel = this.pool.capacity;
  }

  static async load(spec: ModelSpec, opts: OpenAiModelOptions = {}): Promise<OpenAiChatModel> {
    const endpoints = (spec.endpoints?.length ? spec.endpoints : defaultOpenAiEndpoints()).map(normalizeBaseUrl);
    for (const e of endpoints) {
      if (/\[redacted\]|%5Bredacted%5D/i.test(e))
        throw providerError(
          { provider: 'openai', model: spec.model, where: e },
          'invalid_spec',
          'this URL had a secret in it, which Parley does not store (runs keep endpoint URLs redacted); expected the URL without the key, with the key in OPENAI_API_KEY (or api_key_env) or on the Models page',
        );
      try {
        new URL(e);
      } catch {
        throw providerError(
          { provider: 'openai', model: spec.model, where: e },
          'invalid_spec',
          'not a valid base URL (expected e.g. https://api.openai.com/v1)',
        );
      }
    }
    const keyInfo = await resolveApiKey(spec, endpoints, opts.resolveKey);
    endpointConfigs(spec, endpoints, normalizeBaseUrl, { provider: 'openai', model: spec.model });
    return new OpenAiChatModel(spec, endpoints, keyInfo, opts);
  }

  errorContext(endpoint: string): ErrorContext {
    return { provider: 'openai', model: this.spec.model, where: endpoint, secrets: [this.keyInfo.key] };
  }

  /** The request URL and headers for `path` on `endpoint` (a key in the URL's userinfo is sent as Basic auth). */
  request(endpoint: string, path: string): { url: string; headers: Record<string, string> } {
    const { url, basicAuth } = endpointUrl(endpoint, path);
    const headers = this.headers();
    if (basicAuth && !headers.authorization) headers.authorization = basicAuth;
    return { url, headers };
  }

  headers(): Record<string, string> {
    const h: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
    };
    if (this.keyInfo.key) h.authorization = `Bearer ${this.keyInfo.key}`;
    return h;
  }

  /** POSTs JSON to `${endpoint}${path}`; returns the ok Response or throws a ProviderError. */
  post(endpoint: string, path: string, body: unknown, signal?: AbortSignal): Promise<HttpResponse> {
    const { url, headers } = this.request(endpoint, path);
    return fetchOk(
      this.errorContext(endpoint),
      url,
      {
        method: 'POST',
        headers,
        body: JSON.stringify(body),
        signal,
        timeoutMs: this.opts.timeoutMs,
        fetch: this.opts.fetch,
      },
      { keySource: this.keyInfo.source },
    );
  }

  /**
   * Learns from a 400 which optional parameter the server refuses. True when the request should be
   * sent again without it (also when a concurrent call already learned the same thing).
   */
  learnFrom400(err: unknown): boolean {
    if (!(err instanceof ProviderError) || err.status !== 400) return false;
    const m = err.message;
    const c = this.compat;
    if (/stream_options|include_usage/i.test(m)) return (c.noStreamOptions = true);
    if (/max_tokens/i.test(m) && /max_completion_tokens|not supported|unsupported/i.test(m))
      return (c.maxCompletionTokens = true);
    if (/temperature/i.test(m) && /unsupported|not support|only the default/i.test(m)) return (c.noTemperature = true);
    if (/\bseed\b/i.test(m) && /unsupported|not support|unrecognized|unknown/i.test(m)) return (c.noSeed = true);
    return false;
  }

  /**
   * The pre-run check, once per endpoint: GET /models with the key (proves the URL and the key);
   * when the list does not name the model (or the server has no /models), one 1-token completion
   * proves the model exists.
   */
  async check(signal?: AbortSignal): Promise<void> {
    for (const ep of this.endpoints) {
      let listed: string[] | undefined;
      try {
        const { url, headers } = this.request(ep, '/models');
        const res = await fetchOk(
          this.errorContext(ep),
          url,
          { headers, signal, timeoutMs: 30_000, fetch: this.opts.fetch },
          { keySource: this.keyInfo.source },
        );
        const j = (await res.json().catch(() => ({}))) as { data?: Array<{ id?: unknown }> };
        listed = (j.data ?? []).map((m) => String(m.id));
      } catch (e) {
        // no /models on this server: the completion below decides
        if (!(e instanceof ProviderError) || e.code !== 'model_not_found') throw e;
      }
      if (listed?.includes(this.spec.model)) continue;
      const body = {
        model: this.spec.model,
        messages: [{ role: 'user', content: 'Say OK.' }],
        [this.compat.maxCompletionTokens ? 'max_completion_tokens' : 'max_tokens']: 1,
      };
      try {
        await this.post(ep, '/chat/completions', body, signal);
      } catch (e) {
        if (this.learnFrom400(e)) {
          await this.post(
            ep,
            '/chat/completions',
            { ...body, max_completion_tokens: 1, max_tokens: undefined },
            signal,
          );
          continue;
        }
        if (e instanceof ProviderError && e.code === 'model_not_found' && listed?.length)
          throw providerError(
            this.errorContext(ep),
            'model_not_found',
            `the server does not serve this model; it lists ${listed.slice(0, 8).join(', ')}${listed.length > 8 ? ', ...' : ''}`,
          );
        throw e;
      }
    }
  }

  /** Learns the model's characters per token from a call's prompt and the server's prompt_tokens (the smallest ratio seen). */
  observePrompt(messages: ChatMessage[], promptTokens: number): void {
    // the contents only: the template's own tokens make the ratio lower, never higher, than the true one
    const chars = messages.reduce((n, m) => n + m.content.length, 0);
    const ratio = learnCharsPerToken(this.charsPerToken ?? DEFAULT_CHARS_PER_TOKEN, chars, promptTokens);
    if (promptTokens > 0) this.charsPerToken = ratio;
  }

  /**
   * Learns the model's characters per token in what it writes (answers of at least 16 tokens; the smallest
   * ratio seen). A model can write fewer characters per token than its prompts hold (other scripts than the
   * prompt's, emoji, byte tokens), and a structured answer sized by the prompt's ratio is then cut off.
   */
  observeCompletion(text: string, completionTokens: number | undefined): void {
    this.outputCharsPerToken = learnOutputCharsPerToken(this.outputCharsPerToken, text, completionTokens);
  }

  /** max_tokens for a structured answer: never less than the schema's worst case at the measured (else 1) characters per token, prompts' or answers' whichever is smaller. */
  structuredLimit(schema: JsonSchema, asked: number | undefined): number | undefined {
    const measured =
      this.charsPerToken === undefined
        ? undefined
        : Math.min(this.charsPerToken, this.outputCharsPerToken ?? this.charsPerToken);
    return structuredTokenLimit(schema, asked, measured ?? UNMEASURED_CHARS_PER_TOKEN);
  }

  async identity(): Promise<ModelIdentity> {
    return { provider: 'openai', name: this.spec.model, endpoints: this.endpoints, params: { ...this.spec.params } };
  }

  async openSession(): Promise<ModelSession> {
    if (this.closed)
      throw providerError({ provider: 'openai', model: this.spec.model }, 'invalid_spec', 'the model was closed');
    return new OpenAiSession(this, this.pool.assign());
  }

  releaseEndpoint(ep: string): void {
    this.pool.release(ep);
  }

  stats(): EndpointStats[] {
    return this.pool.stats();
  }

  endpointStats(): EndpointStats[] {
    return this.pool.stats();
  }

  async close(): Promise<void> {
    this.closed = true;
    this.pool.close();
  }
}
