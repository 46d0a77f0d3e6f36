/**
 * A transparent ChatModel wrapper for benchmarks: records every call (role:purpose label, kind,
 * usage, parsedFirstTry, system prompt) and the time spent inside the model (the union of the
 * intervals in which at least one model method is running, minus the time the engine's own
 * onToken callbacks took). The engine sees the same spec and maxParallel as the wrapped model.
 */
import { performance } from 'node:perf_hooks';
import type {
  ChatModel,
  ChatRequest,
  ChatResponse,
  CallUsage,
  ModelSession,
  StructuredRequest,
  StructuredResponse,
} from '../../src-main/providers/types.js';

export interface CallRecord {
  /** Which model (the wrapper's name). */
  model: string;
  /** The session label the engine gave: `agent:chat`, `agent:route`, `caller:caller`, `judge:judge`... */
  label: string;
  kind: 'chat' | 'structured';
  /** Per-bench conversation tag (set by the bench from run events; -1 when unknown). */
  conv: number;
  session: number;
  usage: CallUsage;
  /** structured calls: first-try parse; false when repaired, fixed or failed. */
  parsedFirstTry?: boolean;
  failed?: string;
  /** structured calls that did not parse first time: the raw text and the schema (for the report). */
  raw?: string;
  schema?: Record<string, unknown>;
  system: string;
  ms: number;
  /** performance.now() when the call returned. */
  end: number;
}

/** Shared by every wrapped model of one bench. */
export class CallLog {
  readonly calls: CallRecord[] = [];
  /** Set by the bench (e.g. on `test.started` at concurrency 1). */
  conv = -1;
  private depth = 0;
  private since = 0;
  private busyMs = 0;
  private callbackMs = 0;
  private sessions = 0;

  enter(): void {
    if (this.depth++ === 0) this.since = performance.now();
  }

  leave(): void {
    if (--this.depth === 0) this.busyMs += performance.now() - this.since;
  }

  /** Time spent in engine callbacks (onToken) while inside a model call. */
  addCallback(ms: number): void {
    this.callbackMs += ms;
  }

  nextSession(): number {
    return ++this.sessions;
  }

  /** ms with at least one model call running, engine callbacks excluded. */
  modelMs(): number {
    return this.busyMs + (this.depth > 0 ? performance.now() - this.since : 0) - this.callbackMs;
  }

  engineCallbackMs(): number {
    return this.callbackMs;
  }

  reset(): void {
    this.calls.length = 0;
    this.busyMs = 0;
    this.callbackMs = 0;
  }
}

async function timed<T>(log: CallLog, fn: () => Promise<T>): Promise<T> {
  log.enter();
  try {
    return await fn();
  } finally {
    log.leave();
  }
}

const systemOf = (msgs: { role: string; content: string }[]) =>
  msgs
    .filter((m) => m.role === 'system')
    .map((m) => m.content)
    .join('\n');

class InstrumentedSession implements ModelSession {
  constructor(
    private readonly inner: ModelSession,
    private readonly log: CallLog,
    private readonly model: string,
    private readonly label: string,
    private readonly id: number,
    private readonly conv: number,
  ) {}

  async chat(req: ChatRequest): Promise<ChatResponse> {
    const onToken = req.onToken;
    const wrapped = onToken
      ? (chunk: string) => {
          const t = performance.now();
          try {
            onToken(chunk);
          } finally {
            this.log.addCallback(performance.now() - t);
          }
        }
      : undefined;
    const t0 = performance.now();
    const r = await timed(this.log, () => this.inner.chat({ ...req, onToken: wrapped }));
    this.log.calls.push({
      model: this.model,
      label: this.label,
      kind: 'chat',
      conv: this.conv,
      session: this.id,
      usage: r.usage,
      system: systemOf(req.messages),
      ms: performance.now() - t0,
      end: performance.now(),
    });
    return r;
  }

  async structured<T = unknown>(req: StructuredRequest): Promise<StructuredResponse<T>> {
    const t0 = performance.now();
    try {
      const r = await timed(this.log, () => this.inner.structured<T>(req));
      this.log.calls.push({
        model: this.model,
        label: this.label,
        kind: 'structured',
        conv: this.conv,
        session: this.id,
        usage: r.usage,
        parsedFirstTry: r.parsedFirstTry,
        ...(r.parsedFirstTry ? {} : { raw: r.raw.slice(0, 2000), schema: req.schema }),
        system: systemOf(req.messages),
        ms: performance.now() - t0,
        end: performance.now(),
      });
      return r;
    } catch (e) {
      const usage = {
        prompt_tokens: 0,
        cached_prompt_tokens: 0,
        completion_tokens: 0,
        wall_ms: performance.now() - t0,
      };
      this.log.calls.push({
        model: this.model,
        label: this.label,
        kind: 'structured',
        conv: this.conv,
        session: this.id,
        usage,
        parsedFirstTry: false,
        failed: (e as Error)?.message ?? String(e),
        schema: req.schema,
        system: systemOf(req.messages),
        ms: performance.now() - t0,
        end: performance.now(),
      });
      throw e;
    }
  }

  dispose(): Promise<void> {
    return timed(this.log, () => this.inner.dispose());
  }
}

/** Wraps `inner`; `name` tags its calls in the log. */
export function instrument<M extends ChatModel>(
  inner: M,
  log: CallLog,
  name = inner.spec.model,
): ChatModel & { inner: M } {
  return {
    inner,
    spec: inner.spec,
    maxParallel: inner.maxParallel,
    identity: () => timed(log, () => inner.identity()),
    async openSession(opts?: { label?: string }) {
      const conv = log.conv;
      const s = await timed(log, () => inner.openSession(opts));
      return new InstrumentedSession(s, log, name, opts?.label ?? '?', log.nextSession(), conv);
    },
    close: () => inner.close(),
  };
}

/** Evaluated prompt tokens of a call (not served from the KV cache / prompt cache). */
export const evaluated = (u: CallUsage): number => Math.max(0, u.prompt_tokens - u.cached_prompt_tokens);
