import type { LiveRun } from '../../../src-shared/contract/runs.js';
import type { RunEvent } from '../../../src-shared/contract/events.js';
import { applyEvent, initialLive, runningTests, type LiveState } from '../../../src-shared/run/live.js';
import { ModelSpec, type ModelSpecInput, type Run, type RunOptions } from '../../../src-shared/schemas/index.js';
import { requireRun, requireSuite, suiteOfRun, type App } from '../../app/index.js';
import { appOf } from '../app-service.js';
import { makePlan, type RunHandle } from '../../engine/index.js';
import type { ApiContext } from '../context.js';
import { ApiFailure, notFound } from '../errors.js';

interface ActiveRun {
  handle: RunHandle;
  /** What a page opened mid-run needs: the conversations in progress (the shared reducer of run events). */
  live: LiveState;
}

export interface StartInput {
  agent_id: string;
  agent_version_id?: string;
  suite_id?: string;
  /** Run the suite copy kept with this run instead of a stored suite. */
  suite_from_run?: string;
  models: { agent: ModelSpecInput; caller?: ModelSpecInput; judge?: ModelSpecInput };
  options: Partial<RunOptions>;
}

const spec = (s: ModelSpecInput | undefined) => (s ? ModelSpec.parse(s) : undefined);

/**
 * The app's door to the run use cases (src-main/app): keeps the handles of the runs this process is
 * running, forwards their events to the UI, folds them with the shared reducer so a page opened
 * mid-run can catch up, cancels, and on dispose cancels every running run.
 */
export class RunManager {
  private readonly active = new Map<string, ActiveRun>();
  private disposed = false;

  constructor(private readonly ctx: ApiContext) {}

  private get app(): App {
    if (this.disposed) throw new ApiFailure({ code: 'unavailable', message: 'the app is shutting down' });
    return appOf(this.ctx);
  }

  async start(input: StartInput): Promise<string> {
    const suite = input.suite_id
      ? requireSuite(this.ctx.store, input.suite_id)
      : suiteOfRun(this.ctx.store, input.suite_from_run ?? '');
    return this.track((onEvent) =>
      this.app.runs.start(
        {
          agent: input.agent_id,
          agent_version: input.agent_version_id,
          suite,
          models: {
            agent: ModelSpec.parse(input.models.agent),
            caller: spec(input.models.caller),
            judge: spec(input.models.judge),
          },
          options: input.options,
        },
        { onEvent },
      ),
    );
  }

  async resume(id: string, force = false): Promise<string> {
    return this.track((onEvent) => this.app.runs.resume(id, { onEvent }, { activeHere: this.active.has(id), force }));
  }

  /** Judges a stored run's conversations with a suite (no simulation); returns the new run's id once every verdict is stored. */
  async evaluate(input: { id: string; suite_id: string; judge?: ModelSpecInput; test?: string }): Promise<string> {
    const suite = requireSuite(this.ctx.store, input.suite_id);
    let done = 0;
    let total = 0;
    const id = await this.track((onEvent) =>
      this.app.runs.evaluate(
        { run_id: input.id, suite, judge: spec(input.judge), test: input.test },
        {
          onEvent: (e) => {
            onEvent(e);
            if (e.type === 'run.started') total = e.total;
            if (e.type === 'test.finished')
              this.ctx.events.emit({ type: 'evaluate.progress', run_id: input.id, done: ++done, total });
          },
        },
        this.active.has(input.id),
      ),
    );
    await this.wait(id);
    return id;
  }

  /** Replays a run's recorded caller turns against an agent version; returns the replay run's id as soon as it exists (progress as run events). */
  async replay(input: {
    id: string;
    agent_version_id?: string;
    agent_model?: ModelSpecInput;
    judge_model?: ModelSpecInput;
  }): Promise<string> {
    return this.track((onEvent) =>
      this.app.runs.replay(
        {
          run_id: input.id,
          agent_version: input.agent_version_id,
          agent_model: spec(input.agent_model),
          judge_model: spec(input.judge_model),
        },
        { onEvent },
        this.active.has(input.id),
      ),
    );
  }

  /** Groups a finished run's failures into problems with the given judge (default: the run's judge model) and stores them. */
  groupFailures(id: string, judge?: ModelSpecInput): Promise<Run> {
    return this.app.runs.groupFailures(id, spec(judge), this.active.has(id));
  }

  private async track(begin: (onEvent: (e: RunEvent) => void) => Promise<RunHandle>): Promise<string> {
    // events may arrive before the handle does (a run that fails at once): fold them when it comes
    const slot: { entry?: ActiveRun; early: RunEvent[] } = { early: [] };
    const onEvent = (e: RunEvent) => {
      if (slot.entry) slot.entry.live = applyEvent(slot.entry.live, e);
      else slot.early.push(e);
      this.ctx.events.emit(e);
    };
    const handle = await begin(onEvent);
    slot.entry = { handle, live: slot.early.reduce(applyEvent, initialLive(handle.runId)) };
    this.active.set(handle.runId, slot.entry);
    void handle.done.finally(() => this.active.delete(handle.runId));
    return handle.runId;
  }

  cancel(id: string): boolean {
    const a = this.active.get(id);
    if (!a) {
      requireRun(this.ctx.store, id);
      return false;
    }
    a.handle.cancel('cancelled by the user');
    return true;
  }

  /** The planned total and the conversations in progress (for a page opened or reloaded mid-run). */
  live(id: string): LiveRun {
    const a = this.active.get(id);
    if (a)
      return {
        active: true,
        total: a.handle.total,
        running: runningTests(a.live).map(({ test, test_index, repeat, transcript, partial }) => ({
          test,
          test_index,
          repeat,
          transcript: [...transcript],
          partial,
        })),
      };
    const run = this.ctx.store.runs.get(id);
    if (!run) throw notFound(`run ${id}`);
    const suite = this.ctx.store.runs.suiteSnapshot(id);
    let total: number | null = null;
    try {
      total = suite ? makePlan(suite, run.options).total : null;
    } catch {
      total = null;
    }
    return { active: false, total, running: [] };
  }

  isActive(id: string): boolean {
    return this.active.has(id);
  }

  /** Waits for a run this manager started (tests, shutdown). */
  async wait(id: string): Promise<void> {
    await this.active.get(id)?.handle.done;
  }

  /** Cancels every running run, waits for them to settle (bounded), then unloads the models. */
  async dispose(timeoutMs = 15_000): Promise<void> {
    this.disposed = true;
    const runs = [...this.active.values()];
    for (const a of runs) a.handle.cancel('the app is shutting down');
    await Promise.race([
      Promise.all(runs.map((a) => a.handle.done)),
      new Promise((r) => setTimeout(r, timeoutMs).unref()),
    ]);
  }
}
