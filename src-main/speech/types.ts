/**
 * Speech engines (issue 11): one interface for text-to-speech and speech-to-text, beside the model
 * providers. Audio inside Parley is always 16 kHz mono 16-bit PCM WAV (see wav.ts).
 */

export type SpeechEngineKind = 'openai' | 'command' | 'whisper';

/** What was actually used, stored with a run (like ModelIdentity). */
export interface SpeechIdentity {
  engine: SpeechEngineKind;
  /** Built-in preset the spec named (espeak-ng, pocketsphinx, say, piper, whisper-cli). */
  preset?: string;
  /** Server model name (openai) or model file (whisper, command presets that take one). */
  model?: string;
  /** sha256 of the model file when there is one. */
  model_sha256?: string;
  /** Server base URL (openai), redacted. */
  endpoint?: string;
  /** The program and argv template (command). */
  command?: string[];
}

export interface SpeechTimings {
  /** Time to the first audio chunk (engines that stream; openai over HTTP). */
  first_audio_ms?: number;
  total_ms: number;
}

export interface TtsResult {
  /** 16 kHz mono 16-bit PCM WAV. */
  audio: Buffer;
  timings: SpeechTimings;
}

export interface SttWord {
  word: string;
  start_ms?: number;
  end_ms?: number;
}

export interface SttResult {
  text: string;
  words?: SttWord[];
  timings: SpeechTimings;
}

export interface SpeechCallOptions {
  signal?: AbortSignal;
  /** This call's time limit (budget.ts scales it to the text or the audio); default: the engine's. */
  limit?: TimeLimit;
  /** Text-to-speech: speaking rate, 1 = the engine's normal pace (engines that cannot change it ignore it). */
  rate?: number;
}

/** A time limit and how it was set ("10 s + 2 x the 3.1 s of audio of CPU time..."), named in the timeout error. */
export interface TimeLimit {
  /** Wall-clock cap. */
  ms: number;
  /** CPU-time budget of a local program (checked where the program's CPU time can be read: Linux). */
  cpuMs?: number;
  why: string;
}

export interface TtsEngine {
  /** The spec as given (for messages). */
  readonly spec: string;
  tts(text: string, voice?: string, o?: SpeechCallOptions): Promise<TtsResult>;
  identity(): Promise<SpeechIdentity>;
}

export interface SttEngine {
  readonly spec: string;
  stt(audio: Buffer, o?: SpeechCallOptions): Promise<SttResult>;
  identity(): Promise<SpeechIdentity>;
}

export const SPEECH_ERROR_CODES = [
  'invalid_spec',
  'engine_missing',
  'connection_refused',
  'unauthorized',
  'model_not_found',
  'server_error',
  'command_failed',
  'bad_audio',
  'silent_audio',
  'timeout',
  'cancelled',
] as const;
export type SpeechErrorCode = (typeof SPEECH_ERROR_CODES)[number];

/** An engine failed. The message names the engine, model and URL or command, never a key. */
export class SpeechError extends Error {
  constructor(
    message: string,
    readonly code: SpeechErrorCode,
    readonly engine: string,
  ) {
    super(message);
    this.name = 'SpeechError';
  }
}
