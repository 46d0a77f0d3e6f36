import type { JobInfo } from '../../src-shared/contract/jobs.js';
import type { RunEvent } from '../../src-shared/contract/events.js';
import type { Job } from '../app/index.js';
import { formatBytes } from '../../src-shared/text/format-bytes.js';
import { formatDuration } from '../../src-shared/text/format-duration.js';
import { info } from './output.js';

export interface FollowOptions {
  /** `--json`: nothing on stderr (stdout holds only the JSON). */
  quiet?: boolean;
  /** What the bar is labelled with (default: the job's title). */
  label?: string;
  /** What Ctrl-C says it does. */
  onInterrupt?: string;
}

const NOTE_GAP_MS = 1000;

/** The one progress printer of every long job: a bar redrawn in place on a TTY, plain lines when piped. */
export class JobProgress {
  private readonly tty = !!process.stderr.isTTY;
  private last: JobInfo | undefined;
  private lastLine = '';
  private printedDone = -1;
  private printedNote: string | undefined;
  private noteAt = -Infinity;

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
    else if (this.noteDue(job)) this.line(`${this.label}: ${counts(job)} · ${job.progress.note}`);
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

  end(): void {
    if (!this.quiet && this.tty) process.stderr.write('\n');
  }

  /** Plain lines: what the job says it is doing (a conversation's turn), when it changed, at most once a second. */
  private noteDue(job: JobInfo): boolean {
    const note = job.status === 'running' ? job.progress.note : undefined;
    if (!note || note === this.printedNote || Date.now() - this.noteAt < NOTE_GAP_MS) return false;
    this.printedNote = note;
    this.noteAt = Date.now();
    return true;
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
    const note = job?.status === 'running' ? job.progress.note : undefined;
    const line = `${this.label} [${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${job ? counts(job) : ''}  ${note || this.lastLine}`;
    const cols = Math.max(20, (process.stderr.columns || 100) - 1);
    process.stderr.write(`\r${line.slice(0, cols).padEnd(cols)}`);
  }
}

/**
 * A run job's conversations as they finish, one line each when piped ("PASS  greeting #2  1.2s  [3/10]"):
 * the hook to pass as `onEvent` when starting a run, resume, replay or evaluation.
 */
export function conversationLines(bar: JobProgress): (e: RunEvent) => void {
  let total = 0;
  let done = 0;
  return (e) => {
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
 * is kept), and its outcome (or its error) is returned.
 */
export async function followJob<T>(job: Job<T>, o: FollowOptions = {}, progress?: JobProgress): Promise<T> {
  const bar = progress ?? new JobProgress(o.label ?? job.info().title, o.quiet);
  bar.update(job.info());
  const off = job.subscribe((i) => bar.update(i));
  const onSigint = () => {
    info(`\ncancelling${o.onInterrupt ? ` (${o.onInterrupt})` : ''}`);
    job.cancel('cancelled by the user (Ctrl-C)');
  };
  process.once('SIGINT', onSigint);
  try {
    return await job.done;
  } finally {
    process.off('SIGINT', onSigint);
    off();
    bar.update(job.info());
    bar.end();
  }
}
