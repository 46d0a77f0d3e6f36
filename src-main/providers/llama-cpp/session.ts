/**
 * A llama-cpp session: one conversation state on one context sequence. Every call passes the full
 * message list; LlamaChat compares it with the tokens already in the sequence and evaluates only
 * the new suffix. Usage is measured from the sequence's token meter and state:
 *   evaluated = input tokens the meter counted during the call,
 *   prompt_tokens = sequence length after the call - generated tokens,
 *   cached_prompt_tokens = prompt_tokens - evaluated.
 */
import type { ChatHistoryItem, ChatModelFunctions, LlamaChatResponse, LlamaContextSequence } from 'node-llama-cpp';
import type {
  CallUsage,
  ChatRequest,
  ChatResponse,
  ModelSession,
  StructuredRequest,
  StructuredResponse,
  ToolCallRequest,
} from '../types.js';
import { ProviderError } from '../types.js';
import { providerError, type ErrorContext } from '../shared/errors.js';
import { parseStructured } from '../shared/structured.js';
import { schemaTokenBound } from '../shared/json-schema.js';
import { shrinkSchemaToFit } from '../shared/structured-budget.js';
import { addUsage } from '../shared/structured.js';
import { asciiBytesOnlyBias, grammarFor } from './grammar.js';
import { toLlamaFunctions, toLlamaHistory } from './history.js';
import type { LlamaCppChatModel } from './model.js';
import type { Slot } from './slot-pool.js';

let callIds = 0;

interface GenOptions {
  history: ChatHistoryItem[];
  maxTokens: number;
  temperature?: number;
  seed?: number;
  signal?: AbortSignal;
  onText?: (t: string) => void;
  functions?: ReturnType<typeof toLlamaFunctions>;
  structured?: { schema: Record<string, unknown> };
}

export class LlamaCppSession implements ModelSession {
  private disposed = false;

  constructor(
    private readonly owner: LlamaCppChatModel,
    readonly label?: string,
  ) {}

  private get ctx(): ErrorContext {
    return { provider: 'llama-cpp', model: this.owner.spec.model, where: this.owner.path };
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const functions = toLlamaFunctions(req.tools);
    const { res, usage } = await this.generate({
      history: toLlamaHistory(req.messages),
      maxTokens: req.maxTokens ?? this.owner.spec.params.max_tokens ?? 512,
      temperature: req.temperature,
      seed: req.seed,
      signal: req.signal,
      onText: req.onToken,
      functions,
    });
    const toolCalls: ToolCallRequest[] = (res.functionCalls ?? []).map((fc) => ({
      id: `call_${++callIds}`,
      name: fc.functionName,
      arguments: (fc.params ?? {}) as Record<string, unknown>,
    }));
    return { text: res.response, toolCalls, usage };
  }

  async structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>> {
    const history = toLlamaHistory(req.messages);
    let schema = req.schema;
    let bound = schemaTokenBound(schema);
    const asked = req.maxTokens ?? this.owner.spec.params.max_tokens ?? 256;
    // issue 14: never ask for more room than is left - shrink the schema's string bounds to fit instead
    const left = Number.isFinite(bound) ? this.roomLeft(history, bound) : undefined;
    if (left !== undefined && bound > left && left >= 32) {
      schema = shrinkSchemaToFit(schema, left, (s) => schemaTokenBound(s));
      bound = schemaTokenBound(schema);
    }
    const cap = Math.max(64, left ?? Math.floor(this.owner.contextSize / 2));
    // the grammar can only finish if it may produce the schema's worst case
    let maxTokens = Math.min(cap, Number.isFinite(bound) ? Math.max(asked, bound) : Math.max(asked, 256));
    let usage: CallUsage | undefined;
    let lastError = '';
    let raw = '';
    let cutShort = false;
    for (let attempt = 1; attempt <= 2; attempt++) {
      const r = await this.generate({
        history,
        maxTokens,
        temperature: req.temperature,
        seed: req.seed,
        signal: req.signal,
        structured: { schema },
        onText: attempt === 1 ? req.onToken : undefined,
      });
      usage = usage ? addUsage(usage, r.usage) : r.usage;
      raw = r.res.response;
      const parsed = parseStructured(raw, schema);
      if (parsed.ok)
        return { value: parsed.value as T, raw, parsedFirstTry: attempt === 1 && parsed.fixes.length === 0, usage };
      lastError = parsed.error;
      cutShort = r.res.metadata.stopReason === 'maxTokens' && Number.isFinite(bound) && r.room < bound;
      // retry once: more room if the output was cut, else a fresh sample
      if (r.res.metadata.stopReason === 'maxTokens') maxTokens = Math.min(this.owner.contextSize - 16, maxTokens * 2);
    }
    // Cut off because the context had no room for the schema's answer: say so, so callers can fall back (e.g. one metric per call).
    if (cutShort)
      throw Object.assign(
        providerError(
          this.ctx,
          'context_overflow',
          `the structured answer was cut off: the context had room for fewer tokens than the schema may need (${bound}); raise params.context_size or use a smaller schema`,
        ),
        { usage },
      );
    throw Object.assign(providerError(this.ctx, 'bad_output', `structured output failed twice: ${lastError}`), {
      usage,
    });
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.owner.releaseSession(this);
  }

  private async generate(
    o: GenOptions,
  ): Promise<{ res: LlamaChatResponse<ChatModelFunctions>; usage: CallUsage; room: number }> {
    if (this.disposed) throw providerError(this.ctx, 'invalid_spec', 'the session was disposed');
    const t0 = performance.now();
    let slot: Slot;
    try {
      slot = await this.owner.pool.acquire(this, o.signal);
    } catch (err) {
      throw this.mapError(err, o.signal);
    }
    try {
      const seq = slot.sequence;
      const maxTokens = this.roomForReply(o, seq);
      const before = seq.tokenMeter.getState();
      const tStart = performance.now();
      let tFirst: number | undefined;
      const p = this.owner.spec.params;
      const common = {
        maxTokens,
        temperature: o.temperature ?? p.temperature ?? 0,
        topP: p.top_p,
        seed: o.seed ?? p.seed,
        signal: o.signal,
        onToken: () => {
          tFirst ??= performance.now();
        },
        onTextChunk: o.onText,
      };
      let res: LlamaChatResponse<ChatModelFunctions>;
      if (o.structured) {
        const grammar = await grammarFor(this.owner.llama, o.structured.schema).catch((e: Error) => {
          throw providerError(
            this.ctx,
            'invalid_spec',
            `the JSON schema cannot be turned into a grammar: ${e.message}`,
          );
        });
        const tokenBias = await asciiBytesOnlyBias(this.owner.model);
        res = (await slot.chat.generateResponse(o.history, {
          ...common,
          grammar,
          tokenBias,
        })) as LlamaChatResponse<ChatModelFunctions>;
      } else if (o.functions) {
        res = await slot.chat.generateResponse(o.history, { ...common, functions: o.functions });
      } else {
        res = (await slot.chat.generateResponse(o.history, common)) as LlamaChatResponse<ChatModelFunctions>;
      }
      const tEnd = performance.now();
      const d = seq.tokenMeter.diff(before);
      const promptTokens = Math.max(d.usedInputTokens, seq.nextTokenIndex - d.usedOutputTokens);
      const usage: CallUsage = {
        prompt_tokens: promptTokens,
        cached_prompt_tokens: Math.max(0, promptTokens - d.usedInputTokens),
        completion_tokens: d.usedOutputTokens,
        wall_ms: tEnd - t0,
        prompt_eval_ms: (tFirst ?? tEnd) - tStart,
        eval_ms: tFirst ? tEnd - tFirst : 0,
        ...(tFirst !== undefined ? { first_token_ms: tFirst - t0 } : {}),
      };
      this.owner.recordCall(usage);
      return { res, usage, room: maxTokens };
    } catch (err) {
      throw this.mapError(err, o.signal);
    } finally {
      this.owner.pool.release(slot);
    }
  }

  /**
   * Tokens left in a sequence after this prompt, or undefined when a cheap upper bound shows that
   * `want` fits anyway (the exact count tokenizes the whole prompt).
   */
  private roomLeft(history: ChatHistoryItem[], want: number): number | undefined {
    const room = this.owner.contextSize;
    let bytes = 256;
    for (const h of history) {
      bytes += 48;
      if (h.type === 'model')
        for (const r of h.response) bytes += Buffer.byteLength(typeof r === 'string' ? r : JSON.stringify(r));
      else bytes += Buffer.byteLength(typeof h.text === 'string' ? h.text : JSON.stringify(h.text));
    }
    if (bytes + want + 2 <= room) return undefined;
    const { contextText } = this.owner.wrapper.generateContextState({
      chatHistory: [...history, { type: 'model', response: [] }],
    });
    return Math.max(0, room - contextText.tokenize(this.owner.model.tokenizer).length - 4);
  }

  /**
   * Refuses a prompt that cannot fit (llama.cpp would otherwise silently drop old messages) and
   * returns the room left for the reply. A cheap upper bound (UTF-8 bytes + template allowance)
   * skips the exact count for the usual conversation that fits easily.
   */
  private roomForReply(o: GenOptions, seq: LlamaContextSequence): number {
    const room = seq.contextSize;
    // every token is at least one byte; special tokens, default system prompts and function docs get an allowance
    let bound = 256 + (o.functions ? 512 + Buffer.byteLength(JSON.stringify(o.functions)) * 2 : 0);
    for (const h of o.history) {
      bound += 48;
      if (h.type === 'model')
        for (const r of h.response) bound += Buffer.byteLength(typeof r === 'string' ? r : JSON.stringify(r));
      else bound += Buffer.byteLength(typeof h.text === 'string' ? h.text : JSON.stringify(h.text));
    }
    if (bound + o.maxTokens + 2 <= room) return o.maxTokens;
    const { contextText } = this.owner.wrapper.generateContextState({
      chatHistory: [...o.history, { type: 'model', response: [] }],
      availableFunctions: o.functions,
    });
    const n = contextText.tokenize(this.owner.model.tokenizer).length;
    if (n + Math.min(o.maxTokens, 64) > room) {
      throw providerError(
        this.ctx,
        'context_overflow',
        `the conversation is ${n} tokens and the context holds ${room} per sequence; raise params.context_size (model trained on ${this.owner.model.trainContextSize}) or shorten the conversation`,
      );
    }
    return Math.max(1, Math.min(o.maxTokens, room - n - 2));
  }

  private mapError(err: unknown, signal?: AbortSignal): ProviderError {
    if (err instanceof ProviderError) return err;
    if (signal?.aborted) return providerError(this.ctx, 'cancelled', 'the call was cancelled');
    const msg = (err as Error)?.message ?? String(err);
    if (/context size is too small|context.*(full|overflow)/i.test(msg))
      return providerError(this.ctx, 'context_overflow', msg);
    return providerError(this.ctx, 'server_error', `llama.cpp call failed: ${msg}`);
  }
}
