import { redactUrl } from '../../providers/shared/redact.js';
import type { ModelCall } from '../../../src-shared/schemas/index.js';
import type {
  ChatMessage,
  ChatModel,
  ChatRequest,
  ChatResponse,
  ModelSession,
  StructuredRequest,
  StructuredResponse,
} from '../../providers/types.js';
import { setMaxListeners } from 'node:events';
import { ProviderError } from '../../providers/types.js';
import { CancelledError, ContextFullError, ModelCallError } from '../errors.js';
import { dropOldestTurn, isContextOverflow, type ContextPolicy } from './context-trim.js';
import { fairTurn } from './fair-turns.js';

export type ModelRole = 'agent' | 'caller' | 'judge';

/** Runs `fn` under a per-model concurrency limit (run-suite supplies one per distinct model). */
export type CallLimiter = <T>(model: ChatModel, fn: () => Promise<T>) => Promise<T>;

const unlimited: CallLimiter = (_m, fn) => fn();

/**
 * The model calls of one conversation. One ModelSession per role and purpose (the agent's chat is
 * kept apart from routing and extraction, so each session's prompt prefix stays stable and a local
 * model reuses its KV cache). Sessions open lazily and are disposed by `disposeRole`/`disposeAll`.
 * Every call is recorded as a ModelCall (tokens prompt/cached/completion and wall time).
 */
export class ModelCalls {
  readonly records: ModelCall[] = [];
  /** Messages dropped from calls that did not fit the model's context (policy `trim`). */
  contextTrims = 0;
  private readonly sessions = new Map<string, Promise<ModelSession>>();

  constructor(
    private readonly models: Record<ModelRole, ChatModel>,
    private readonly signal?: AbortSignal,
    private readonly limit: CallLimiter = unlimited,
    /** What a call that outgrows the context does: end the conversation (default) or drop the oldest turns. */
    private readonly contextPolicy: ContextPolicy = 'end',
  ) {
    // One run's signal is shared by every call in flight (conversations x roles, each removed when it
    // settles): dozens at once are expected, not a leak, so Node's warning at 11 is turned off for it.
    if (signal) setMaxListeners(0, signal);
  }

  modelOf(role: ModelRole): ChatModel {
    return this.models[role];
  }

  private session(role: ModelRole, purpose: string): Promise<ModelSession> {
    const key = `${role}:${purpose}`;
    let s = this.sessions.get(key);
    if (!s) {
      s = this.models[role].openSession({ label: key });
      this.sessions.set(key, s);
      s.catch(() => this.sessions.delete(key));
    }
    return s;
  }

  private describe(role: ModelRole, purpose: string, node?: string): string {
    const spec = this.models[role].spec;
    return `${role} model ${spec.provider}:${spec.model} (${purpose}${node ? ` at node ${node}` : ''})`;
  }

  private async run<T extends { usage: ChatResponse['usage'] }>(
    role: ModelRole,
    purpose: string,
    node: string | undefined,
    messages: ChatMessage[],
    call: (s: ModelSession, messages: ChatMessage[]) => Promise<T>,
  ): Promise<T> {
    if (this.signal?.aborted) throw new CancelledError();
    let started = performance.now();
    let res: T;
    for (;;) {
      try {
        res = await this.abortable(
          this.limit(this.models[role], async () => {
            if (this.signal?.aborted) throw new CancelledError();
            return call(await this.session(role, purpose), messages);
          }),
        );
        break;
      } catch (e) {
        if (e instanceof CancelledError || this.signal?.aborted) throw new CancelledError();
        this.recordFailure(role, purpose, node, e, performance.now() - started);
        if (!isContextOverflow(e)) throw this.failed(role, purpose, node, e);
        const trimmed = this.contextPolicy === 'trim' ? dropOldestTurn(messages) : undefined;
        if (!trimmed)
          throw new ContextFullError(
            `${this.describe(role, purpose, node)}: the conversation no longer fits the model's context (${(e as Error)?.message ?? String(e)})`,
            e,
          );
        messages = trimmed.messages;
        this.contextTrims += trimmed.dropped;
        started = performance.now();
      }
    }
    const u = res.usage;
    this.records.push({
      role,
      purpose,
      ...(node ? { node } : {}),
      tokens: { prompt: u.prompt_tokens, cached_prompt: u.cached_prompt_tokens, completion: u.completion_tokens },
      ms: Math.max(0, u.wall_ms || performance.now() - started),
      // a key inside the URL (?api_key=, user:key@) is used for the call, never stored
      ...(u.endpoint ? { endpoint: redactUrl(u.endpoint) } : {}),
      ...(u.first_token_ms !== undefined ? { first_token_ms: u.first_token_ms } : {}),
    });
    // the engine's next step runs in a later loop turn, a few conversations per turn (fair-turns.ts)
    await fairTurn();
    return res;
  }

  private failed(role: ModelRole, purpose: string, node: string | undefined, e: unknown): ModelCallError {
    return new ModelCallError(`${this.describe(role, purpose, node)} failed: ${(e as Error)?.message ?? String(e)}`, e);
  }

  /** A failed call is recorded too: what it spent (the provider attaches it), its time and its error code. */
  private recordFailure(role: ModelRole, purpose: string, node: string | undefined, e: unknown, ms: number): void {
    const pe = e instanceof ProviderError ? e : undefined;
    const u = pe?.usage;
    const endpoint = u?.endpoint ?? pe?.where;
    this.records.push({
      role,
      purpose,
      ...(node ? { node } : {}),
      tokens: {
        prompt: u?.prompt_tokens ?? 0,
        cached_prompt: u?.cached_prompt_tokens ?? 0,
        completion: u?.completion_tokens ?? 0,
      },
      ms: Math.max(0, u?.wall_ms || ms),
      ...(endpoint ? { endpoint: redactUrl(endpoint) } : {}),
      error_code: pe?.code ?? 'error',
    });
  }

  /** Rejects as soon as the run is cancelled, even if the provider ignores the signal. */
  private abortable<T>(p: Promise<T>): Promise<T> {
    const signal = this.signal;
    if (!signal) return p;
    return new Promise<T>((resolve, reject) => {
      const onAbort = () => reject(new CancelledError());
      if (signal.aborted) {
        p.catch(() => {});
        return onAbort();
      }
      signal.addEventListener('abort', onAbort, { once: true });
      p.then(
        (v) => {
          signal.removeEventListener('abort', onAbort);
          resolve(v);
        },
        (e) => {
          signal.removeEventListener('abort', onAbort);
          reject(e);
        },
      );
    });
  }

  chat(role: ModelRole, purpose: string, node: string | undefined, req: ChatRequest): Promise<ChatResponse> {
    return this.run(role, purpose, node, req.messages, (s, messages) =>
      s.chat({ ...req, messages, purpose, signal: this.signal }),
    );
  }

  structured<T>(
    role: ModelRole,
    purpose: string,
    node: string | undefined,
    req: StructuredRequest,
  ): Promise<StructuredResponse<T>> {
    return this.run(role, purpose, node, req.messages, (s, messages) =>
      s.structured<T>({ ...req, messages, purpose, signal: this.signal }),
    );
  }

  async disposeRole(role: ModelRole): Promise<void> {
    const mine = [...this.sessions.entries()].filter(([k]) => k.startsWith(`${role}:`));
    for (const [k] of mine) this.sessions.delete(k);
    await Promise.allSettled(mine.map(async ([, s]) => (await s).dispose()));
  }

  async disposeAll(): Promise<void> {
    await Promise.all((['agent', 'caller', 'judge'] as const).map((r) => this.disposeRole(r)));
  }

  /** Sum of tokens of every call so far. */
  totals(): { prompt: number; cached_prompt: number; completion: number } {
    const t = { prompt: 0, cached_prompt: 0, completion: 0 };
    for (const r of this.records) {
      t.prompt += r.tokens.prompt;
      t.cached_prompt += r.tokens.cached_prompt;
      t.completion += r.tokens.completion;
    }
    return t;
  }
}
