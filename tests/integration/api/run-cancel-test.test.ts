/** Cancelling one test of a running run (runs.cancelTest), and rerunning a run's tests (runs.rerun), through dispatch. */
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { goodScript, seedClinic, writeScript } from './run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';

describe('one test of a running run cancelled (scripted model, a slow step)', () => {
  const api = useApiContext();
  const { call, until, events } = api;

  it('its conversations end as cancelled; the other tests go on and the run completes', async () => {
    const { agentId, suiteId } = seedClinic(api.store, {
      tests: [
        { name: 'first', user_prompt: 'Book a cleaning.', max_turns: 2 },
        { name: 'slow one', user_prompt: 'Book a cleaning.', max_turns: 2, repeats: 3 },
        { name: 'last', user_prompt: 'Book a cleaning.', max_turns: 2 },
      ],
    });
    // every model call waits 150 ms: a conversation takes long enough to be cancelled in the middle
    const script = writeScript(
      api.dir,
      'slow',
      goodScript({ defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 150 } }),
    );
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
      options: { concurrency: 1 },
    });
    await until(() => events.some((e) => e.type === 'test.started' && e.run_id === run_id && e.test === 'slow one'));
    expect(await call('runs.cancelTest', { id: run_id, test: 'slow one' })).toEqual({ cancelled: true });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id), 30_000);

    const got = await call('runs.get', { id: run_id });
    expect(got.run.status).toBe('completed');
    const rows = got.results.map((r) => [r.test, r.repeat, r.status, r.end_reason]);
    expect(rows).toEqual(
      expect.arrayContaining([
        ['first', 0, 'pass', expect.any(String)],
        ['slow one', 0, 'error', 'cancelled'],
        ['slow one', 1, 'error', 'cancelled'],
        ['slow one', 2, 'error', 'cancelled'],
        ['last', 0, 'pass', expect.any(String)],
      ]),
    );
    expect(rows).toHaveLength(5);
    expect(got.run.summary).toMatchObject({ total: 5, passed: 2, errored: 3 });
    // the running conversation was stopped, not waited for: the later repeats never started
    const started = events.filter((e) => e.type === 'test.started' && e.run_id === run_id && e.test === 'slow one');
    expect(started).toHaveLength(1);
    const cancelled = await call('runs.result', { id: got.results.find((r) => r.test === 'slow one')!.id });
    expect(cancelled.error).toBe('cancelled: test "slow one" was cancelled while the run ran');

    // a finished run has nothing to cancel; an unknown test is refused with its field
    expect(await call('runs.cancelTest', { id: run_id, test: 'last' })).toEqual({ cancelled: false });
    expect(await dispatch(api.ctx, 'runs.cancelTest', { id: run_id, test: 'nope' })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', path: 'test' },
    });

    // Rerun failed: the cancelled test again, with the run's agent version, models and options
    const rerun = await call('runs.rerun', { id: run_id, failed: true });
    expect(rerun.tests).toEqual(['slow one']);
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === rerun.run_id), 30_000);
    const again = await call('runs.get', { id: rerun.run_id });
    expect(again.run).toMatchObject({
      source_run_id: run_id,
      agent_version_id: got.run.agent_version_id,
      status: 'completed',
      options: { concurrency: 1, tests: ['slow one'] },
    });
    expect(again.run.models.agent?.spec).toEqual(got.run.models.agent?.spec);
    expect(again.results.map((r) => [r.test, r.status])).toEqual([
      ['slow one', 'pass'],
      ['slow one', 'pass'],
      ['slow one', 'pass'],
    ]);
  });
});
