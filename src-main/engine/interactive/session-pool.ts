import type { InteractiveSession } from './session.js';

export const DEFAULT_IDLE_MS = 30 * 60_000;

/** `30 minutes`, `1 minute`, `45 seconds`. */
export function idleText(ms: number): string {
  const [n, unit] = ms >= 60_000 ? [Math.round(ms / 60_000), 'minute'] : [Math.max(1, Math.round(ms / 1000)), 'second'];
  return `${n} ${unit}${n === 1 ? '' : 's'}`;
}

export interface SessionPoolOptions {
  /** A session unused this long is stopped and dropped (default 30 minutes). */
  idleMs?: number;
  /** How often idle sessions are looked for (default every minute). */
  sweepMs?: number;
  /** At most this many sessions: adding one more drops an ended one, else the least recently used idle one (default 20). */
  maxSessions?: number;
  now?: () => number;
}

/**
 * The open interactive sessions of the app. Sessions idle longer than `idleMs` (and not in the
 * middle of a step) are disposed by a periodic sweep; `dispose` closes them all (app shutdown).
 */
export class SessionPool {
  private readonly sessions = new Map<string, InteractiveSession>();
  private timer: ReturnType<typeof setInterval> | null = null;
  readonly idleMs: number;
  private readonly sweepMs: number;
  private readonly maxSessions: number;
  private readonly now: () => number;

  constructor(opts: SessionPoolOptions = {}) {
    this.idleMs = opts.idleMs ?? DEFAULT_IDLE_MS;
    this.sweepMs = opts.sweepMs ?? 60_000;
    this.maxSessions = opts.maxSessions ?? 20;
    this.now = opts.now ?? Date.now;
  }

  get size(): number {
    return this.sessions.size;
  }

  /** Adds a session; when the pool is full an ended (else the least recently used idle) session is closed first. */
  async add(s: InteractiveSession): Promise<void> {
    while (this.sessions.size >= this.maxSessions) {
      const idle = [...this.sessions.values()]
        .filter((x) => !x.isBusy)
        .sort((a, b) => Number(b.ended) - Number(a.ended) || a.lastActive - b.lastActive)[0];
      if (!idle) break;
      await this.remove(idle.id, 'closed to make room for a newer Try-it conversation');
    }
    this.sessions.set(s.id, s);
    if (!this.timer) {
      this.timer = setInterval(() => void this.sweep(), this.sweepMs);
      this.timer.unref?.();
    }
  }

  /** The session (marked as used now), or undefined when it never existed or was closed. */
  get(id: string): InteractiveSession | undefined {
    const s = this.sessions.get(id);
    s?.touch();
    return s;
  }

  /** Stops and drops a session; false when there was none. */
  async remove(id: string, reason = 'closed'): Promise<boolean> {
    const s = this.sessions.get(id);
    if (!s) return false;
    this.sessions.delete(id);
    this.stopTimerIfEmpty();
    await s.dispose(reason);
    return true;
  }

  /** Closes the sessions idle for longer than `idleMs`; returns their ids. */
  async sweep(): Promise<string[]> {
    const now = this.now();
    const expired = [...this.sessions.values()].filter((s) => !s.isBusy && now - s.lastActive > this.idleMs);
    await Promise.all(expired.map((s) => this.remove(s.id, `closed after ${idleText(this.idleMs)} without activity`)));
    return expired.map((s) => s.id);
  }

  async dispose(): Promise<void> {
    const all = [...this.sessions.keys()];
    await Promise.all(all.map((id) => this.remove(id, 'the app is shutting down')));
    this.stopTimerIfEmpty();
  }

  private stopTimerIfEmpty(): void {
    if (this.sessions.size === 0 && this.timer) {
      clearInterval(this.timer);
      this.timer = null;
    }
  }
}
