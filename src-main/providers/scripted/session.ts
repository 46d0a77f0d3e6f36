import type { ModelSpec } from '../../../src-shared/schemas/index.js';
import {
  ProviderError,
  type CallUsage,
  type ChatMessage,
  type ChatRequest,
  type ChatResponse,
  type ModelSession,
  type StructuredRequest,
  type StructuredResponse,
  type ToolCallRequest,
} from '../types.js';
import { countWords, ruleMatches } from './match.js';
import { defaultForSchema, fillScores, mergeOver } from './schema-default.js';
import type { ParsedScript } from './script.js';
import { withFirstToken } from '../shared/first-token.js';
import { replyBound, ReplyCounter, replyTooLargeText } from '../shared/reply-bounds.js';

const isRecord = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const t = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(t);
      reject(signal!.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

const messageKey = (m: ChatMessage) =>
  JSON.stringify([m.role, m.content, m.tool_calls ?? null, m.tool_call_id ?? null]);

/**
 * One scripted conversation state: list cursors per purpose, rule firing counts, and the previous
 * call's messages (to report the shared prefix as cached prompt tokens, like a KV cache would).
 */
export class ScriptedSession implements ModelSession {
  private cursors = new Map<string, number>();
  private ruleCounts = new Map<number, number>();
  private callsByPurpose = new Map<string, number>();
  private previous: string[] = [];
  private disposed = false;
  private toolCallSeq = 0;

  constructor(
    private readonly script: ParsedScript,
    private readonly spec: ModelSpec,
    private readonly onDispose?: (s: ScriptedSession) => void,
  ) {}

  private fail(message: string, code: ProviderError['code'] = 'server_error'): never {
    throw new ProviderError(
      `scripted model ${this.spec.model}: ${message}`,
      code,
      'scripted',
      this.spec.model,
      this.spec.model,
    );
  }

  /** The scripted entry for this call: a matching rule, else the next list entry, else undefined. */
  private next(purpose: string, messages: ChatMessage[], seed?: number): { entry: unknown; found: boolean } {
    const n = (this.callsByPurpose.get(purpose) ?? 0) + 1;
    this.callsByPurpose.set(purpose, n);
    for (let i = 0; i < this.script.rules.length; i++) {
      const rule = this.script.rules[i];
      const fired = this.ruleCounts.get(i) ?? 0;
      if (rule.times !== undefined && fired >= rule.times) continue;
      if (ruleMatches(rule, purpose, messages, seed ?? this.spec.params.seed)) {
        this.ruleCounts.set(i, fired + 1);
        return { entry: rule.reply, found: true };
      }
    }
    const list = this.script.lists[purpose] ?? [];
    const at = this.cursors.get(purpose) ?? 0;
    if (at < list.length) {
      this.cursors.set(purpose, at + 1);
      return { entry: list[at], found: true };
    }
    return { entry: undefined, found: false };
  }

  private async prelude(req: { signal?: AbortSignal }, entry: unknown): Promise<void> {
    if (this.disposed) this.fail('session used after dispose', 'bad_output');
    if (req.signal?.aborted) this.fail('call cancelled', 'cancelled');
    const delay =
      (isRecord(entry) && typeof entry.$delay_ms === 'number' ? entry.$delay_ms : undefined) ??
      this.script.defaults.delay_ms ??
      0;
    if (delay > 0) {
      try {
        await sleep(delay, req.signal);
      } catch {
        this.fail('call cancelled', 'cancelled');
      }
    }
    if (isRecord(entry) && typeof entry.$error === 'string') {
      const code = typeof entry.$code === 'string' ? (entry.$code as ProviderError['code']) : 'server_error';
      this.fail(entry.$error, code);
    }
  }

  /** A declared context (defaults.context_tokens): the prompt and the reply must fit, like a real model's. */
  private checkContext(messages: ChatMessage[], output: string): void {
    const room = this.script.defaults.context_tokens;
    if (room === undefined) return;
    const prompt = messages.reduce((n, m) => n + countWords(m.content), 0);
    const need = prompt + countWords(output);
    if (need > room)
      this.fail(
        `the conversation is ${prompt} tokens and the reply ${need - prompt}; the context holds ${room}`,
        'context_overflow',
      );
  }

  /** The same bound per purpose as a server's reply (reply-bounds.ts): a scripted reply past it fails the call. */
  private checkBound(purpose: string, reply: string): void {
    const bound = replyBound(purpose);
    if (!new ReplyCounter(bound).add(reply)) this.fail(replyTooLargeText(bound), 'bad_output');
  }

  private usage(messages: ChatMessage[], output: string, started: number): CallUsage {
    const keys = messages.map(messageKey);
    let shared = 0;
    while (shared < keys.length && shared < this.previous.length && keys[shared] === this.previous[shared]) shared++;
    this.previous = keys;
    const words = (ms: ChatMessage[]) =>
      ms.reduce((n, m) => n + countWords(m.content) + (m.tool_calls ? countWords(JSON.stringify(m.tool_calls)) : 0), 0);
    return {
      prompt_tokens: words(messages),
      cached_prompt_tokens: words(messages.slice(0, shared)),
      completion_tokens: countWords(output),
      wall_ms: performance.now() - started,
      endpoint: 'scripted',
    };
  }

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const started = performance.now();
    const purpose = req.purpose ?? 'chat';
    const { entry, found } = this.next(purpose, req.messages, req.seed);
    await this.prelude(req, entry);
    let text: string;
    let toolCalls: ToolCallRequest[] = [];
    if (!found) text = this.script.defaults.chat ?? 'OK.';
    else if (typeof entry === 'string') text = entry;
    else if (isRecord(entry)) {
      text = typeof entry.text === 'string' ? entry.text : '';
      const calls = Array.isArray(entry.tool_calls) ? entry.tool_calls : [];
      const offered = new Set((req.tools ?? []).map((t) => t.name));
      toolCalls = calls.map((c) => {
        const call = isRecord(c) ? c : {};
        const name = String(call.name ?? '');
        if (!offered.has(name))
          this.fail(
            `scripted tool call "${name}" but the request offers ${[...offered].join(', ') || 'no tools'}`,
            'bad_output',
          );
        return { id: `call_${++this.toolCallSeq}`, name, arguments: isRecord(call.arguments) ? call.arguments : {} };
      });
    } else text = JSON.stringify(entry);
    if (req.maxTokens !== undefined)
      text = text
        .split(/(\s+)/)
        .slice(0, req.maxTokens * 2)
        .join('');
    this.checkBound(purpose, text + (toolCalls.length ? JSON.stringify(toolCalls) : ''));
    this.checkContext(req.messages, text);
    // the scripted text is all there after the delay: its first token is measured as it is handed out
    const firstAt = text || toolCalls.length ? performance.now() : undefined;
    if (req.onToken) for (const chunk of text.match(/\S+\s*/g) ?? []) req.onToken(chunk);
    return {
      text,
      toolCalls,
      usage: withFirstToken(
        this.usage(req.messages, text + (toolCalls.length ? JSON.stringify(toolCalls) : ''), started),
        started,
        firstAt,
      ),
    };
  }

  async structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>> {
    const started = performance.now();
    const purpose = req.purpose ?? 'structured';
    const { entry, found } = this.next(purpose, req.messages, req.seed);
    await this.prelude(req, entry);
    const value = this.structuredValue(purpose, req.schema, entry, found);
    const raw = JSON.stringify(value);
    this.checkBound(purpose, raw);
    this.checkContext(req.messages, raw);
    const firstAt = req.onToken ? performance.now() : undefined;
    if (req.onToken) for (const chunk of raw.match(/.{1,8}/gs) ?? []) req.onToken(chunk);
    return {
      value: value as T,
      raw,
      parsedFirstTry: true,
      usage: withFirstToken(this.usage(req.messages, raw, started), started, firstAt),
    };
  }

  private structuredValue(purpose: string, schema: Record<string, unknown>, entry: unknown, found: boolean): unknown {
    const base = defaultForSchema(schema);
    const d = this.script.defaults;
    if (!found) {
      if (purpose === 'route') return mergeOver(base, { transition: d.route ?? 'none', reason: 'scripted default' });
      if (purpose === 'caller') {
        const n = this.callsByPurpose.get('caller') ?? 1;
        const done = n > (d.caller_turns ?? 3);
        return mergeOver(base, { message: done ? '' : (d.caller ?? 'Okay.'), done });
      }
      if (purpose === 'judge') return fillScores(schema, base, [d.score ?? 1]);
      return base;
    }
    if (purpose === 'route' && typeof entry === 'string')
      return mergeOver(base, { transition: entry, reason: 'scripted' });
    if (purpose === 'caller' && typeof entry === 'string') return mergeOver(base, { message: entry, done: false });
    if (purpose === 'digit' && (typeof entry === 'string' || typeof entry === 'number'))
      return mergeOver(base, { digit: String(entry) });
    if (purpose === 'facts' && Array.isArray(entry)) return mergeOver(base, { facts: entry });
    if (typeof entry === 'number') return fillScores(schema, base, [entry]);
    if (Array.isArray(entry) && entry.every((x) => typeof x === 'number'))
      return fillScores(schema, base, entry as number[]);
    if (isRecord(entry)) {
      const { $delay_ms: _d, $error: _e, $code: _c, ...rest } = entry;
      return mergeOver(base, rest);
    }
    return entry;
  }

  async dispose(): Promise<void> {
    if (this.disposed) return;
    this.disposed = true;
    this.previous = [];
    this.onDispose?.(this);
  }
}
