import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { goodScript, seedClinic, writeScript } from './run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';

/**
 * "Run again" for a run whose suite is not stored (started from the CLI with a tests file, or its suite was
 * deleted since): the run's own copy of its suite is read (runs.suite) and run again (runs.start suite_from_run).
 */
describe('run again from the suite copy kept with a run', () => {
  const api = useApiContext();
  const { call, until, events } = api;

  async function finishedRun() {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'good', goodScript());
    const models = { agent: { provider: 'scripted' as const, model: script } };
    const { run_id } = await call('runs.start', { agent_id: agentId, suite_id: suiteId, models, options: {} });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    return { agentId, suiteId, models, runId: run_id };
  }

  it('reads the suite copy of a run whose suite was deleted, and runs it again', async () => {
    const { agentId, suiteId, models, runId } = await finishedRun();
    const before = (await call('runs.suite', { id: runId })).suite;
    expect(api.store.suites.delete(suiteId)).toBe(true);
    const copy = (await call('runs.suite', { id: runId })).suite;
    expect(copy?.tests.map((t) => t.name)).toEqual(before?.tests.map((t) => t.name));
    expect(copy?.tests).toHaveLength(2);

    const { run_id } = await call('runs.start', { agent_id: agentId, suite_from_run: runId, models, options: {} });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    const again = await call('runs.get', { id: run_id });
    expect(again.run).toMatchObject({ status: 'completed', suite_id: null, suite_name: 'Clinic smoke' });
    expect(again.results.map((r) => r.test)).toEqual(copy!.tests.map((t) => t.name));
    // the new run keeps its own copy, so it can be run again in turn
    expect((await call('runs.suite', { id: run_id })).suite?.tests).toHaveLength(2);
  });

  it('refuses both a suite and a run copy, and a run that does not exist, changing nothing', async () => {
    const { agentId, suiteId, models, runId } = await finishedRun();
    const runsBefore = api.store.runs.list().length;
    const both = await dispatch(api.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      suite_from_run: runId,
      models,
    });
    expect(both).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'suite_id' } });
    const neither = await dispatch(api.ctx, 'runs.start', { agent_id: agentId, models });
    expect(neither).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'suite_id' } });
    const missing = await dispatch(api.ctx, 'runs.start', { agent_id: agentId, suite_from_run: 'run_nope', models });
    expect(missing).toMatchObject({ ok: false, error: { code: 'not_found', path: 'suite_from_run' } });
    expect(await dispatch(api.ctx, 'runs.suite', { id: 'run_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(api.store.runs.list()).toHaveLength(runsBefore);
  });
});
