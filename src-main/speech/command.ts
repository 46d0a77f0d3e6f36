/**
 * `command:` engines and the built-in presets: a local program run with execFile-style spawn (no
 * shell), with a temp folder per call for {out}, {in} and {text_file}. The spoken text goes to stdin
 * or {text_file}; a template may put {text} in argv only where it cannot be read as an option
 * (spec.ts). A model file (piper:, whisper-cli:) must be a regular file within the size limit.
 */
import { spawn } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { speechError, type SpeechErrorContext } from './errors.js';
import { audioToTranscribe } from './stt-input.js';
import { findPreset } from './presets.js';
import { noAnswerWithin, sttLimit, ttsLimit } from './budget.js';
import { watchCpu } from './cpu-watch.js';
import type { SpeechRole, SpeechSpec } from './spec.js';
import {
  SpeechError,
  type SpeechCallOptions,
  type SpeechIdentity,
  type SttEngine,
  type TimeLimit,
  type SttResult,
  type TtsEngine,
  type TtsResult,
} from './types.js';
import { durationMs, NotWavError, toSpeechWav } from './wav.js';
import { FileRefusal, readFileBounded, sha256OfFile } from '../files/bounded-file.js';
import { MAX_SPEECH_MODEL_BYTES, MAX_TTS_OUTPUT_BYTES } from '../../src-shared/limits.js';

const MAX_OUTPUT = MAX_TTS_OUTPUT_BYTES;
/** Largest transcript a speech-to-text program may write to {out}. */
const MAX_TRANSCRIPT_BYTES = 4 * 1024 * 1024;

type CommandSpec = Extract<SpeechSpec, { engine: 'command' }>;

interface Ran {
  stdout: Buffer;
  ms: number;
}

function ctxOf(spec: CommandSpec, role: SpeechRole): SpeechErrorContext {
  return { role, engine: spec.preset ?? 'command', model: spec.model, where: spec.argv[0] };
}

/** Runs argv (no shell) with optional stdin; rejects with a SpeechError naming the program. */
function run(
  spec: CommandSpec,
  role: SpeechRole,
  argv: string[],
  stdin: Buffer | undefined,
  o: SpeechCallOptions,
  limit: TimeLimit,
): Promise<Ran> {
  const ctx = ctxOf(spec, role);
  const t0 = performance.now();
  return new Promise((resolve, reject) => {
    // its own process group (POSIX), so a program over its limit is stopped with everything it started
    const group = process.platform !== 'win32';
    const child = spawn(argv[0], argv.slice(1), { stdio: ['pipe', 'pipe', 'pipe'], signal: o.signal, detached: group });
    let over: 'cpu' | 'wall' | undefined;
    const stopWatch = watchCpu(child.pid, limit, (by) => {
      over = by;
      try {
        if (group && child.pid) process.kill(-child.pid, 'SIGKILL');
        else child.kill('SIGKILL');
      } catch {
        child.kill('SIGKILL');
      }
    });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let size = 0;
    child.stdout.on('data', (d: Buffer) => {
      size += d.length;
      if (size > MAX_OUTPUT) child.kill('SIGKILL');
      else out.push(d);
    });
    child.stderr.on('data', (d: Buffer) => err.length < 64 && err.push(d));
    child.stdin.on('error', () => {}); // a program that does not read stdin
    child.on('error', (e: NodeJS.ErrnoException) => {
      stopWatch();
      if (e.name === 'AbortError') return reject(speechError(ctx, 'cancelled', 'the call was cancelled'));
      if (e.code === 'ENOENT') {
        const preset = spec.preset ? findPreset(spec.preset) : undefined;
        return reject(
          speechError(
            ctx,
            'engine_missing',
            `the program "${argv[0]}" was not found on PATH${preset ? ` (install: ${preset.install})` : ''}`,
          ),
        );
      }
      if (e.code === 'EACCES') return reject(speechError(ctx, 'engine_missing', `"${argv[0]}" is not executable`));
      reject(speechError(ctx, 'command_failed', e.message));
    });
    child.on('close', (code, signal) => {
      stopWatch();
      const stderr = Buffer.concat(err).toString('utf8').trim().split('\n').slice(-4).join(' | ').slice(0, 400);
      if (over) return reject(speechError(ctx, 'timeout', noAnswerWithin(limit, over)));
      if (size > MAX_OUTPUT) return reject(speechError(ctx, 'command_failed', 'it wrote more than 64 MB to stdout'));
      if (code !== 0)
        return reject(
          speechError(ctx, 'command_failed', `${argv[0]} exited with ${code ?? signal}${stderr ? `: ${stderr}` : ''}`),
        );
      resolve({ stdout: Buffer.concat(out), ms: performance.now() - t0 });
    });
    if (stdin) child.stdin.end(stdin);
    else child.stdin.end();
  });
}

/** Placeholders that may have no value: the element holding one is dropped with a flag just before it (`-v {voice}`). */
const OPTIONAL = /\{(voice|rate|wpm|stretch)\}/;

/** Fills an argv template (each placeholder inside its own element: nothing is ever split or interpreted). */
export function fill(argv: string[], vars: Record<string, string | undefined>): string[] {
  const out: string[] = [];
  for (const a of argv) {
    const opt = OPTIONAL.exec(a);
    if (opt && !vars[opt[1]]) {
      if (out.length > 1 && out[out.length - 1].startsWith('-')) out.pop();
      continue;
    }
    out.push(
      a.replace(/\{(text_file|text|voice|out|in|rate|wpm|stretch|dir|ctl|hyp)\}/g, (m, k: string) => vars[k] ?? m),
    );
  }
  return out;
}

/** The rate placeholders for a speaking rate (1 = normal: none, so the engine's own default is used). */
export function rateVars(rate: number | undefined): Record<string, string | undefined> {
  if (rate === undefined || rate === 1) return {};
  return { rate: String(rate), wpm: String(Math.round(175 * rate)), stretch: (1 / rate).toFixed(3) };
}

async function withTemp<T>(fn: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), 'parley-speech-'));
  try {
    return await fn(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

abstract class CommandEngine {
  private id: Promise<SpeechIdentity> | undefined;
  private modelHash: Promise<string | undefined> | undefined;
  constructor(
    readonly cspec: CommandSpec,
    protected readonly role: SpeechRole,
    /** A fixed time limit for every call (tests); default: scaled to the text or the audio (budget.ts). */
    protected readonly timeoutMs?: number,
  ) {}
  get spec(): string {
    return this.cspec.raw;
  }
  /**
   * The model file's sha256, checked first: a regular file within MAX_SPEECH_MODEL_BYTES (`/dev/zero`
   * or a pipe is refused, never hashed). Undefined without a model file.
   */
  protected checkedModel(): Promise<string | undefined> {
    const model = this.cspec.model;
    this.modelHash ??= model
      ? sha256OfFile(model, { maxBytes: MAX_SPEECH_MODEL_BYTES, what: 'the model file' }).catch((e: unknown) => {
          if (e instanceof FileRefusal) throw this.fail('model_not_found', e.message);
          throw e;
        })
      : Promise.resolve(undefined);
    this.modelHash.catch(() => (this.modelHash = undefined));
    return this.modelHash;
  }
  identity(): Promise<SpeechIdentity> {
    this.id ??= (async () => {
      const hash = await this.checkedModel();
      return {
        engine: 'command',
        ...(this.cspec.preset ? { preset: this.cspec.preset } : {}),
        ...(this.cspec.model ? { model: this.cspec.model } : {}),
        ...(hash ? { model_sha256: hash } : {}),
        command: this.cspec.argv,
      };
    })();
    this.id.catch(() => (this.id = undefined));
    return this.id;
  }
  protected fail(code: SpeechError['code'], detail: string): SpeechError {
    return speechError(ctxOf(this.cspec, this.role), code, detail);
  }
  /** The call's limit: given, else the engine's fixed one, else `scaled`. */
  protected limitOf(o: SpeechCallOptions, scaled: () => TimeLimit): TimeLimit {
    return o.limit ?? (this.timeoutMs ? { ms: this.timeoutMs, why: 'the fixed limit of this engine' } : scaled());
  }
  protected run(argv: string[], stdin: Buffer | undefined, o: SpeechCallOptions, limit: TimeLimit): Promise<Ran> {
    return run(this.cspec, this.role, argv, stdin, o, limit);
  }
}

export class CommandTts extends CommandEngine implements TtsEngine {
  constructor(spec: CommandSpec, timeoutMs?: number) {
    super(spec, 'tts', timeoutMs);
  }
  async tts(text: string, voice?: string, o: SpeechCallOptions = {}): Promise<TtsResult> {
    const argv = this.cspec.argv;
    const voices = this.cspec.preset ? findPreset(this.cspec.preset)?.voices : undefined;
    const v = voice ?? voices?.[0];
    if (v?.startsWith('-'))
      throw this.fail('invalid_spec', `the voice "${v.slice(0, 100)}" starts with "-" (it would be read as an option)`);
    await this.checkedModel();
    const textInArgv = argv.some((a) => a.includes('{text}'));
    const textFile = argv.some((a) => a.includes('{text_file}'));
    const toFile = argv.some((a) => a.includes('{out}'));
    return withTemp(async (dir) => {
      const out = join(dir, 'out.wav');
      const text_file = join(dir, 'text.txt');
      if (textFile) await writeFile(text_file, text + '\n');
      const filled = fill(argv, { text, text_file, voice: v, out, ...rateVars(o.rate) });
      const limit = this.limitOf(o, () => ttsLimit(text));
      const ran = await this.run(filled, textInArgv || textFile ? undefined : Buffer.from(text + '\n'), o, limit);
      let raw: Buffer;
      if (toFile) {
        try {
          raw = await readFileBounded(out, { maxBytes: MAX_TTS_OUTPUT_BYTES, what: 'the WAV file {out}' });
        } catch (e) {
          if (e instanceof FileRefusal && e.code !== 'not_found')
            throw this.fail('bad_audio', `${argv[0]} wrote ${e.message.replace(/^the WAV file \{out\} "[^"]*" /, '')}`);
          throw this.fail('bad_audio', `${argv[0]} exited without writing the WAV file {out}`);
        }
      } else raw = ran.stdout;
      let audio: Buffer;
      try {
        audio = await toSpeechWav(raw);
      } catch (e) {
        if (e instanceof NotWavError) throw this.fail('bad_audio', `its output is not usable audio: ${e.message}`);
        throw e;
      }
      return { audio, timings: { total_ms: ran.ms } };
    });
  }
}

export class CommandStt extends CommandEngine implements SttEngine {
  constructor(spec: CommandSpec, timeoutMs?: number) {
    super(spec, 'stt', timeoutMs);
  }
  async stt(audio: Buffer, o: SpeechCallOptions = {}): Promise<SttResult> {
    const wav = await audioToTranscribe(audio, (code, detail) => this.fail(code, detail));
    await this.checkedModel();
    const argv = this.cspec.argv;
    const inFile = argv.some((a) => a.includes('{in}'));
    const toFile = argv.some((a) => a.includes('{out}'));
    return withTemp(async (dir) => {
      const inPath = join(dir, 'in.wav');
      const outPath = join(dir, 'out');
      if (inFile) await writeFile(inPath, wav);
      const limit = this.limitOf(o, () => sttLimit(durationMs(wav)));
      const ran = await this.run(fill(argv, { in: inPath, out: outPath }), inFile ? undefined : wav, o, limit);
      let text: string;
      if (toFile) {
        // what the program wrote, bounded (fstat first): a transcript is text, never megabytes
        const bounded = (f: string) =>
          readFileBounded(f, { maxBytes: MAX_TRANSCRIPT_BYTES, what: 'the text file {out}' }).then((b) =>
            b.toString('utf8'),
          );
        const read = await bounded(outPath).catch(() => bounded(`${outPath}.txt`).catch(() => undefined));
        if (read === undefined)
          throw this.fail('command_failed', `${argv[0]} exited without writing the text file {out}`);
        text = read;
      } else text = ran.stdout.toString('utf8');
      return { text: text.replace(/\s+/g, ' ').trim(), timings: { total_ms: ran.ms } };
    });
  }
}
