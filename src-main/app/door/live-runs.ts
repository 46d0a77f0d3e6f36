import type { LiveRun } from '../../../src-shared/contract/runs.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import { applyEvent, initialLive, runningTests, type LiveState } from '../../../src-shared/run/live.js';
import { type App } from '../app.js';
import { type RunHooks } from '../runs/runs.js';
import type { EventBus } from './events.js';

/**
 * What the app's windows see of the runs this process writes: every run event goes out on the event bus
 * and is folded with the shared reducer (src-shared/run/live.ts), so a page opened mid-run catches up on
 * the conversations in progress. Starting, cancelling and progress are the job registry's (app/jobs/).
 */
export class LiveRuns {
  private readonly live = new Map<string, LiveState>();

  constructor(
    private readonly app: () => App,
    private readonly events: EventBus,
  ) {}

  /** Hooks for a run use case: its events are kept (until it finishes) and forwarded. */
  hooks(): RunHooks {
    return {
      onEvent: (e: RunEvent) => {
        const state = this.live.get(e.run_id) ?? initialLive(e.run_id);
        if (e.type === 'run.finished') this.live.delete(e.run_id);
        else this.live.set(e.run_id, applyEvent(state, e));
        this.events.emit(e);
      },
    };
  }

  /** The planned total and the conversations in progress (for a page opened or reloaded mid-run). */
  get(id: string): LiveRun {
    const app = this.app();
    const total = app.runs.plannedTotal(id);
    const state = this.live.get(id);
    if (!state || !app.runs.runningHere(id)) return { active: false, total, running: [] };
    return {
      active: true,
      total,
      running: runningTests(state).map(({ test, test_index, repeat, transcript, partial }) => ({
        test,
        test_index,
        repeat,
        transcript: [...transcript],
        partial,
      })),
    };
  }
}
