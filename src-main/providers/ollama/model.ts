/** An Ollama model on one or more endpoints; sessions are spread over them. */
import type { ModelIdentity, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { ChatModel, ModelSession } from '../types.js';
import { EndpointPool, type EndpointStats } from '../shared/endpoint-pool.js';
import { endpointConfigs } from '../shared/endpoint-config.js';
import { fetchOk } from '../shared/http.js';
import { isRetryable, providerError } from '../shared/errors.js';
import type { RetryOptions } from '../shared/retry.js';
import { defaultOllamaEndpoints, normalizeEndpoint } from './client.js';
import { ollamaModelFacts, type OllamaModelFacts } from './info.js';
import type { ChatMessage, ToolSpec } from '../types.js';
import {
  chooseNumCtx,
  DEFAULT_CHARS_PER_TOKEN,
  estimateTokens,
  learnCharsPerToken,
  learnOutputCharsPerToken,
  promptChars,
} from './num-ctx.js';
import { OllamaSession } from './session.js';
import type { OllamaSessionOwner } from './session-owner.js';

export interface OllamaModelOptions {
  /** Concurrent calls per endpoint when the spec does not say (default 4). */
  concurrency?: number;
  retry?: RetryOptions;
  /** Check that every endpoint has the model when loading (default true). */
  verify?: boolean;
  fetch?: typeof fetch;
  signal?: AbortSignal;
  /** Length of the rpm/tpm window (60 s; shorter only in tests). */
  rateWindowMs?: number;
}

export class OllamaChatModel implements ChatModel, OllamaSessionOwner {
  readonly maxParallel: number;
  readonly pool: EndpointPool;
  readonly keepAlive: string;
  readonly retry: RetryOptions;
  readonly fetchImpl?: typeof fetch;
  private readonly numCtxByEndpoint = new Map<string, number>();
  /** Learned from the answers (see learnCharsPerToken); one vocabulary per model. */
  private charsPerToken = DEFAULT_CHARS_PER_TOKEN;
  private closed = false;

  private constructor(
    readonly spec: ModelSpec,
    readonly endpoints: string[],
    private readonly facts: Map<string, OllamaModelFacts>,
    opts: OllamaModelOptions,
  ) {
    const concurrency = spec.concurrency ?? opts.concurrency ?? 4;
    const context = { provider: 'ollama' as const, model: spec.model };
    this.retry = opts.retry ?? {};
    this.fetchImpl = opts.fetch;
    this.pool = new EndpointPool(endpointConfigs(spec, endpoints, normalizeEndpoint, context), {
      concurrency,
      context,
      retry: { ...this.retry, shouldRetry: undefined },
      windowMs: opts.rateWindowMs,
      probe: async (ep, signal) => {
        await fetchOk({ ...context, where: ep }, `${ep}/api/version`, {
          signal,
          timeoutMs: 10_000,
          fetch: this.fetchImpl,
        });
      },
    });
    this.maxParallel = this.pool.capacity;
    this.keepAlive = spec.params.keep_alive ?? '30m';
  }

  static async load(spec: ModelSpec, opts: OllamaModelOptions = {}): Promise<OllamaChatModel> {
    const endpoints = (spec.endpoints?.length ? spec.endpoints : defaultOllamaEndpoints()).map(normalizeEndpoint);
    endpointConfigs(spec, endpoints, normalizeEndpoint, { provider: 'ollama', model: spec.model });
    const facts = new Map<string, OllamaModelFacts>();
    if (opts.verify !== false) {
      const all = await Promise.all(
        endpoints.map((ep) => ollamaModelFacts(ep, spec.model, { signal: opts.signal, fetch: opts.fetch })),
      );
      all.forEach((f, i) => facts.set(endpoints[i], f));
    }
    return new OllamaChatModel(spec, endpoints, facts, opts);
  }

  isRetryable(e: unknown): boolean {
    return isRetryable(e);
  }

  async identity(): Promise<ModelIdentity> {
    const ep = this.endpoints[0];
    const f = this.facts.get(ep) ?? (await ollamaModelFacts(ep, this.spec.model, { fetch: this.fetchImpl }));
    this.facts.set(ep, f);
    return {
      provider: 'ollama',
      name: this.spec.model,
      digest: f.digest ? (f.digest.startsWith('sha256:') ? f.digest : `sha256:${f.digest}`) : undefined,
      quantization: f.quantization,
      architecture: f.architecture,
      parameter_count: f.parameter_count,
      context_length: f.context_length,
      size_bytes: f.size_bytes,
      endpoints: this.endpoints,
      params: { ...this.spec.params, keep_alive: this.keepAlive },
    };
  }

  async openSession(): Promise<ModelSession> {
    if (this.closed)
      throw providerError({ provider: 'ollama', model: this.spec.model }, 'invalid_spec', 'the model was closed');
    return new OllamaSession(this, this.pool.assign());
  }

  releaseEndpoint(ep: string): void {
    this.pool.release(ep);
  }

  /** num_ctx for a call: grows (in powers of two) but never shrinks per endpoint, to avoid reloads. */
  async numCtxFor(promptTokens: number, maxTokens: number, endpoint: string): Promise<number> {
    const f = this.facts.get(endpoint);
    const modelMax = f?.context_length;
    if (modelMax && promptTokens + maxTokens > modelMax) {
      throw providerError(
        { provider: 'ollama', model: this.spec.model, where: endpoint },
        'context_overflow',
        `the conversation is about ${promptTokens} tokens + ${maxTokens} for the reply, more than the model's context of ${modelMax}`,
      );
    }
    const n = chooseNumCtx(promptTokens, maxTokens, {
      base: this.spec.params.context_size,
      previous: this.numCtxByEndpoint.get(endpoint),
      modelMax,
    });
    this.numCtxByEndpoint.set(endpoint, n);
    return n;
  }

  private measured = false;

  /** Characters per token of the model's answers (see learnOutputCharsPerToken). */
  private outputCharsPerToken: number | undefined;

  /** The learned characters per token, prompts' or answers' whichever is smaller; undefined until a call reported its prompt count. */
  get measuredCharsPerToken(): number | undefined {
    return this.measured ? Math.min(this.charsPerToken, this.outputCharsPerToken ?? this.charsPerToken) : undefined;
  }

  /** Learns from an answer: its characters and the tokens Ollama says it generated. */
  observeCompletion(text: string, completionTokens: number | undefined): void {
    this.outputCharsPerToken = learnOutputCharsPerToken(this.outputCharsPerToken, text, completionTokens);
  }

  /** Estimated prompt tokens, with the characters-per-token ratio learned from this model's answers. */
  estimatePrompt(messages: ChatMessage[], tools?: ToolSpec[], extra = ''): number {
    return estimateTokens(messages, tools, extra, this.charsPerToken);
  }

  /** Learns from a finished call: the prompt's characters and the tokens Ollama says it evaluated. */
  observePrompt(messages: ChatMessage[], tools: ToolSpec[] | undefined, extra: string, evaluatedTokens: number): void {
    if (evaluatedTokens > 0) this.measured = true;
    this.charsPerToken = learnCharsPerToken(this.charsPerToken, promptChars(messages, tools, extra), evaluatedTokens);
  }

  /**
   * After the server refused a prompt for length at `numCtx`: the next num_ctx for the endpoint
   * (doubled, at most the model's context), or undefined when it cannot grow.
   */
  growNumCtx(endpoint: string, numCtx: number): number | undefined {
    const modelMax = this.facts.get(endpoint)?.context_length;
    const next = modelMax ? Math.min(modelMax, numCtx * 2) : numCtx * 2;
    if (next <= numCtx) return undefined;
    this.numCtxByEndpoint.set(endpoint, Math.max(next, this.numCtxByEndpoint.get(endpoint) ?? 0));
    return next;
  }

  /** Per-endpoint throughput. */
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
