import PQueue from 'p-queue';

/**
 * The one loop that works through a plan: items are drawn lazily from an iterable (a plan of a
 * million conversations is never held in memory), at most `concurrency` run at once, and the pool
 * stops at the first failure of `work` (an unexpected error: a store that cannot write, a bug) or when
 * the signal aborts. Every kind of run (simulated, resumed, replayed, evaluated) and every batch of
 * model work over stored data (re-judging, routing analysis) goes through it.
 */
export interface PoolOptions<Item, Out> {
  items: Iterable<Item>;
  concurrency: number;
  signal: AbortSignal;
  /** Does one item; `undefined` means abandoned (cancelled): nothing to hand on. */
  work: (item: Item) => Promise<Out | undefined>;
  /** Called in completion order for every finished item (store it, emit an event). A throw stops the pool. */
  onOutput?: (out: Out, item: Item) => void;
}

export interface PoolOutcome {
  /** Items whose work finished and was handed to onOutput. */
  finished: number;
  /** The first unexpected failure, if any (the pool stopped there). */
  failure?: string;
  /** The signal aborted before every item was done. */
  aborted: boolean;
}

const messageOf = (e: unknown) => (e as Error)?.message ?? String(e);

export async function runPool<Item, Out>(o: PoolOptions<Item, Out>): Promise<PoolOutcome> {
  const concurrency = Math.max(1, Math.floor(o.concurrency) || 1);
  const queue = new PQueue({ concurrency });
  let failure: string | undefined;
  let finished = 0;
  const stopped = () => o.signal.aborted || failure !== undefined;
  const onAbort = () => queue.clear();
  o.signal.addEventListener('abort', onAbort, { once: true });
  try {
    for (const item of o.items) {
      if (stopped()) break;
      // keep a short backlog only: the plan is drawn as the pool frees up
      if (queue.size >= concurrency) await queue.onSizeLessThan(concurrency);
      if (stopped()) break;
      void queue
        .add(async () => {
          if (stopped()) return;
          const out = await o.work(item);
          if (out === undefined || failure !== undefined) return;
          o.onOutput?.(out, item);
          finished++;
        })
        .catch((e: unknown) => {
          failure ??= messageOf(e);
          queue.clear();
        });
    }
  } catch (e) {
    // the plan itself failed while being drawn
    failure ??= messageOf(e);
    queue.clear();
  }
  await queue.onIdle();
  o.signal.removeEventListener('abort', onAbort);
  return { finished, ...(failure !== undefined ? { failure } : {}), aborted: o.signal.aborted };
}
