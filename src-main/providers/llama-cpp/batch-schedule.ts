/**
 * A batching dispatch schedule for a context shared by several sessions: instead of dispatching
 * on the next event-loop cycle (node-llama-cpp's default, which often sends a batch before the
 * other sequences have queued their next token), wait - at most `maxWaitMs` - until every busy
 * sequence has queued its decode. With one busy sequence it dispatches on the next cycle, as the
 * default does. Measured on the tiny model, 4 parallel conversations: 2.34 -> 3.0 items per batch
 * (412 -> 321 decode calls).
 */
import type { LlamaContext } from 'node-llama-cpp';

export type DispatchSchedule = (dispatch: () => void) => void;

export function gatheringSchedule(
  busySequences: () => number,
  context: () => LlamaContext | undefined,
  maxWaitMs: number,
): DispatchSchedule {
  return (dispatch) => {
    const start = performance.now();
    const check = () => {
      // internal field of node-llama-cpp 3.x; without it, behave like 'nextCycle'
      const queued = (context() as unknown as { _queuedDecodeSequenceIds?: Set<number> } | undefined)
        ?._queuedDecodeSequenceIds?.size;
      if (queued === undefined || queued >= busySequences() || performance.now() - start >= maxWaitMs) dispatch();
      else setImmediate(check);
    };
    setImmediate(check);
  };
}
