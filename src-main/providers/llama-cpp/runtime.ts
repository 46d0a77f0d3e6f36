/**
 * One node-llama-cpp runtime per process, and one LlamaModel per distinct file + GPU layers,
 * shared by every ChatModel that uses it (reference counted). `llamaCppStats()` counts loads so a
 * benchmark can check "exactly one load per distinct model".
 */
import path from 'node:path';
import type { Llama, LlamaModel } from 'node-llama-cpp';

export type LlamaGpuChoice = 'auto' | false | 'cuda' | 'vulkan' | 'metal';

export interface LlamaRuntimeOptions {
  /** GPU backend. Default: env PARLEY_LLAMA_GPU ('false' | 'auto' | 'cuda' | 'vulkan' | 'metal') or 'auto'. Never builds or downloads. */
  gpu?: LlamaGpuChoice;
}

let llamaPromise: Promise<Llama> | undefined;
let llamaGpu: LlamaGpuChoice | undefined;

interface ModelEntry {
  promise: Promise<LlamaModel>;
  refs: number;
  loadMs?: number;
}
const models = new Map<string, ModelEntry>();
const counters = { modelLoads: 0, loadMsTotal: 0, loads: [] as Array<{ path: string; ms: number }> };

function envGpu(): LlamaGpuChoice {
  const v = process.env.PARLEY_LLAMA_GPU?.trim().toLowerCase();
  if (v === 'false' || v === 'cpu' || v === '0') return false;
  if (v === 'cuda' || v === 'vulkan' || v === 'metal') return v;
  return 'auto';
}

/** The process-wide Llama instance: prebuilt binaries only (build: 'never', no downloads). */
export async function getLlamaRuntime(opts: LlamaRuntimeOptions = {}): Promise<Llama> {
  if (!llamaPromise) {
    llamaGpu = opts.gpu ?? envGpu();
    llamaPromise = (async () => {
      const { getLlama, LlamaLogLevel } = await import('node-llama-cpp');
      return getLlama({
        gpu: llamaGpu,
        build: 'never',
        skipDownload: true,
        progressLogs: false,
        // 0 = no process-wide thread cap: every context passes its own explicit `threads`.
        maxThreads: 0,
        logLevel: LlamaLogLevel.error,
      });
    })();
    llamaPromise.catch(() => {
      llamaPromise = undefined;
    });
  }
  return llamaPromise;
}

export function modelKey(file: string, gpuLayers: number | 'auto'): string {
  return `${path.resolve(file)}|gpu=${gpuLayers}`;
}

/** Loads (or shares) a model. Call the returned `release` once when done. */
export async function acquireModel(
  file: string,
  gpuLayers: number | 'auto',
  opts: LlamaRuntimeOptions & { signal?: AbortSignal } = {},
): Promise<{ model: LlamaModel; loadMs: number; shared: boolean; release: () => Promise<void> }> {
  const key = modelKey(file, gpuLayers);
  let entry = models.get(key);
  const shared = !!entry;
  if (!entry) {
    const e: ModelEntry = { refs: 0, promise: undefined as unknown as Promise<LlamaModel> };
    e.promise = (async () => {
      const llama = await getLlamaRuntime(opts);
      const t0 = performance.now();
      const model = await llama.loadModel({ modelPath: path.resolve(file), gpuLayers, loadSignal: opts.signal });
      e.loadMs = performance.now() - t0;
      counters.modelLoads++;
      counters.loadMsTotal += e.loadMs;
      counters.loads.push({ path: path.resolve(file), ms: Math.round(e.loadMs * 10) / 10 });
      return model;
    })();
    models.set(key, e);
    e.promise.catch(() => models.delete(key));
    entry = e;
  }
  entry.refs++;
  let model: LlamaModel;
  try {
    model = await entry.promise;
  } catch (err) {
    entry.refs--;
    throw err;
  }
  let released = false;
  const ent = entry;
  return {
    model,
    loadMs: shared ? 0 : (ent.loadMs ?? 0),
    shared,
    release: async () => {
      if (released) return;
      released = true;
      if (--ent.refs <= 0 && models.get(key) === ent) {
        models.delete(key);
        await model.dispose();
      }
    },
  };
}

/** Load counters for benchmarks and tests. */
export function llamaCppStats(): {
  modelLoads: number;
  loadMsTotal: number;
  loadedModels: number;
  loads: Array<{ path: string; ms: number }>;
  gpu: LlamaGpuChoice | undefined;
} {
  return {
    modelLoads: counters.modelLoads,
    loadMsTotal: Math.round(counters.loadMsTotal),
    loadedModels: models.size,
    loads: [...counters.loads],
    gpu: llamaGpu,
  };
}

/** Physical cores useful for math (node-llama-cpp's estimate), at least 1. */
export async function physicalCores(): Promise<number> {
  const llama = await getLlamaRuntime();
  return Math.max(1, llama.cpuMathCores);
}

/** Files under this size are test/tiny models: one thread is fastest. */
export const TINY_MODEL_BYTES = 50 * 1024 * 1024;
