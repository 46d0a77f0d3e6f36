/** One conversation on one Ollama endpoint (chosen when the session opens). */
import type { ChatResponse as OllamaChatResponse, Message } from 'ollama';
import {
  ProviderError,
  type CallUsage,
  type ChatRequest,
  type ChatResponse,
  type ModelSession,
  type StructuredRequest,
  type StructuredResponse,
  type ToolCallRequest,
} from '../types.js';
import { providerError, type ErrorContext } from '../shared/errors.js';
import { parseRetryAfter } from '../shared/retry.js';
import { structuredWithRepair } from '../shared/structured.js';
import { structuredTokenLimit, UNMEASURED_CHARS_PER_TOKEN } from '../shared/structured-budget.js';
import { mapOllamaError, ollamaClient } from './client.js';
import { toOllamaMessages, toOllamaTools } from './messages.js';
import type { OllamaSessionOwner } from './session-owner.js';
import { withFirstToken } from '../shared/first-token.js';
import { rawBodyLimit, replyBound, ReplyCounter, replyTooLargeText, type ReplyBound } from '../shared/reply-bounds.js';

let callIds = 0;
const ns = (v: number | undefined) => (typeof v === 'number' ? v / 1e6 : undefined);

export function usageFromOllama(
  final: Partial<OllamaChatResponse> | undefined,
  wallMs: number,
  endpoint: string,
): CallUsage {
  return {
    prompt_tokens: final?.prompt_eval_count ?? 0,
    // Ollama reports only the prompt tokens it evaluated; cache hits are not reported separately.
    cached_prompt_tokens: 0,
    completion_tokens: final?.eval_count ?? 0,
    wall_ms: wallMs,
    prompt_eval_ms: ns(final?.prompt_eval_duration),
    eval_ms: ns(final?.eval_duration),
    load_ms: ns(final?.load_duration),
    endpoint,
  };
}

export class OllamaSession implements ModelSession {
  private disposed = false;
  /** The endpoint of the conversation's last call (preferred for the next one: a warm prompt cache). */
  endpoint: string;

  constructor(
    private readonly owner: OllamaSessionOwner,
    private readonly firstEndpoint: string,
  ) {
    this.endpoint = firstEndpoint;
  }

  private ctx(endpoint = this.endpoint): ErrorContext {
    return { provider: 'ollama', model: this.owner.spec.model, where: endpoint };
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const maxTokens = req.maxTokens ?? this.owner.spec.params.max_tokens ?? 512;
    // once text has been streamed to the caller, a retry would repeat it
    const streamed = { emitted: false };
    const r = await this.run(
      req.signal,
      (ep) =>
        this.fitting(
          ep,
          maxTokens,
          () => this.owner.estimatePrompt(req.messages, req.tools),
          (numCtx) => this.chatOnce(ep, req, maxTokens, numCtx, streamed),
        ),
      () => !streamed.emitted,
    );
    this.owner.observePrompt(req.messages, req.tools, '', r.usage.prompt_tokens);
    this.owner.observeCompletion(r.text, r.usage.completion_tokens);
    return r;
  }

  private async chatOnce(
    ep: string,
    req: ChatRequest,
    maxTokens: number,
    numCtx: number,
    streamed: { emitted: boolean },
  ): Promise<ChatResponse> {
    const body = {
      model: this.owner.spec.model,
      messages: toOllamaMessages(req.messages),
      tools: toOllamaTools(req.tools),
      keep_alive: this.owner.keepAlive,
      options: this.options(numCtx, maxTokens, req.temperature, req.seed),
    };
    const t0 = performance.now();
    const bound = replyBound(req.purpose);
    const counter = new ReplyCounter(bound);
    const { client, retryAfter } = this.client(ep, req.signal, { bound, streamed: true });
    let text = '';
    const toolCalls: ToolCallRequest[] = [];
    let final: OllamaChatResponse | undefined;
    let tFirst: number | undefined;
    try {
      const stream = await client.chat({ ...body, stream: true });
      for await (const part of stream) {
        const chunk = part.message?.content ?? '';
        if (chunk || part.message?.tool_calls?.length) tFirst ??= performance.now();
        if (
          !counter.add(chunk) ||
          !counter.add(part.message?.tool_calls ? JSON.stringify(part.message.tool_calls) : '')
        )
          throw this.tooLarge(ep, bound);
        if (chunk) {
          text += chunk;
          streamed.emitted = true;
          req.onToken?.(chunk);
        }
        for (const c of part.message?.tool_calls ?? []) {
          toolCalls.push({
            id: `call_${++callIds}`,
            name: c.function.name,
            arguments: (c.function.arguments ?? {}) as Record<string, unknown>,
          });
        }
        if (part.done) final = part;
      }
    } catch (err) {
      throw this.mapError(ep, err, req.signal, retryAfter());
    }
    return {
      text,
      toolCalls,
      usage: withFirstToken(usageFromOllama(final, performance.now() - t0, ep), t0, tFirst),
    };
  }

  async structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>> {
    // issue 14: never ask for fewer tokens than the schema's own bounds may need
    const maxTokens =
      structuredTokenLimit(
        req.schema,
        req.maxTokens ?? this.owner.spec.params.max_tokens ?? 512,
        this.owner.measuredCharsPerToken ?? UNMEASURED_CHARS_PER_TOKEN,
      ) ?? 512;
    const schemaText = JSON.stringify(req.schema);
    let attempts = 0;
    return structuredWithRepair<T>(
      req,
      async (messages) => {
        // only the first answer streams (a repair would be shown twice); once text is out, no retry
        const onToken = attempts++ === 0 ? req.onToken : undefined;
        let emitted = false;
        const r = await this.run(
          req.signal,
          (ep) =>
            this.fitting(
              ep,
              maxTokens,
              () => this.owner.estimatePrompt(messages, undefined, schemaText),
              async (numCtx) => {
                const t0 = performance.now();
                const bound = replyBound(req.purpose);
                const { client, retryAfter } = this.client(ep, req.signal, { bound, streamed: !!onToken });
                const counter = new ReplyCounter(bound);
                const body = {
                  model: this.owner.spec.model,
                  messages: toOllamaMessages(messages) as Message[],
                  format: req.schema,
                  keep_alive: this.owner.keepAlive,
                  options: this.options(
                    numCtx,
                    maxTokens,
                    req.temperature ?? this.owner.spec.params.temperature ?? 0,
                    req.seed,
                  ),
                };
                try {
                  if (!onToken) {
                    const res = await client.chat({ ...body, stream: false });
                    if (!counter.add(res.message?.content ?? '')) throw this.tooLarge(ep, bound);
                    return { raw: res.message?.content ?? '', usage: usageFromOllama(res, performance.now() - t0, ep) };
                  }
                  let raw = '';
                  let final: OllamaChatResponse | undefined;
                  let tFirst: number | undefined;
                  for await (const part of await client.chat({ ...body, stream: true })) {
                    const chunk = part.message?.content ?? '';
                    if (!counter.add(chunk)) throw this.tooLarge(ep, bound);
                    if (chunk) {
                      tFirst ??= performance.now();
                      raw += chunk;
                      emitted = true;
                      onToken(chunk);
                    }
                    if (part.done) final = part;
                  }
                  return { raw, usage: withFirstToken(usageFromOllama(final, performance.now() - t0, ep), t0, tFirst) };
                } catch (err) {
                  throw this.mapError(ep, err, req.signal, retryAfter());
                }
              },
            ),
          () => !emitted,
        );
        this.owner.observePrompt(messages, undefined, schemaText, r.usage.prompt_tokens);
        this.owner.observeCompletion(r.raw, r.usage.completion_tokens);
        return r;
      },
      (error) => providerError(this.ctx(), 'bad_output', `structured output failed: ${error}`),
    );
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.owner.releaseEndpoint(this.firstEndpoint);
  }

  /** A client for one call, remembering the Retry-After of a refused response (the package drops headers). */
  private client(
    ep: string,
    signal?: AbortSignal,
    reply?: { bound: ReplyBound; streamed: boolean },
  ): { client: ReturnType<typeof ollamaClient>; retryAfter: () => number | undefined } {
    let retryAfter: number | undefined;
    const client = ollamaClient(ep, {
      signal,
      fetch: this.owner.fetchImpl,
      bodyLimit: reply && {
        maxBytes: rawBodyLimit(reply.bound, reply.streamed),
        onOver: () => this.tooLarge(ep, reply.bound),
      },
      onResponse: (res) => {
        if (!res.ok) retryAfter = parseRetryAfter(res.headers.get('retry-after'));
      },
    });
    return { client, retryAfter: () => retryAfter };
  }

  /** The error of a reply stopped at its bound. */
  private tooLarge(ep: string, bound: ReplyBound): ProviderError {
    return providerError(this.ctx(ep), 'bad_output', replyTooLargeText(bound));
  }

  private mapError(ep: string, err: unknown, signal: AbortSignal | undefined, retryAfter: number | undefined) {
    const e = mapOllamaError(this.ctx(ep), err, signal);
    if (retryAfter !== undefined && e.retryAfterMs === undefined) e.retryAfterMs = retryAfter;
    return e;
  }

  /**
   * Runs a call with a num_ctx large enough for the prompt estimate; when the server still says the
   * prompt does not fit (the estimate was low: a vocabulary with fewer characters per token), the
   * endpoint's num_ctx is doubled - up to the model's context - and the call is made once more.
   */
  private async fitting<R>(
    ep: string,
    maxTokens: number,
    estimate: () => number,
    call: (numCtx: number) => Promise<R>,
  ): Promise<R> {
    const numCtx = await this.owner.numCtxFor(estimate(), maxTokens, ep);
    try {
      return await call(numCtx);
    } catch (err) {
      if (
        !(err instanceof ProviderError) ||
        err.code !== 'context_overflow' ||
        this.owner.growNumCtx(ep, numCtx) === undefined
      )
        throw err;
      return call(await this.owner.numCtxFor(estimate(), maxTokens, ep));
    }
  }

  private options(numCtx: number, maxTokens: number, temperature?: number, seed?: number): Record<string, number> {
    const p = this.owner.spec.params;
    const o: Record<string, number> = { num_ctx: numCtx, num_predict: maxTokens };
    const t = temperature ?? p.temperature;
    if (t !== undefined) o.temperature = t;
    if (p.top_p !== undefined) o.top_p = p.top_p;
    const s = seed ?? p.seed;
    if (s !== undefined) o.seed = s;
    if (p.threads !== undefined) o.num_thread = p.threads;
    if (typeof p.gpu_layers === 'number') o.num_gpu = p.gpu_layers;
    return o;
  }

  /** Runs one call on the least loaded endpoint that may take it (see EndpointPool), with retries. */
  private async run<R extends { usage: CallUsage }>(
    signal: AbortSignal | undefined,
    fn: (ep: string) => Promise<R>,
    canRetry: () => boolean,
  ): Promise<R> {
    if (this.disposed) throw providerError(this.ctx(), 'invalid_spec', 'the session was disposed');
    try {
      return await this.owner.pool.call(
        async (ep) => {
          const r = await fn(ep);
          this.endpoint = ep;
          return r;
        },
        { prefer: this.endpoint, signal, canRetry },
      );
    } catch (err) {
      throw mapOllamaError(this.ctx(), err, signal);
    }
  }
}
