/**
 * Several contexts ("lanes") of one loaded model, each with its own sequence pool. A real model
 * uses every core in one context and has one lane: its parallel conversations are batched into
 * shared decodes, which is what saves time when decoding is bound by reading the weights. A tiny
 * model decodes fastest on one thread and a decode costs little more than the JS and sampling
 * around it, so batching saves almost nothing (one context: 1.17x at 4 conversations on 2 cores);
 * instead each parallel conversation gets a one-thread context of its own, and while one waits
 * for JS or sampling another decodes (4 lanes: 1.82x; bench/parallel-speedup.ts). A session is
 * placed on the lane with the fewest sessions on its first call and stays there: its KV cache
 * lives there.
 */
import type { Slot, SlotPool, SlotPoolStats } from './slot-pool.js';

export interface LanePoolStats extends SlotPoolStats {
  lanes: number;
  /** Sessions placed on each lane right now. */
  perLane: number[];
}

export class LanePool {
  private readonly laneOf = new WeakMap<object, number>();
  private readonly sessionsPerLane: number[];

  constructor(readonly lanes: readonly SlotPool[]) {
    if (lanes.length === 0) throw new Error('a lane pool needs at least one lane');
    this.sessionsPerLane = lanes.map(() => 0);
  }

  /** Gets a sequence for `owner` on its lane, waiting if all of that lane's are mid-call. */
  acquire(owner: object, signal?: AbortSignal): Promise<Slot> {
    return this.lanes[this.place(owner)].acquire(owner, signal);
  }

  release(slot: Slot): void {
    this.lanes[slot.lane].release(slot);
  }

  /** The owner is gone: its sequence and its place on the lane become free. */
  disown(owner: object): void {
    const lane = this.laneOf.get(owner);
    if (lane === undefined) return;
    this.laneOf.delete(owner);
    this.sessionsPerLane[lane]--;
    this.lanes[lane].disown(owner);
  }

  /** Sequences mid-call on every lane. */
  busyCount(): number {
    return this.lanes.reduce((n, l) => n + l.busyCount(), 0);
  }

  stats(): LanePoolStats {
    const all = this.lanes.map((l) => l.stats());
    const sum = (k: keyof SlotPoolStats) => all.reduce((n, s) => n + s[k], 0);
    return {
      size: sum('size'),
      created: sum('created'),
      busy: sum('busy'),
      hits: sum('hits'),
      takeovers: sum('takeovers'),
      waits: sum('waits'),
      lanes: this.lanes.length,
      perLane: [...this.sessionsPerLane],
    };
  }

  async close(): Promise<void> {
    await Promise.all(this.lanes.map((l) => l.close()));
  }

  private place(owner: object): number {
    let lane = this.laneOf.get(owner);
    if (lane === undefined) {
      lane = this.sessionsPerLane.indexOf(Math.min(...this.sessionsPerLane));
      this.laneOf.set(owner, lane);
      this.sessionsPerLane[lane]++;
    }
    return lane;
  }
}
