/**
 * The context sequences of one LlamaContext, shared by the sessions of a model. A session keeps
 * "its" sequence between calls (so the prefix it already evaluated is reused). When more sessions
 * are open than there are sequences, an idle sequence of another session is taken over (least
 * recently used first; that session re-evaluates its prefix on its next call); when every sequence
 * is mid-call, the call waits.
 */
import type { ChatWrapper, LlamaChat, LlamaContext, LlamaContextSequence } from 'node-llama-cpp';

export interface Slot {
  index: number;
  /** The lane (context) this sequence belongs to; see lane-pool.ts. */
  lane: number;
  sequence: LlamaContextSequence;
  chat: LlamaChat;
  owner?: object;
  busy: boolean;
  lastUsed: number;
}

export interface SlotPoolStats {
  size: number;
  created: number;
  busy: number;
  /** Calls that found their own sequence still holding their prefix. */
  hits: number;
  /** Calls that took over another session's idle sequence. */
  takeovers: number;
  /** Calls that had to wait for a sequence. */
  waits: number;
}

type Waiter = {
  owner: object;
  resolve: (s: Slot) => void;
  reject: (e: unknown) => void;
  signal?: AbortSignal;
  onAbort?: () => void;
};

export class SlotPool {
  private readonly slots: Slot[] = [];
  private readonly waiters: Waiter[] = [];
  private readonly counters = { hits: 0, takeovers: 0, waits: 0 };
  private tick = 0;
  private closed = false;

  constructor(
    private readonly context: LlamaContext,
    private readonly wrapper: ChatWrapper,
    readonly size: number,
    private readonly LlamaChatClass: typeof LlamaChat,
    readonly lane = 0,
  ) {}

  /** Gets a sequence for `owner`, waiting if all are mid-call. Pair with `release`. */
  async acquire(owner: object, signal?: AbortSignal): Promise<Slot> {
    if (this.closed) throw new Error('model is closed');
    signal?.throwIfAborted();
    const slot = this.pick(owner);
    if (slot) return slot;
    this.counters.waits++;
    return new Promise<Slot>((resolve, reject) => {
      const w: Waiter = { owner, resolve, reject, signal };
      if (signal) {
        w.onAbort = () => {
          const i = this.waiters.indexOf(w);
          if (i >= 0) this.waiters.splice(i, 1);
          reject(signal.reason);
        };
        signal.addEventListener('abort', w.onAbort, { once: true });
      }
      this.waiters.push(w);
    });
  }

  /** Ends a call: the sequence stays with its owner, and the next waiter (if any) gets a turn. */
  release(slot: Slot): void {
    slot.busy = false;
    slot.lastUsed = ++this.tick;
    this.serveWaiters();
  }

  /** The owner is gone (session disposed): its sequence becomes free (its KV stays for prefix reuse). */
  disown(owner: object): void {
    for (const s of this.slots) if (s.owner === owner) s.owner = undefined;
    this.serveWaiters();
  }

  /** Sequences mid-call right now. */
  busyCount(): number {
    let n = 0;
    for (const s of this.slots) if (s.busy) n++;
    return n;
  }

  stats(): SlotPoolStats {
    return {
      size: this.size,
      created: this.slots.length,
      busy: this.slots.filter((s) => s.busy).length,
      ...this.counters,
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const w of this.waiters.splice(0)) w.reject(new Error('model is closed'));
    for (const s of this.slots) {
      s.chat.dispose({ disposeSequence: false });
      if (!s.sequence.disposed) await s.sequence.dispose();
    }
  }

  private serveWaiters(): void {
    for (let i = 0; i < this.waiters.length;) {
      const w = this.waiters[i];
      const slot = this.pick(w.owner);
      if (!slot) {
        i++;
        continue;
      }
      this.waiters.splice(i, 1);
      if (w.signal && w.onAbort) w.signal.removeEventListener('abort', w.onAbort);
      w.resolve(slot);
    }
  }

  private pick(owner: object): Slot | undefined {
    const mine = this.slots.find((s) => s.owner === owner);
    if (mine) {
      if (mine.busy) return undefined; // one call at a time per session
      this.counters.hits++;
      return this.take(mine, owner);
    }
    const free = this.slots.filter((s) => !s.owner && !s.busy).sort((a, b) => b.lastUsed - a.lastUsed)[0];
    if (free) return this.take(free, owner);
    if (this.slots.length < this.size) {
      const sequence = this.context.getSequence();
      const slot: Slot = {
        index: this.slots.length,
        lane: this.lane,
        sequence,
        chat: new this.LlamaChatClass({ contextSequence: sequence, chatWrapper: this.wrapper }),
        busy: false,
        lastUsed: 0,
      };
      this.slots.push(slot);
      return this.take(slot, owner);
    }
    const idle = this.slots.filter((s) => !s.busy).sort((a, b) => a.lastUsed - b.lastUsed)[0];
    if (idle) {
      this.counters.takeovers++;
      return this.take(idle, owner);
    }
    return undefined;
  }

  private take(slot: Slot, owner: object): Slot {
    slot.owner = owner;
    slot.busy = true;
    slot.lastUsed = ++this.tick;
    return slot;
  }
}
