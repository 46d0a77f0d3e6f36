/**
 * `whisper:FILE`: in-process speech-to-text through @fugood/whisper.node (whisper.cpp, N-API, prebuilt
 * for linux/macOS/Windows x64+arm64). The model file is a whisper.cpp ggml model (ggml-base.en.bin...,
 * the same files whisper-cli reads). A file is loaded once per process and shared by every engine that
 * names it; releaseWhisperModels() frees them (app shutdown, tests).
 */
import { open } from 'node:fs/promises';
import { MAX_SPEECH_MODEL_BYTES } from '../../src-shared/limits.js';
import { checkFileBoundedSync, FileRefusal, sha256OfFile } from '../files/bounded-file.js';
import { speechError, type SpeechErrorContext } from './errors.js';
import { audioToTranscribe } from './stt-input.js';
import type { SpeechSpec } from './spec.js';
import type { SpeechCallOptions, SpeechError, SpeechIdentity, SttEngine, SttResult } from './types.js';
import { durationMs, samplesOf } from './wav.js';
import { noAnswerWithin, sttLimit } from './budget.js';

export type WhisperSpec = Extract<SpeechSpec, { engine: 'whisper' }>;

/** 'lmgg' on disk: the uint32 0x67676d6c that whisper.cpp's ggml model files start with. */
const GGML_MAGIC = 0x67676d6c;

/** The part of @fugood/whisper.node's API Parley uses (its own typings ship as .ts sources only). */
interface WhisperContextLike {
  transcribeData(
    pcm16: ArrayBuffer,
    options?: { language?: string; temperature?: number; maxThreads?: number },
  ): {
    stop: () => Promise<void>;
    promise: Promise<{ result: string; segments: Array<{ text: string; t0: number; t1: number }> }>;
  };
  release(): Promise<void>;
}
interface WhisperBinding {
  initWhisper(options: { filePath: string; useGpu?: boolean }): Promise<WhisperContextLike>;
}

let binding: Promise<WhisperBinding> | undefined;
/** One loaded context per model file (absolute path), shared by every engine naming it. */
const loaded = new Map<string, Promise<{ ctx: WhisperContextLike; load_ms: number }>>();

/** Loads the binding once. Rejects with the reason when the package or this platform's binary is missing. */
export function loadWhisperBinding(): Promise<WhisperBinding> {
  binding ??= (async () => {
    const mod = (await import('@fugood/whisper.node')) as unknown as WhisperBinding & { default?: WhisperBinding };
    const api = typeof mod.initWhisper === 'function' ? mod : mod.default;
    if (!api || typeof api.initWhisper !== 'function') throw new Error('@fugood/whisper.node has no initWhisper()');
    // Resolve the native module now, so a missing platform package is reported here, not mid-run.
    const m = api as unknown as { loadWhisperModule?: () => Promise<unknown> };
    if (typeof m.loadWhisperModule === 'function') await m.loadWhisperModule();
    return api;
  })();
  binding.catch(() => (binding = undefined));
  return binding;
}

/** Frees every loaded whisper model (the binding's release()). */
export async function releaseWhisperModels(): Promise<void> {
  const all = [...loaded.values()];
  loaded.clear();
  await Promise.all(all.map((p) => p.then((l) => l.ctx.release()).catch(() => undefined)));
}

const MODEL_FILE = { maxBytes: MAX_SPEECH_MODEL_BYTES, what: 'the model file' };

/** What the first bytes of a file that is not a whisper ggml model look like, for the error. */
function describeNotGgml(head: Buffer): string {
  const s = head.toString('latin1', 0, 4);
  if (s === 'GGUF') return 'it is a GGUF file (a llama.cpp model?), not a whisper.cpp ggml model';
  if (head[0] === 0x50 && head[1] === 0x4b)
    return 'it is a zip archive (a PyTorch .pt checkpoint?); convert it with whisper.cpp models/convert-pt-to-ggml.py';
  if (s === 'RIFF') return 'it is a WAV file, not a model';
  return `it starts with bytes ${head.subarray(0, 4).toString('hex')}, not whisper.cpp's ggml magic 6c6d6767`;
}

export class WhisperStt implements SttEngine {
  private id: Promise<SpeechIdentity> | undefined;
  constructor(
    readonly wspec: WhisperSpec,
    /** A fixed time limit (tests); default: scaled to the audio (budget.ts). */
    private readonly timeoutMs?: number,
  ) {}
  get spec(): string {
    return this.wspec.raw;
  }
  private get ctx(): SpeechErrorContext {
    return { role: 'stt', engine: 'whisper', model: this.wspec.model, where: '@fugood/whisper.node' };
  }
  private fail(code: SpeechError['code'], detail: string): SpeechError {
    return speechError(this.ctx, code, detail);
  }

  /** Checks the file: there, readable, a whisper.cpp ggml model. */
  private async checkFile(): Promise<void> {
    const file = this.wspec.model;
    let size: number;
    try {
      size = checkFileBoundedSync(file, MODEL_FILE);
    } catch (e) {
      if (e instanceof FileRefusal) throw this.fail('model_not_found', e.message);
      throw e;
    }
    const fh = await open(file, 'r');
    try {
      const head = Buffer.alloc(4);
      await fh.read(head, 0, 4, 0);
      if (size < 48 || head.readUInt32LE(0) !== GGML_MAGIC)
        throw this.fail('model_not_found', `"${file}" is not a whisper.cpp model file: ${describeNotGgml(head)}`);
    } finally {
      await fh.close();
    }
  }

  private async hash(): Promise<string> {
    try {
      return await sha256OfFile(this.wspec.model, MODEL_FILE);
    } catch (e) {
      if (e instanceof FileRefusal) throw this.fail('model_not_found', e.message);
      throw e;
    }
  }

  identity(): Promise<SpeechIdentity> {
    this.id ??= (async () => {
      await this.checkFile();
      return { engine: 'whisper', model: this.wspec.model, model_sha256: await this.hash() };
    })();
    this.id.catch(() => (this.id = undefined));
    return this.id;
  }

  /** The loaded model for this file (loaded on first use, then reused), and how long the load took. */
  load(): Promise<{ ctx: WhisperContextLike; load_ms: number }> {
    const file = this.wspec.model;
    let p = loaded.get(file);
    if (!p) {
      p = (async () => {
        await this.checkFile();
        let api: WhisperBinding;
        try {
          api = await loadWhisperBinding();
        } catch (e) {
          throw this.fail(
            'engine_missing',
            `the in-process whisper binding (@fugood/whisper.node) is not installed for ${process.platform}-${process.arch}: ${(e as Error).message.split('\n')[0]}. ` +
              "Use whisper.cpp's program instead (whisper-cli:MODEL.bin) or a local server (openai:MODEL@URL)",
          );
        }
        const t0 = performance.now();
        try {
          const ctx = await api.initWhisper({ filePath: file, useGpu: false });
          return { ctx, load_ms: performance.now() - t0 };
        } catch (e) {
          throw this.fail('model_not_found', `whisper.cpp could not load "${file}": ${(e as Error).message}`);
        }
      })();
      loaded.set(file, p);
      p.catch(() => loaded.delete(file));
    }
    return p;
  }

  async stt(audio: Buffer, o: SpeechCallOptions = {}): Promise<SttResult> {
    const wav = await audioToTranscribe(audio, (code, detail) => this.fail(code, detail));
    const t0 = performance.now();
    const { ctx } = await this.load();
    if (o.signal?.aborted) throw this.fail('cancelled', 'the call was cancelled');
    const samples = samplesOf(wav);
    const pcm = samples.buffer.slice(samples.byteOffset, samples.byteOffset + samples.byteLength) as ArrayBuffer;
    const job = ctx.transcribeData(pcm, { language: 'en', temperature: 0 });
    // The binding never settles a transcription whose whisper_full() failed (1.1.3), so a time limit
    // turns that into a clear error instead of a hung run.
    const lim =
      o.limit ??
      (this.timeoutMs ? { ms: this.timeoutMs, why: 'the fixed limit of this engine' } : sttLimit(durationMs(wav)));
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const limit = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        void job.stop().catch(() => undefined);
        reject(
          this.fail(
            'timeout',
            `${noAnswerWithin(lim)}: no transcript (whisper.cpp failed or is still running on this model)`,
          ),
        );
      }, lim.ms);
      onAbort = () => {
        void job.stop().catch(() => undefined);
        reject(this.fail('cancelled', 'the call was cancelled'));
      };
      o.signal?.addEventListener('abort', onAbort, { once: true });
    });
    try {
      const r = await Promise.race([job.promise, limit]);
      const text = (r.result ?? '').replace(/\s+/g, ' ').trim();
      return { text, timings: { total_ms: performance.now() - t0 } };
    } catch (e) {
      if ((e as Error).name === 'SpeechError') throw e;
      throw this.fail('command_failed', `whisper.cpp failed: ${(e as Error).message}`);
    } finally {
      clearTimeout(timer);
      if (onAbort) o.signal?.removeEventListener('abort', onAbort);
    }
  }
}
