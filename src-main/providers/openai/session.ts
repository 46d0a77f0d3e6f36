/** One conversation on one OpenAI-compatible endpoint. */
import type {
  CallUsage,
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ModelSession,
  StructuredRequest,
  StructuredResponse,
} from '../types.js';
import { ProviderError } from '../types.js';
import { providerError } from '../shared/errors.js';
import type { JsonSchema } from '../shared/json-schema.js';
import { schemaInstruction, structuredWithRepair } from '../shared/structured.js';
import { schemaName, toOpenAiMessages, toOpenAiTools, toStrictSchema } from './messages.js';
import type { OpenAiSessionOwner } from './session-owner.js';
import { parseToolArguments, readChatStream, type OpenAiUsage } from './sse.js';
import { withFirstToken } from '../shared/first-token.js';
import { rawBodyLimit, readBoundedText, replyBound, ReplyCounter, replyTooLargeText } from '../shared/reply-bounds.js';

export function usageFromOpenAi(u: OpenAiUsage | undefined, wallMs: number, endpoint: string): CallUsage {
  return {
    prompt_tokens: u?.prompt_tokens ?? 0,
    cached_prompt_tokens: u?.prompt_tokens_details?.cached_tokens ?? 0,
    completion_tokens: u?.completion_tokens ?? 0,
    wall_ms: wallMs,
    endpoint,
  };
}

const RESPONSE_FORMAT_REJECTED = /response_format|json_schema|structured output|json mode|json_object/i;

export class OpenAiSession implements ModelSession {
  private disposed = false;
  /** The endpoint of the conversation's last call (preferred for the next one: a warm prompt cache). */
  endpoint: string;

  constructor(
    private readonly owner: OpenAiSessionOwner,
    private readonly firstEndpoint: string,
  ) {
    this.endpoint = firstEndpoint;
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    let emitted = false;
    return this.send(
      req.signal,
      async (ep) => {
        const t0 = performance.now();
        const body = {
          ...this.baseBody(req.messages, req.maxTokens ?? this.owner.spec.params.max_tokens, req.temperature, req.seed),
          tools: toOpenAiTools(req.tools),
        };
        const r = await this.stream(ep, body, req.signal, req.purpose, (chunk) => {
          emitted = true;
          req.onToken?.(chunk);
        });
        // without usage (server ignores stream_options) the delta count stands in for completion tokens
        const usage = r.usage ?? { completion_tokens: r.deltas };
        if (r.usage?.prompt_tokens) this.owner.observePrompt(req.messages, r.usage.prompt_tokens);
        this.owner.observeCompletion(r.text, r.usage?.completion_tokens);
        return {
          text: r.text,
          toolCalls: r.toolCalls,
          usage: withFirstToken(usageFromOpenAi(usage, performance.now() - t0, ep), t0, r.firstOutputAt),
        };
      },
      () => !emitted,
    );
  }

  async structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>> {
    let fellBack = false;
    let attempts = 0;
    const result = await structuredWithRepair<T>(
      req,
      async (messages) => {
        // only the first answer streams (a repair would be shown twice)
        const onToken = attempts++ === 0 ? req.onToken : undefined;
        for (;;) {
          const mode = this.owner.compat.noJsonSchema
            ? this.owner.compat.noJsonObject
              ? 'none'
              : 'json_object'
            : 'json_schema';
          try {
            return await this.structuredOnce(messages, req, mode, onToken);
          } catch (err) {
            if (
              err instanceof ProviderError &&
              err.status === 400 &&
              mode !== 'none' &&
              RESPONSE_FORMAT_REJECTED.test(err.message)
            ) {
              if (mode === 'json_schema') this.owner.compat.noJsonSchema = true;
              else this.owner.compat.noJsonObject = true;
              fellBack = true;
              continue;
            }
            throw err;
          }
        }
      },
      (error) =>
        providerError(this.owner.errorContext(this.endpoint), 'bad_output', `structured output failed: ${error}`),
    );
    if (fellBack || this.owner.compat.noJsonSchema) result.parsedFirstTry = result.parsedFirstTry && !fellBack;
    return result;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.owner.releaseEndpoint(this.firstEndpoint);
  }

  private async structuredOnce(
    messages: ChatMessage[],
    req: StructuredRequest,
    mode: 'json_schema' | 'json_object' | 'none',
    onToken?: (chunk: string) => void,
  ): Promise<{ raw: string; usage: CallUsage }> {
    const schema = req.schema as JsonSchema;
    const msgs =
      mode === 'json_schema'
        ? messages
        : [{ role: 'system' as const, content: schemaInstruction(schema) }, ...messages];
    const response_format =
      mode === 'json_schema'
        ? {
            type: 'json_schema',
            json_schema: { name: schemaName(req.schemaName), schema: toStrictSchema(schema), strict: true },
          }
        : mode === 'json_object'
          ? { type: 'json_object' }
          : undefined;
    let emitted = false;
    return this.send(
      req.signal,
      async (ep) => {
        const t0 = performance.now();
        // issue 14: never ask for fewer tokens than the schema's own bounds may need
        const maxTokens = this.owner.structuredLimit(schema, req.maxTokens ?? this.owner.spec.params.max_tokens);
        const body = {
          // a structured answer is greedy unless the call or the model's own parameters ask for sampling (judge seeds)
          ...this.baseBody(msgs, maxTokens, req.temperature ?? this.owner.spec.params.temperature ?? 0, req.seed),
          ...(response_format ? { response_format } : {}),
        };
        if (onToken) {
          const r = await this.stream(ep, body, req.signal, req.purpose, (chunk) => {
            emitted = true;
            onToken(chunk);
          });
          const args = r.toolCalls[0]?.arguments;
          if (r.usage?.prompt_tokens) this.owner.observePrompt(msgs, r.usage.prompt_tokens);
          this.owner.observeCompletion(r.text, r.usage?.completion_tokens);
          return {
            raw: r.text || (args ? JSON.stringify(args) : ''),
            usage: withFirstToken(
              usageFromOpenAi(r.usage ?? { completion_tokens: r.deltas }, performance.now() - t0, ep),
              t0,
              r.firstOutputAt,
            ),
          };
        }
        const res = await this.owner.post(ep, '/chat/completions', body, req.signal);
        const bound = replyBound(req.purpose);
        const text = await readBoundedText(res.body, rawBodyLimit(bound, false), () =>
          providerError(this.owner.errorContext(ep), 'bad_output', replyTooLargeText(bound)),
        );
        const j = JSON.parse(text) as {
          choices?: Array<{
            message?: { content?: string | null; tool_calls?: Array<{ function?: { arguments?: string } }> };
          }>;
          usage?: OpenAiUsage;
        };
        if (j.usage?.prompt_tokens) this.owner.observePrompt(msgs, j.usage.prompt_tokens);
        const msg = j.choices?.[0]?.message;
        // some servers answer a schema request with a tool call; take its arguments
        const raw =
          msg?.content ??
          (msg?.tool_calls?.[0]?.function?.arguments
            ? JSON.stringify(parseToolArguments(msg.tool_calls[0].function.arguments))
            : '');
        this.owner.observeCompletion(raw, j.usage?.completion_tokens);
        return { raw, usage: usageFromOpenAi(j.usage, performance.now() - t0, ep) };
      },
      () => !emitted,
    );
  }

  /** Posts `body` as a streamed completion (SSE; usage asked for unless the server refuses it) and reads it, chunks to `onChunk`. */
  private async stream(
    ep: string,
    body: Record<string, unknown>,
    signal: AbortSignal | undefined,
    purpose: string | undefined,
    onChunk: (chunk: string) => void,
  ): Promise<Awaited<ReturnType<typeof readChatStream>>> {
    const c = this.owner.compat;
    const res = await this.owner.post(
      ep,
      '/chat/completions',
      { ...body, stream: true, ...(c.noStreamOptions ? {} : { stream_options: { include_usage: true } }) },
      signal,
    );
    const bound = replyBound(purpose);
    const onOver = () => providerError(this.owner.errorContext(ep), 'bad_output', replyTooLargeText(bound));
    let r;
    try {
      r = await readChatStream(res.body, onChunk, { counter: new ReplyCounter(bound), onOver });
    } catch (err) {
      if (err instanceof ProviderError) throw err;
      throw providerError(this.owner.errorContext(ep), 'server_error', `the stream broke: ${(err as Error).message}`);
    }
    if (r.error)
      throw providerError(
        this.owner.errorContext(ep),
        /context|too long|maximum/i.test(r.error) ? 'context_overflow' : 'server_error',
        r.error,
      );
    return r;
  }

  private baseBody(
    messages: ChatMessage[],
    maxTokens: number | undefined,
    temperature: number | undefined,
    seed?: number,
  ): Record<string, unknown> {
    const c = this.owner.compat;
    const p = this.owner.spec.params;
    const body: Record<string, unknown> = { model: this.owner.spec.model, messages: toOpenAiMessages(messages) };
    if (maxTokens !== undefined) body[c.maxCompletionTokens ? 'max_completion_tokens' : 'max_tokens'] = maxTokens;
    const t = temperature ?? p.temperature;
    if (t !== undefined && !c.noTemperature) body.temperature = t;
    if (p.top_p !== undefined) body.top_p = p.top_p;
    const s = seed ?? p.seed;
    if (s !== undefined && !c.noSeed) body.seed = s;
    return body;
  }

  /**
   * Runs one request on the least loaded endpoint that may take it (see EndpointPool) with retries,
   * and adapts once per refused optional parameter (400 naming it).
   */
  private async send<R extends { usage: CallUsage }>(
    signal: AbortSignal | undefined,
    fn: (endpoint: string) => Promise<R>,
    canRetry: () => boolean = () => true,
  ): Promise<R> {
    if (this.disposed)
      throw providerError(this.owner.errorContext(this.endpoint), 'invalid_spec', 'the session was disposed');
    for (let adapt = 0; ; adapt++) {
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
        if (adapt < 4 && canRetry() && this.owner.learnFrom400(err)) continue;
        if (err instanceof ProviderError) throw err;
        if (signal?.aborted)
          throw providerError(this.owner.errorContext(this.endpoint), 'cancelled', 'the call was cancelled');
        throw providerError(
          this.owner.errorContext(this.endpoint),
          'server_error',
          (err as Error)?.message ?? String(err),
        );
      }
    }
  }
}
