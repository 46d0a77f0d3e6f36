import type { ModelSpec } from '../../src-shared/schemas/index.js';
import type { ChatModel, ModelSession, StructuredRequest, StructuredResponse } from '../providers/types.js';
import { schemaMismatch } from './schema-check.js';

/** One structured call as the readiness check saw it. */
export interface MeasuredCall {
  purpose: string;
  /** The reply matched its schema on the first try (no repair, no error). */
  valid: boolean;
  /** Why not, when not valid. */
  problem?: string;
  completion_tokens: number;
  /** Generation time: the provider's eval time where it reports one, else the call's wall time. */
  gen_ms: number;
  wall_ms: number;
  /** Time to the first streamed chunk (absent when the provider sent none). */
  first_token_ms?: number;
}

/**
 * A ChatModel that passes every call to the real one and records, per structured call, whether the
 * reply matched its JSON Schema, the completion tokens, the generation time and the time to the first
 * streamed chunk. The engine's calls (router, extractor, judge, caller) run through it unchanged, so
 * what is measured is what a run does.
 */
export class MeasuringModel implements ChatModel {
  readonly calls: MeasuredCall[] = [];

  constructor(private readonly inner: ChatModel) {}

  get spec(): ModelSpec {
    return this.inner.spec;
  }
  get maxParallel(): number {
    return this.inner.maxParallel;
  }
  identity() {
    return this.inner.identity();
  }
  async close(): Promise<void> {
    // the inner model belongs to the registry: never closed here
  }

  async openSession(opts?: { label?: string }): Promise<ModelSession> {
    const s = await this.inner.openSession(opts);
    return {
      chat: (req) => s.chat(req),
      dispose: () => s.dispose(),
      structured: <T>(req: StructuredRequest) => this.measure<T>(s, req),
    };
  }

  private async measure<T>(s: ModelSession, req: StructuredRequest): Promise<StructuredResponse<T>> {
    const started = performance.now();
    let first: number | undefined;
    const onToken = (chunk: string) => {
      if (first === undefined && chunk) first = performance.now() - started;
      req.onToken?.(chunk);
    };
    const purpose = req.purpose ?? 'structured';
    try {
      const res = await s.structured<T>({ ...req, onToken });
      const wall = performance.now() - started;
      const mismatch = schemaMismatch(req.schema, res.value);
      const problem = !res.parsedFirstTry ? 'the first reply did not parse and was repaired' : (mismatch ?? undefined);
      this.calls.push({
        purpose,
        valid: !problem,
        ...(problem ? { problem } : {}),
        completion_tokens: res.usage.completion_tokens,
        gen_ms: res.usage.eval_ms || res.usage.wall_ms || wall,
        wall_ms: res.usage.wall_ms || wall,
        ...(first !== undefined ? { first_token_ms: first } : {}),
      });
      return res;
    } catch (e) {
      const wall = performance.now() - started;
      this.calls.push({
        purpose,
        valid: false,
        problem: (e as Error)?.message ?? String(e),
        completion_tokens: 0,
        gen_ms: 0,
        wall_ms: wall,
      });
      throw e;
    }
  }
}
