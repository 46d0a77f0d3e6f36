/**
 * The OpenAI audio protocol: POST {base}/audio/speech (JSON in, audio out, streamed: the first chunk
 * is the time to first audio) and POST {base}/audio/transcriptions (multipart in, JSON out). The
 * cloud and the local servers people run for speech speak it (speaches/faster-whisper,
 * Kokoro-FastAPI, LocalAI, whisper.cpp's server). Keys come from the environment or the OS keychain
 * exactly as for chat models (providers/openai/model.ts resolveApiKey), never from the spec.
 */
import { DEFAULT_OPENAI_URL, resolveApiKey, type KeyResolver } from '../providers/openai/model.js';
import { isAbortError, networkErrorCode } from '../providers/shared/errors.js';
import { extractErrorMessage } from '../providers/shared/http.js';
import { redactUrl } from '../providers/shared/redact.js';
import { speechError, type SpeechErrorContext } from './errors.js';
import { audioToTranscribe } from './stt-input.js';
import type { SpeechRole, SpeechSpec } from './spec.js';
import type { SpeechCallOptions, SpeechIdentity, SttEngine, SttResult, TtsEngine, TtsResult } from './types.js';
import { SpeechError } from './types.js';
import { durationMs, NotWavError, toSpeechWav } from './wav.js';
import { MAX_TTS_OUTPUT_BYTES } from '../../src-shared/limits.js';
import { noAnswerWithin, sttLimit, ttsLimit } from './budget.js';

type OpenAiSpec = Extract<SpeechSpec, { engine: 'openai' }>;

export interface OpenAiSpeechOptions {
  resolveKey?: KeyResolver;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

const DEFAULT_VOICES = ['alloy', 'echo', 'fable', 'nova', 'onyx', 'shimmer'];

abstract class OpenAiSpeech {
  readonly base: string;
  constructor(
    protected readonly ospec: OpenAiSpec,
    protected readonly role: SpeechRole,
    protected readonly o: OpenAiSpeechOptions,
  ) {
    this.base = ospec.baseUrl ?? (process.env.OPENAI_BASE_URL?.trim() || DEFAULT_OPENAI_URL).replace(/\/+$/, '');
  }
  get spec(): string {
    return this.ospec.raw;
  }
  protected get ctx(): SpeechErrorContext {
    return { role: this.role, engine: 'openai', model: this.ospec.model, where: this.base };
  }
  async identity(): Promise<SpeechIdentity> {
    return { engine: 'openai', model: this.ospec.model, endpoint: redactUrl(this.base) };
  }
  protected async headers(): Promise<Record<string, string>> {
    let key: string | undefined;
    try {
      ({ key } = await resolveApiKey(
        { provider: 'openai', model: this.ospec.model, endpoints: [this.base], params: {} },
        [this.base],
        this.o.resolveKey,
      ));
    } catch (e) {
      throw speechError(this.ctx, 'unauthorized', (e as Error).message.replace(/^.*?: /, ''));
    }
    return key ? { authorization: `Bearer ${key}` } : {};
  }
  protected async post(
    path: string,
    body: string | FormData,
    headers: Record<string, string>,
    o: SpeechCallOptions,
  ): Promise<Response> {
    const url = `${this.base}${path}`;
    const limit = o.limit ?? { ms: this.o.timeoutMs ?? 120_000, why: 'the fixed limit of this engine' };
    const signals = [AbortSignal.timeout(limit.ms), ...(o.signal ? [o.signal] : [])];
    let res: Response;
    try {
      res = await (this.o.fetch ?? fetch)(url, { method: 'POST', body, headers, signal: AbortSignal.any(signals) });
    } catch (e) {
      if (o.signal?.aborted) throw speechError(this.ctx, 'cancelled', 'the call was cancelled');
      if (isAbortError(e)) throw speechError(this.ctx, 'timeout', noAnswerWithin(limit));
      const code = networkErrorCode(e);
      if (code === 'ECONNREFUSED')
        throw speechError(
          this.ctx,
          'connection_refused',
          'connection refused — is the server running and is the URL right?',
        );
      if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
        throw speechError(this.ctx, 'connection_refused', `host not found (${code}) — check the URL`);
      throw speechError(this.ctx, 'server_error', `request failed: ${(e as Error).message}${code ? ` (${code})` : ''}`);
    }
    if (!res.ok) {
      const text = await res.text().catch(() => '');
      const detail = `${path} answered HTTP ${res.status}${text ? `: ${extractErrorMessage(text).slice(0, 300)}` : ''}`;
      if (res.status === 401 || res.status === 403)
        throw speechError(this.ctx, 'unauthorized', `${detail} (check the API key)`);
      if (res.status === 404)
        throw speechError(
          this.ctx,
          'model_not_found',
          `${detail} (is the model name right, and does this server speak the audio API?)`,
        );
      throw speechError(this.ctx, 'server_error', detail);
    }
    return res;
  }
}

export class OpenAiTts extends OpenAiSpeech implements TtsEngine {
  constructor(spec: OpenAiSpec, o: OpenAiSpeechOptions = {}) {
    super(spec, 'tts', o);
  }
  static readonly voices = DEFAULT_VOICES;
  async tts(text: string, voice?: string, o: SpeechCallOptions = {}): Promise<TtsResult> {
    const t0 = performance.now();
    const headers = { 'content-type': 'application/json', ...(await this.headers()) };
    const body = JSON.stringify({
      model: this.ospec.model,
      input: text,
      voice: voice ?? DEFAULT_VOICES[0],
      response_format: 'wav',
      ...(o.rate !== undefined && o.rate !== 1 ? { speed: o.rate } : {}),
    });
    const limit = o.limit ?? (this.o.timeoutMs ? undefined : ttsLimit(text));
    const res = await this.post('/audio/speech', body, headers, { ...o, ...(limit ? { limit } : {}) });
    const chunks: Uint8Array[] = [];
    let first: number | undefined;
    let received = 0;
    try {
      const reader = res.body?.getReader();
      for (;;) {
        const r = reader ? await reader.read() : { done: true as const, value: undefined };
        if (r.done) break;
        if (first === undefined && r.value.length) first = performance.now() - t0;
        received += r.value.length;
        if (received > MAX_TTS_OUTPUT_BYTES) {
          await reader?.cancel().catch(() => undefined);
          throw speechError(
            this.ctx,
            'bad_audio',
            `/audio/speech sent more than ${MAX_TTS_OUTPUT_BYTES / 1024 / 1024} MB of audio for one text`,
          );
        }
        chunks.push(r.value);
      }
    } catch (e) {
      if (o.signal?.aborted) throw speechError(this.ctx, 'cancelled', 'the call was cancelled');
      if ((e as Error).name === 'SpeechError') throw e;
      throw speechError(this.ctx, 'server_error', `the audio stream broke: ${(e as Error).message}`);
    }
    const total = performance.now() - t0;
    let audio: Buffer;
    try {
      audio = await toSpeechWav(Buffer.concat(chunks));
    } catch (e) {
      if (e instanceof NotWavError)
        throw speechError(
          this.ctx,
          'bad_audio',
          `/audio/speech did not return usable audio (asked for response_format wav): ${e.message}`,
        );
      throw e;
    }
    return { audio, timings: { ...(first !== undefined ? { first_audio_ms: first } : {}), total_ms: total } };
  }
}

export class OpenAiStt extends OpenAiSpeech implements SttEngine {
  constructor(spec: OpenAiSpec, o: OpenAiSpeechOptions = {}) {
    super(spec, 'stt', o);
  }
  async stt(audio: Buffer, o: SpeechCallOptions = {}): Promise<SttResult> {
    const wav = await audioToTranscribe(audio, (code, detail) => speechError(this.ctx, code, detail));
    const t0 = performance.now();
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(wav)], { type: 'audio/wav' }), 'audio.wav');
    form.append('model', this.ospec.model);
    form.append('response_format', 'json');
    const limit = o.limit ?? (this.o.timeoutMs ? undefined : sttLimit(durationMs(wav)));
    const res = await this.post('/audio/transcriptions', form, await this.headers(), {
      ...o,
      ...(limit ? { limit } : {}),
    });
    const raw = await res.text();
    let text: unknown;
    try {
      text = (JSON.parse(raw) as { text?: unknown }).text;
    } catch {
      text = undefined;
    }
    if (typeof text !== 'string')
      throw speechError(
        this.ctx,
        'server_error',
        `/audio/transcriptions answered without a "text" field: ${raw.slice(0, 200)}`,
      );
    return { text: text.replace(/\s+/g, ' ').trim(), timings: { total_ms: performance.now() - t0 } };
  }
}

export { SpeechError };
