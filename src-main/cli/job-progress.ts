import type { JobInfo } from '../../src-shared/contract/jobs.js';
import type { RunEvent } from '../../src-shared/contract/events.js';
import type { Job } from '../app/index.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import { formatDuration } from '../../src-shared/text/format-duration.js';
import { StepNotes } from '../../src-shared/run/step-note.js';
import { info } from './output.js';

export interface FollowOptions {
  /** `--json`: nothing on stderr (stdout holds only the JSON). */
  quiet?: boolean;
  /** What the bar is labelled with (default: the job's title). */
  label?: string;
  /** What Ctrl-C says it does. */
  onInterrupt?: string;
}

const STEP_GAP_MS = 1000;

/** The one progress printer of every long job: a bar redrawn in place on a TTY, plain lines when piped. */
export class JobProgress {
  private readonly tty = !!process.stderr.isTTY;
  private last: JobInfo | undefined;
  private lastLine = '';
  private printedDone = -1;
  private stepLine = '';
  private printedStep = '';
  private stepAt = -Infinity;
  /** A step that came inside the gap, printed when it has passed. */
  private waiting: string | undefined;
  private stepTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly label: string,
    private readonly quiet = false,
  ) {}

  /** A job's progress changed. */
  update(job: JobInfo): void {
    this.last = job;
    if (this.quiet) return;
    if (this.tty) this.draw();
    else if (!this.lastLine && this.due(job)) this.line(`${this.label}: ${counts(job)}`);
  }

  /**
   * Something a person wants to read about the unit that just finished ("PASS greeting 1.2s"), with its
   * place in the job ("3/10"; default: the job's counts as last heard).
   */
  note(text: string, place?: string): void {
    this.lastLine = text;
    if (this.quiet) return;
    if (this.tty) this.draw();
    else this.line(`${text}  [${place ?? (this.last ? counts(this.last) : '')}]`);
  }

  /**
   * What the job is doing now, when a unit is slow ("conversation 2 of 5: turn 3, recognising the caller
   * (speech)"); '' when it is over. Plain lines: when it changed, at most once a second; a step that came
   * inside the gap is printed when the gap has passed (the latest one, if the step is not over by then).
   */
  step(text: string): void {
    this.stepLine = text;
    if (this.quiet) return;
    if (!text) this.waiting = undefined;
    else if (this.tty) this.draw();
    else {
      this.waiting = text;
      this.printStep();
    }
  }

  end(): void {
    clearTimeout(this.stepTimer);
    this.stepTimer = undefined;
    this.waiting = undefined;
    if (!this.quiet && this.tty) process.stderr.write('\n');
  }

  /** The waiting step as a plain line, now or when the last one's gap has passed. */
  private printStep(): void {
    const text = this.waiting;
    if (text === undefined || this.stepTimer) return;
    if (text === this.printedStep) {
      this.waiting = undefined;
      return;
    }
    const wait = this.stepAt + STEP_GAP_MS - Date.now();
    if (wait > 0) {
      this.stepTimer = setTimeout(() => {
        this.stepTimer = undefined;
        this.printStep();
      }, wait);
      this.stepTimer.unref();
      return;
    }
    this.waiting = undefined;
    this.printedStep = text;
    this.stepAt = Date.now();
    this.line(`${this.label}: ${this.last ? `${counts(this.last)} · ` : ''}${text}`);
  }

  /** Plain lines: every unit for small jobs, about every 5% for big ones, and the last one. */
  private due(job: JobInfo): boolean {
    const { done, total } = job.progress;
    if (done === this.printedDone) return false;
    const step = total && total > 40 ? Math.ceil(total / 20) : 1;
    if (done !== total && done % step !== 0) return false;
    this.printedDone = done;
    return true;
  }

  private line(text: string): void {
    info(text);
  }

  private draw(): void {
    const job = this.last;
    const done = job?.progress.done ?? 0;
    const total = job?.progress.total ?? null;
    const width = 24;
    const filled = total ? Math.min(width, Math.round((done / total) * width)) : 0;
    const line = `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${job ? counts(job) : ''}  ${this.stepLine || this.lastLine}`;
    const cols = Math.max(20, (process.stderr.columns || 100) - 1);
    process.stderr.write(`\r${line.slice(0, cols).padEnd(cols)}`);
  }
}

/**
 * A run job's conversations as they finish, one line each when piped ("PASS  greeting #2  1.2s  [3/10]"),
 * and their steps as they go, the same notes as the app's run job: the turns done so far ("conversation 2 of
 * 4: 3 turns so far", so a slow local model shows more than "0/4") and slow steps (speech: "conversation 2 of
 * 5: turn 3, recognising the caller (speech)"): the hook to pass as `onEvent` when starting a run, resume,
 * replay or evaluation.
 */
export function conversationLines(bar: JobProgress): (e: RunEvent) => void {
  let total = 0;
  let done = 0;
  const steps = new StepNotes(null, { turns: true });
  return (e) => {
    const step = steps.apply(e);
    if (step !== undefined) bar.step(step);
    if (e.type === 'run.started') total = e.total;
    if (e.type !== 'test.finished') return;
    done++;
    const repeat = e.repeat ? ` #${e.repeat + 1}` : '';
    bar.note(
      `${e.status.toUpperCase().padEnd(5)} ${e.test}${repeat}  ${(e.duration_ms / 1000).toFixed(1)}s`,
      `${done}/${total}`,
    );
  };
}

/** "3/10 conversations · about 12 s left". */
function counts(job: JobInfo): string {
  const { done, total, unit, eta_ms } = job.progress;
  const eta = eta_ms && job.status === 'running' ? ` · about ${formatDuration(eta_ms)} left` : '';
  if (unit === 'bytes') return `${formatBytes(done)}${total !== null ? ` of ${formatBytes(total)}` : ''}${eta}`;
  return `${done}${total !== null ? `/${total}` : ''} ${unit}${eta}`;
}

/**
 * Follows a job to its end: progress on stderr (nothing with `quiet`), Ctrl-C cancels it (what finished
 * is kept), and its outcome (or its error) is returned. Given the promise of a job that is still starting
 * (a model loading), Ctrl-C is caught from then on: a job that then starts is cancelled at once.
 */
export async function followJob<T>(
  starting: Job<T> | Promise<Job<T>>,
  o: FollowOptions = {},
  progress?: JobProgress,
): Promise<T> {
  let job: Job<T> | undefined;
  let interrupted = false;
  const onSigint = () => {
    info(`\ncancelling${o.onInterrupt ? ` (${o.onInterrupt})` : ''}`);
    interrupted = true;
    job?.cancel('cancelled by the user (Ctrl-C)');
  };
  process.once('SIGINT', onSigint);
  let off = () => {};
  let bar: JobProgress | undefined;
  try {
    job = await starting;
    bar = progress ?? new JobProgress(o.label ?? job.info().title, o.quiet);
    bar.update(job.info());
    const b = bar;
    off = job.subscribe((i) => b.update(i));
    if (interrupted) job.cancel('cancelled by the user (Ctrl-C)');
    return await job.done;
  } finally {
    process.off('SIGINT', onSigint);
    off();
    if (job && bar) {
      bar.update(job.info());
      bar.end();
    }
  }
}
