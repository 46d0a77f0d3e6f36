import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import type { MethodInput } from '../../../src-shared/contract/index.js';

/** Starts a run through the API (as the New run dialog does) and waits until it has completed; returns its id. */
export async function finishedRun(
  ctx: ApiContext,
  input: MethodInput<'runs.start'>,
  timeoutMs = 20_000,
): Promise<string> {
  const started = await dispatch(ctx, 'runs.start', input);
  if (!started.ok) throw new Error(started.error.message);
  const runId = (started.output as { run_id: string }).run_id;
  const t0 = Date.now();
  while (ctx.store.runs.get(runId)?.status !== 'completed') {
    if (Date.now() - t0 > timeoutMs) throw new Error('run did not finish');
    await new Promise((r) => setTimeout(r, 50));
  }
  return runId;
}
