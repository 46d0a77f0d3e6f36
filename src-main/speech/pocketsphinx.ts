/**
 * The `pocketsphinx` preset: long-lived `pocketsphinx_batch` recognisers. Loading pocketsphinx's 27 MB
 * language model costs about 0.5 s of CPU, more than recognising a short sentence, so a recogniser is
 * started once and fed one utterance after another: the audio goes to a raw 16 kHz file in the
 * recogniser's own temporary folder, its name down the control file (a FIFO), and the hypothesis
 * comes back as one line of the hypothesis file (another FIFO: `text (id score)`). Batch decoding also hears better than
 * one `pocketsphinx_continuous` per file (4.3% against 7.4% word error rate on Parley's sentences).
 * Up to one recogniser per speech worker; one idle for a minute is closed; none keeps the process alive.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { closeSync, constants, mkdtempSync, openSync, rmSync, writeSync } from 'node:fs';
import { Socket } from 'node:net';
import { unlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { noAnswerWithin, sttLimit } from './budget.js';
import { watchCpu } from './cpu-watch.js';
import { fill } from './command.js';
import { speechError, type SpeechErrorContext } from './errors.js';
import { findPreset } from './presets.js';
import type { SpeechSpec } from './spec.js';
import { audioToTranscribe } from './stt-input.js';
import type { SpeechCallOptions, SpeechError, SpeechIdentity, SttEngine, SttResult, TimeLimit } from './types.js';
import { durationMs, samplesOf } from './wav.js';

type CommandSpec = Extract<SpeechSpec, { engine: 'command' }>;

/** A recogniser idle this long is closed (the next call starts another). */
const IDLE_MS = 60_000;
const HYP_LINE = /^(.*?)\s*\((\S+)\s+-?\d+\)\s*$/;

interface Pending {
  id: string;
  resolve: (text: string) => void;
  reject: (e: Error) => void;
}

/**
 * One pocketsphinx_batch process. Its control file and hypothesis file are two FIFOs in its folder: Node's
 * stdio pipes are sockets, which pocketsphinx cannot open as /dev/stdin. Parley holds the control FIFO open
 * for reading and writing (so the recogniser never reads an end of file until it is closed) and reads the
 * hypotheses through a non-blocking socket on the other FIFO (no thread of Node's pool waits on it).
 */
class Recogniser {
  private readonly child: ChildProcess;
  private readonly dir: string;
  private readonly ctl: number;
  private readonly hyp: Socket;
  private pending: Pending | undefined;
  private out = '';
  private readonly errTail: string[] = [];
  private next = 0;
  private idleTimer: NodeJS.Timeout | undefined;
  dead = false;

  constructor(
    argv: string[],
    private readonly fail: (code: SpeechError['code'], detail: string) => SpeechError,
    private readonly onGone: (r: Recogniser) => void,
  ) {
    this.dir = mkdtempSync(join(tmpdir(), 'parley-sphinx-'));
    const ctlPath = join(this.dir, 'ctl');
    const hypPath = join(this.dir, 'hyp');
    try {
      execFileSync('mkfifo', [ctlPath, hypPath], { stdio: 'ignore' });
    } catch (e) {
      rmSync(this.dir, { recursive: true, force: true });
      throw this.fail('engine_missing', `could not make the recogniser's FIFOs with mkfifo: ${(e as Error).message}`);
    }
    this.hyp = new Socket({
      fd: openSync(hypPath, constants.O_RDONLY | constants.O_NONBLOCK),
      readable: true,
      writable: false,
    });
    this.ctl = openSync(ctlPath, constants.O_RDWR);
    const filled = fill(argv, { dir: this.dir, ctl: ctlPath, hyp: hypPath });
    this.child = spawn(filled[0], filled.slice(1), { stdio: ['ignore', 'ignore', 'pipe'] });
    this.hyp.setEncoding('utf8');
    this.hyp.on('data', (d: string) => this.onOut(d));
    this.hyp.on('error', () => undefined);
    this.child.stderr!.setEncoding('utf8');
    this.child.stderr!.on('data', (d: string) => this.onErr(d));
    this.child.on('error', (e: NodeJS.ErrnoException) => {
      const preset = findPreset('pocketsphinx');
      this.end(
        e.code === 'ENOENT'
          ? this.fail('engine_missing', `the program "${argv[0]}" was not found on PATH (install: ${preset?.install})`)
          : this.fail('command_failed', e.message),
      );
    });
    this.child.on('close', (code, signal) => {
      const errors = this.errTail.filter((l) => /ERROR|FATAL/.test(l));
      const why = (errors.length ? errors : this.errTail).slice(-3).join(' | ');
      this.end(
        this.fail('command_failed', `${argv[0]} exited with ${code ?? signal}${why ? `: ${why.slice(0, 400)}` : ''}`),
      );
    });
    this.idle();
  }

  get busy(): boolean {
    return this.pending !== undefined;
  }

  private onOut(d: string): void {
    this.out += d;
    let nl: number;
    while ((nl = this.out.indexOf('\n')) >= 0) {
      const line = this.out.slice(0, nl);
      this.out = this.out.slice(nl + 1);
      const m = HYP_LINE.exec(line);
      if (m && this.pending && m[2] === this.pending.id) {
        const p = this.pending;
        this.pending = undefined;
        this.idle();
        p.resolve(m[1].replace(/\s+/g, ' ').trim());
      }
    }
  }

  private onErr(d: string): void {
    for (const line of d.split('\n')) if (line.trim() && !line.startsWith('INFO:')) this.errTail.push(line.trim());
    if (this.errTail.length > 40) this.errTail.splice(0, this.errTail.length - 40);
  }

  /** Not waiting for anything: the process must not keep Node running, and closes after IDLE_MS. */
  private idle(): void {
    this.child.unref();
    this.hyp.unref();
    (this.child.stderr as unknown as { unref?: () => void }).unref?.();
    clearTimeout(this.idleTimer);
    this.idleTimer = setTimeout(() => this.close(), IDLE_MS);
    this.idleTimer.unref();
  }

  private busyNow(): void {
    clearTimeout(this.idleTimer);
    this.child.ref();
    this.hyp.ref();
  }

  /** Recognises one utterance (16-bit samples at 16 kHz). */
  async recognise(samples: Int16Array, limit: TimeLimit, signal?: AbortSignal): Promise<string> {
    if (this.dead) throw this.fail('command_failed', 'the recogniser has stopped');
    const id = `u${this.next++}`;
    const file = join(this.dir, `${id}.raw`);
    await writeFile(file, Buffer.from(samples.buffer, samples.byteOffset, samples.byteLength));
    this.busyNow();
    let stopWatch: (() => void) | undefined;
    let onAbort: (() => void) | undefined;
    try {
      return await new Promise<string>((resolve, reject) => {
        this.pending = { id, resolve, reject };
        // CPU time of this utterance (the recogniser is busy with nothing else), with a wall-clock cap
        stopWatch = watchCpu(this.child.pid, limit, (by) => this.kill(this.fail('timeout', noAnswerWithin(limit, by))));
        onAbort = () => this.kill(this.fail('cancelled', 'the call was cancelled'));
        if (signal?.aborted) return onAbort();
        signal?.addEventListener('abort', onAbort, { once: true });
        writeSync(this.ctl, `${id}\n`);
      });
    } finally {
      stopWatch?.();
      if (onAbort) signal?.removeEventListener('abort', onAbort);
      await unlink(file).catch(() => undefined);
    }
  }

  /** Stops a recogniser that is stuck or no longer wanted; its pending call fails with `err`. */
  kill(err: SpeechError): void {
    this.end(err);
    this.child.kill('SIGKILL');
  }

  /** Ends the control file: the recogniser finishes and exits. */
  close(): void {
    this.end(this.fail('cancelled', 'the recogniser was closed'));
  }

  private end(err: SpeechError): void {
    clearTimeout(this.idleTimer);
    if (this.pending) {
      const p = this.pending;
      this.pending = undefined;
      p.reject(err);
    }
    if (this.dead) return;
    this.dead = true;
    try {
      closeSync(this.ctl);
    } catch {
      /* already closed */
    }
    this.hyp.destroy();
    rmSync(this.dir, { recursive: true, force: true });
    this.onGone(this);
  }
}

const everyRecogniser = new Set<PocketsphinxStt>();
let exitHook = false;

/** Closes every recogniser of the process (app shutdown, tests). */
export function closeRecognisers(): void {
  for (const e of everyRecogniser) e.close();
}

export class PocketsphinxStt implements SttEngine {
  private readonly idle: Recogniser[] = [];
  private readonly all = new Set<Recogniser>();
  private readonly waiting: ((r: Recogniser | undefined) => void)[] = [];
  private id: SpeechIdentity | undefined;

  constructor(
    readonly cspec: CommandSpec,
    /** How many recognisers may run at once (the speech workers). */
    private readonly maxRecognisers: () => number,
    /** A fixed time limit for every call (tests); default: scaled to the audio (budget.ts). */
    private readonly timeoutMs?: number,
  ) {
    everyRecogniser.add(this);
    if (!exitHook) {
      exitHook = true;
      // a recogniser reads EOF and ends when this process does; its folder goes now
      process.once('exit', closeRecognisers);
    }
  }

  get spec(): string {
    return this.cspec.raw;
  }

  private get ctx(): SpeechErrorContext {
    return { role: 'stt', engine: 'pocketsphinx', where: this.cspec.argv[0] };
  }

  private fail = (code: SpeechError['code'], detail: string): SpeechError => speechError(this.ctx, code, detail);

  async identity(): Promise<SpeechIdentity> {
    this.id ??= { engine: 'command', preset: 'pocketsphinx', command: this.cspec.argv };
    return this.id;
  }

  /** Recognisers running now (tests, bench). */
  get running(): number {
    return this.all.size;
  }

  private async acquire(): Promise<Recogniser> {
    const ready = this.idle.pop();
    if (ready) return ready;
    if (this.all.size < Math.max(1, this.maxRecognisers())) {
      const r = new Recogniser(this.cspec.argv, this.fail, (gone) => this.forget(gone));
      this.all.add(r);
      return r;
    }
    const r = await new Promise<Recogniser | undefined>((resolve) => this.waiting.push(resolve));
    return r ?? this.acquire();
  }

  private release(r: Recogniser): void {
    if (r.dead) return;
    const next = this.waiting.shift();
    if (next) next(r);
    else this.idle.push(r);
  }

  private forget(r: Recogniser): void {
    this.all.delete(r);
    const i = this.idle.indexOf(r);
    if (i >= 0) this.idle.splice(i, 1);
    // a waiter gets to start a recogniser of its own in the room this one left
    this.waiting.shift()?.(undefined);
  }

  async stt(audio: Buffer, o: SpeechCallOptions = {}): Promise<SttResult> {
    const wav = await audioToTranscribe(audio, this.fail);
    const limit =
      o.limit ??
      (this.timeoutMs ? { ms: this.timeoutMs, why: 'the fixed limit of this engine' } : sttLimit(durationMs(wav)));
    if (o.signal?.aborted) throw this.fail('cancelled', 'the call was cancelled');
    const t0 = performance.now();
    const r = await this.acquire();
    try {
      const text = await r.recognise(samplesOf(wav), limit, o.signal);
      return { text, timings: { total_ms: performance.now() - t0 } };
    } finally {
      this.release(r);
    }
  }

  /** Closes this engine's recognisers. */
  close(): void {
    for (const r of [...this.all]) r.close();
  }
}
