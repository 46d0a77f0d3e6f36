/**
 * A loaded GGUF: one shared LlamaModel and its contexts ("lanes"), whose sequences serve this
 * model's sessions. A real model has one context using every core (parallel conversations are
 * batched into its decodes); a tiny model runs fastest on one thread, so each of its parallel
 * conversations gets a one-thread context of its own (see lane-pool.ts).
 */
import { FileRefusal, readFileHeadSync } from '../../files/bounded-file.js';
import fs from 'node:fs';
import path from 'node:path';
import type { ChatWrapper, Llama, LlamaContext, LlamaModel } from 'node-llama-cpp';
import type { ModelIdentity, ModelSpec } from '../../../src-shared/schemas/index.js';
import type { CallUsage, ChatModel, ModelSession } from '../types.js';
import { providerError } from '../shared/errors.js';
import { resolveWrapper } from './chat-wrapper.js';
import { readGgufFacts, sha256File, type GgufFacts } from './gguf-info.js';
import { acquireModel, getLlamaRuntime, physicalCores, TINY_MODEL_BYTES, type LlamaRuntimeOptions } from './runtime.js';
import { LlamaCppSession } from './session.js';
import { SlotPool } from './slot-pool.js';
import { LanePool, type LanePoolStats } from './lane-pool.js';
import { gatheringSchedule } from './batch-schedule.js';

export interface LlamaCppModelOptions extends LlamaRuntimeOptions {
  /** Calls that run (batched) at once = the engine's concurrency hint (default 4; spec.concurrency overrides). */
  maxParallel?: number;
  /**
   * Context sequences = sessions that keep their KV cache between calls. Sessions beyond this
   * number take over idle sequences (and re-read their prefix). Default: maxParallel for real
   * models (each sequence costs a full context of KV memory), maxParallel x 4 for tiny models.
   */
  sequences?: number;
  /** Longest wait (ms) for the other busy sequences to join a decode batch (default 0.25; 0 = node-llama-cpp's next-cycle dispatch). */
  batchWaitMs?: number;
  signal?: AbortSignal;
}

export interface LlamaCppRuntimeInfo {
  threads: number;
  /** Contexts the sessions are spread over. */
  contexts: number;
  contextSize: number;
  sequences: number;
  maxParallel: number;
  chatWrapper: string;
  gpuLayers: number;
  loadMs: number;
  sharedModel: boolean;
}

export interface LlamaCppCallTotals {
  calls: number;
  prompt_tokens: number;
  cached_prompt_tokens: number;
  completion_tokens: number;
  call_ms: number;
}

export class LlamaCppChatModel implements ChatModel {
  readonly maxParallel: number;
  private readonly sessions = new Set<LlamaCppSession>();
  private readonly totals: LlamaCppCallTotals = {
    calls: 0,
    prompt_tokens: 0,
    cached_prompt_tokens: 0,
    completion_tokens: 0,
    call_ms: 0,
  };
  private closed = false;

  private constructor(
    readonly spec: ModelSpec,
    readonly path: string,
    readonly llama: Llama,
    readonly model: LlamaModel,
    readonly contexts: readonly LlamaContext[],
    readonly wrapper: ChatWrapper,
    readonly pool: LanePool,
    readonly facts: GgufFacts,
    readonly info: LlamaCppRuntimeInfo,
    private readonly releaseModel: () => Promise<void>,
  ) {
    this.maxParallel = info.maxParallel;
  }

  static async load(spec: ModelSpec, opts: LlamaCppModelOptions = {}): Promise<LlamaCppChatModel> {
    const file = path.resolve(spec.model);
    const ctx = { provider: 'llama-cpp' as const, model: spec.model, where: file };
    if (!fs.existsSync(file)) throw providerError(ctx, 'model_not_found', 'no such GGUF file');
    // fstat first: a device or pipe (/dev/zero) is never read; a file that is not a GGUF is never parsed
    let head: Buffer;
    try {
      head = readFileHeadSync(file, 4, { maxBytes: Number.MAX_SAFE_INTEGER, what: 'the model file' });
    } catch (e) {
      if (e instanceof FileRefusal) throw providerError(ctx, 'invalid_spec', e.message);
      throw e;
    }
    if (head.toString('latin1') !== 'GGUF')
      throw providerError(ctx, 'invalid_spec', 'not a readable GGUF file: it does not start with the GGUF magic');
    let facts: GgufFacts;
    try {
      facts = await readGgufFacts(file);
    } catch (e) {
      throw providerError(ctx, 'invalid_spec', `not a readable GGUF file: ${(e as Error).message}`);
    }
    const p = spec.params;
    const parallel = Math.max(1, spec.concurrency ?? opts.maxParallel ?? 4);
    const tiny = facts.size_bytes < TINY_MODEL_BYTES;
    const sequences = Math.max(parallel, p.sequences ?? opts.sequences ?? (tiny ? parallel * 4 : parallel));
    const threads = p.threads ?? (tiny ? 1 : await physicalCores());
    const gpuLayers = p.gpu_layers ?? 'auto';
    let acquired: Awaited<ReturnType<typeof acquireModel>>;
    try {
      acquired = await acquireModel(file, gpuLayers, opts);
    } catch (e) {
      throw providerError(ctx, 'server_error', `loading the model failed: ${(e as Error).message}`);
    }
    const { model } = acquired;
    try {
      const llama = await getLlamaRuntime(opts);
      let resolved;
      try {
        resolved = await resolveWrapper(model, p.chat_wrapper);
      } catch (e) {
        throw providerError(ctx, 'invalid_spec', (e as Error).message);
      }
      const train = model.trainContextSize;
      const contextSize = p.context_size ?? { min: Math.min(2048, train), max: Math.min(train, 8192) };
      const lanes = Math.min(parallel, p.contexts ?? (tiny ? parallel : 1));
      const perLane = Math.ceil(sequences / lanes);
      const batchWaitMs = opts.batchWaitMs ?? 0.25;
      const { LlamaChat } = await import('node-llama-cpp');
      const contexts: LlamaContext[] = [];
      const pools: SlotPool[] = [];
      try {
        for (let lane = 0; lane < lanes; lane++) {
          // the schedule needs the lane's pool and context, which exist only after createContext
          const late: { pool?: SlotPool; context?: LlamaContext } = {};
          const batching =
            batchWaitMs > 0
              ? {
                  dispatchSchedule: gatheringSchedule(
                    () => late.pool?.busyCount() ?? 0,
                    () => late.context,
                    batchWaitMs,
                  ),
                }
              : undefined;
          const context = await model.createContext({
            sequences: perLane,
            contextSize,
            threads,
            batching,
            createSignal: opts.signal,
          });
          contexts.push(context);
          late.context = context;
          late.pool = new SlotPool(context, resolved.wrapper, perLane, LlamaChat, lane);
          pools.push(late.pool);
        }
      } catch (e) {
        for (const c of contexts) await c.dispose();
        throw e;
      }
      const pool = new LanePool(pools);
      const context = contexts[0];
      const info: LlamaCppRuntimeInfo = {
        threads,
        contexts: lanes,
        contextSize: context.contextSize,
        sequences: perLane * lanes,
        maxParallel: parallel,
        chatWrapper: resolved.name,
        gpuLayers: model.gpuLayers,
        loadMs: acquired.loadMs,
        sharedModel: acquired.shared,
      };
      return new LlamaCppChatModel(
        spec,
        file,
        llama,
        model,
        contexts,
        resolved.wrapper,
        pool,
        facts,
        info,
        acquired.release,
      );
    } catch (e) {
      await acquired.release();
      if ((e as { name?: string }).name === 'ProviderError') throw e;
      throw providerError(ctx, 'server_error', `creating the context failed: ${(e as Error).message}`);
    }
  }

  /** Tokens per sequence. */
  get contextSize(): number {
    return this.contexts[0].contextSize;
  }

  get contextTokens(): number {
    return this.contextSize;
  }

  /** The largest context this file was trained for. */
  get trainContextSize(): number {
    return this.model.trainContextSize;
  }

  countTokens(text: string): number {
    return this.model.tokenize(text).length;
  }

  async identity(): Promise<ModelIdentity> {
    const digest = await sha256File(this.path);
    return {
      provider: 'llama-cpp',
      name: path.basename(this.path),
      digest: `sha256:${digest}`,
      quantization: this.facts.quantization,
      architecture: this.facts.architecture,
      parameter_count: this.facts.parameter_count,
      context_length: this.facts.context_length,
      size_bytes: this.facts.size_bytes,
      params: {
        ...this.spec.params,
        threads: this.info.threads,
        contexts: this.info.contexts,
        context_size: this.info.contextSize,
        chat_wrapper: this.info.chatWrapper,
        gpu_layers: this.spec.params.gpu_layers ?? 'auto',
      },
    };
  }

  async openSession(opts?: { label?: string }): Promise<ModelSession> {
    if (this.closed)
      throw providerError(
        { provider: 'llama-cpp', model: this.spec.model, where: this.path },
        'invalid_spec',
        'the model was closed',
      );
    const s = new LlamaCppSession(this, opts?.label);
    this.sessions.add(s);
    return s;
  }

  /** Called by a session's dispose: its sequence becomes free for others. */
  releaseSession(s: LlamaCppSession): void {
    this.sessions.delete(s);
    this.pool.disown(s);
  }

  recordCall(u: CallUsage): void {
    this.totals.calls++;
    this.totals.prompt_tokens += u.prompt_tokens;
    this.totals.cached_prompt_tokens += u.cached_prompt_tokens;
    this.totals.completion_tokens += u.completion_tokens;
    this.totals.call_ms += u.wall_ms;
  }

  /** Call totals and sequence-pool counters since load. */
  stats(): LlamaCppCallTotals & { pool: LanePoolStats; openSessions: number } {
    return {
      ...this.totals,
      call_ms: Math.round(this.totals.call_ms),
      pool: this.pool.stats(),
      openSessions: this.sessions.size,
    };
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    for (const s of [...this.sessions]) await s.dispose();
    await this.pool.close();
    for (const c of this.contexts) if (!c.disposed) await c.dispose();
    await this.releaseModel();
  }
}
