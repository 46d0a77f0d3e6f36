/**
 * Real inference for the protocol test servers: the llama-cpp provider on the tiny random-weight
 * GGUF (threads: 1). One backend per process and model file, shared by every server.
 */
import { LlamaCppChatModel } from '../../src-main/providers/llama-cpp/model.js';
import { sha256File } from '../../src-main/providers/llama-cpp/gguf-info.js';
import type { CallUsage, ChatMessage, ToolSpec } from '../../src-main/providers/types.js';
import { ensureTinyGguf } from '../fixtures/tiny-gguf/write-tiny-gguf.js';

export interface BackendReply {
  text: string;
  usage: CallUsage;
  /** 'length' when generation stopped at maxTokens. */
  finishReason: 'stop' | 'length';
}

export interface TinyBackend {
  path: string;
  sha256: string;
  sizeBytes: number;
  contextLength: number;
  parameterCount: string;
  quantization: string;
  /** The model with the default context (the trained context, at most 2048 tokens per sequence). */
  model: LlamaCppChatModel;
  /** `numCtx`: tokens per sequence, like Ollama's num_ctx (a context of that size is created on first use; the weights are shared). */
  chat(
    messages: ChatMessage[],
    o: {
      maxTokens: number;
      temperature?: number;
      onToken?: (t: string) => void;
      tools?: ToolSpec[];
      signal?: AbortSignal;
      numCtx?: number;
    },
  ): Promise<BackendReply>;
  /** Grammar-constrained JSON for a schema (raw text as the model produced it). */
  json(
    messages: ChatMessage[],
    schema: Record<string, unknown>,
    o: { maxTokens: number; temperature?: number; numCtx?: number; onToken?: (t: string) => void },
  ): Promise<BackendReply>;
  close(): Promise<void>;
}

const backends = new Map<string, Promise<TinyBackend>>();

export function getTinyBackend(modelPath?: string): Promise<TinyBackend> {
  const key = modelPath ?? '<default>';
  let b = backends.get(key);
  if (!b) {
    b = create(modelPath);
    backends.set(key, b);
    b.catch(() => backends.delete(key));
  }
  return b;
}

async function create(modelPath?: string): Promise<TinyBackend> {
  const file = modelPath ?? (await ensureTinyGguf());
  const load = (contextSize?: number) =>
    LlamaCppChatModel.load(
      {
        provider: 'llama-cpp',
        model: file,
        params: { threads: 1, ...(contextSize ? { context_size: contextSize } : {}) },
      },
      { maxParallel: 4 },
    );
  const model = await load();
  // like Ollama, which reloads a model when num_ctx changes: one context set per size asked for
  const bySize = new Map<number, Promise<LlamaCppChatModel>>([[model.contextSize, Promise.resolve(model)]]);
  const modelFor = (numCtx?: number) => {
    if (!numCtx) return Promise.resolve(model);
    let m = bySize.get(numCtx);
    if (!m) bySize.set(numCtx, (m = load(numCtx)));
    return m;
  };
  const sha256 = await sha256File(file);
  const f = model.facts;
  return {
    path: file,
    sha256,
    sizeBytes: f.size_bytes,
    contextLength: f.context_length ?? 2048,
    parameterCount: f.parameter_count ?? '',
    quantization: f.quantization ?? 'F32',
    model,
    async chat(messages, o) {
      const s = await (await modelFor(o.numCtx)).openSession();
      try {
        const r = await s.chat({
          messages,
          maxTokens: o.maxTokens,
          temperature: o.temperature,
          onToken: o.onToken,
          tools: o.tools,
          signal: o.signal,
        });
        return {
          text: r.text,
          usage: r.usage,
          finishReason: r.usage.completion_tokens >= o.maxTokens ? 'length' : 'stop',
        };
      } finally {
        await s.dispose();
      }
    },
    async json(messages, schema, o) {
      const s = await (await modelFor(o.numCtx)).openSession();
      try {
        const r = await s.structured({
          messages,
          schema,
          maxTokens: o.maxTokens,
          temperature: o.temperature,
          onToken: o.onToken,
        });
        return { text: r.raw, usage: r.usage, finishReason: 'stop' };
      } finally {
        await s.dispose();
      }
    },
    async close() {
      for (const m of bySize.values()) await (await m).close();
    },
  };
}

/** Frees the backends' models (optional: test processes exit anyway). */
export async function closeTinyBackends(): Promise<void> {
  const all = [...backends.values()];
  backends.clear();
  await Promise.all(all.map(async (b) => (await b.catch(() => undefined))?.close()));
}
