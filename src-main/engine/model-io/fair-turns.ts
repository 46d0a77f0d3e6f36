/**
 * Keeps the process responsive when many conversations' model answers arrive at once (issue 15: event-loop
 * lag p99 < 50 ms at 64 conversations in flight). An answer's continuation (the engine's next step: parse,
 * route, store, build the next request) runs only in a later "check" phase of the event loop, and each such
 * phase runs continuations for at most SLICE_MS before the rest wait for the next loop turn. Without it,
 * every answer that arrived in one poll phase was carried to its next request in that same turn (64 x ~1 ms),
 * and timers, IPC and the app's API waited behind all of them.
 *
 * Costs one setImmediate per loop turn with answers; the order of continuations is their arrival order.
 */

/** Work per loop turn before the rest waits for the next turn: well under the 50 ms lag target. */
export const SLICE_MS = 2;

// captured at load: tests that fake timers must not be able to park the engine forever
const nextCheckPhase = globalThis.setImmediate;
const parked: Array<() => void> = [];
let armed = false;

function release(): void {
  armed = false;
  const started = performance.now();
  const step = (): void => {
    if (!parked.length) return;
    if (performance.now() - started >= SLICE_MS) return arm();
    parked.shift()!();
    // the released continuation's own microtasks run before this next step
    queueMicrotask(step);
  };
  step();
}

function arm(): void {
  if (armed) return;
  armed = true;
  nextCheckPhase(release);
}

/** Resolves when the caller's continuation may run: in the next check phase, within that phase's time slice. */
export function fairTurn(): Promise<void> {
  return new Promise((resolve) => {
    parked.push(resolve);
    arm();
  });
}

/** Continuations waiting for their turn (tests, diagnostics). */
export function parkedTurns(): number {
  return parked.length;
}
