/** Try it's Save as test and Save as run through dispatch, on the bundled example and its scripted model. */
import { describe, expect, it } from 'vitest';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { appOf } from '../../../src-main/app/door/app-service.js';
import { useApiContext } from '../../support/api-context.js';

describe('keeping a Try-it conversation (dispatch)', () => {
  const api = useApiContext();
  const { call } = api;
  const raw = (m: string, i: unknown) => dispatch(api.ctx, m, i);
  const example = async () => {
    const fr = await call('app.firstRun', {});
    return {
      agentId: fr.agent_id,
      suiteId: fr.suite_id,
      model: { provider: 'scripted' as const, model: fr.model_spec!.slice('scripted:'.length) },
    };
  };

  it('a test saved from a conversation begun on a node starts there, with its variables, and replays the caller lines', async () => {
    const { agentId, suiteId, model } = await example();
    const { session_id } = await call('playground.start', {
      agent_id: agentId,
      mode: 'manual',
      start_node: 'opening_hours',
      dynamic_variables: { clinic_city: 'Springfield' },
      models: { agent: model },
    });
    const nothingYet = await raw('playground.saveTest', { session_id, name: 'x', suite_id: suiteId });
    expect(nothingYet).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'session_id' } });
    await call('playground.say', { session_id, text: 'Are you open on Saturdays?' });

    const taken = await raw('playground.saveTest', { session_id, name: 'Cancels an appointment', suite_id: suiteId });
    expect(taken).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'name' } });
    expect((taken as { error: { message: string } }).error.message).toContain('already has a test named');

    const saved = await call('playground.saveTest', { session_id, name: 'Saturday hours', suite_id: suiteId });
    expect(saved.test).toMatchObject({
      name: 'Saturday hours',
      caller_script: ['Are you open on Saturdays?'],
      start_node: 'opening_hours',
      dynamic_variables: { clinic_city: 'Springfield' },
    });
    const suite = api.store.suites.get(suiteId)!;
    expect(suite.data.tests.at(-1)?.name).toBe('Saturday hours');

    const job = await appOf(api.ctx).runs.start({
      agent: agentId,
      suite: { id: suite.id, name: suite.name, data: suite.data },
      models: { agent: { ...model, params: {} } },
      options: { tests: ['Saturday hours'] },
    });
    const [result] = (await job.done).results;
    expect(result.nodes_visited[0]).toMatchObject({ node: 'opening_hours', reason: 'start' });
    expect(result.transcript.filter((t) => t.role === 'caller').map((t) => t.content)).toEqual([
      'Are you open on Saturdays?',
    ]);
    expect(result.variables).toMatchObject({ clinic_city: 'Springfield' });
  });

  it('an unsaved draft cannot be kept as a run (the message says what to do); a saved version is stored as an imported run', async () => {
    const { agentId, model } = await example();
    const draft = (await call('agents.get', { id: agentId })).graph;
    const { session_id: draftSession } = await call('playground.start', {
      agent_id: agentId,
      graph: draft,
      mode: 'manual',
      models: { agent: model },
    });
    const refused = await raw('playground.saveRun', { session_id: draftSession });
    expect(refused).toMatchObject({ ok: false, error: { code: 'invalid_input', path: 'session_id' } });
    expect((refused as { error: { message: string } }).error.message).toContain('save the agent first');

    const { session_id } = await call('playground.start', {
      agent_id: agentId,
      mode: 'manual',
      models: { agent: model },
    });
    await call('playground.say', { session_id, text: 'What are your opening hours?' });
    const { run_id } = await call('playground.saveRun', { session_id, name: 'hours question' });
    const got = await call('runs.get', { id: run_id });
    expect(got.run).toMatchObject({ kind: 'imported', status: 'completed', suite_name: 'Try it: hours question' });
    expect(got.results).toHaveLength(1);
    expect(got.results[0]).toMatchObject({ test: 'hours question', status: 'imported' });
  });
});
