import { describe, expect, it } from 'vitest';
import { CompareRunDiff, CompareMatrix } from '../../../src-shared/contract/runs.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { appOf } from '../../../src-main/app/door/app-service.js';
import { goodScript, seedClinic, worseScript, writeScript } from './run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';

describe('run control through dispatch (scripted model)', () => {
  const api = useApiContext();
  /** Waits for the job writing run `id` in this context to end (a run is a job: app/jobs). */
  const waitRun = async (id: string) => {
    for (const j of appOf(api.ctx).jobs.list({ subject: { run_id: id } })) await appOf(api.ctx).jobs.job(j.id)?.done;
  };
  const { call, until, events } = api;

  it('starts a run, streams its events, finishes and stores every result', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'good', goodScript());
    const t0 = Date.now();
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
      options: { concurrency: 2 },
    });
    expect(Date.now() - t0).toBeLessThan(5_000);
    expect(run_id).toMatch(/^run/);
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));

    const mine = events.filter((e) => 'run_id' in e && e.run_id === run_id);
    const types = mine.map((e) => e.type);
    expect(types[0]).toBe('run.started');
    expect(mine[0]).toMatchObject({ total: 2 });
    expect(types.filter((x) => x === 'test.started')).toHaveLength(2);
    expect(types.filter((x) => x === 'test.finished')).toHaveLength(2);
    expect(types.filter((x) => x === 'test.turn').length).toBeGreaterThanOrEqual(4);
    // tokens stream before the turn they make up
    const tokens = mine
      .filter((e) => e.type === 'test.token' && e.test_index === 0)
      .map((e) => (e as { chunk: string }).chunk)
      .join('');
    expect(tokens).toContain('Bright Smile Dental');
    const fin = mine.at(-1)!;
    expect(fin).toMatchObject({ type: 'run.finished', status: 'completed', summary: { total: 2, passed: 2 } });

    const got = await call('runs.get', { id: run_id });
    expect(got.run.status).toBe('completed');
    expect(got.run.models.agent?.identity?.name).toBe('clinic-good');
    expect(got.results.map((r) => r.status)).toEqual(['pass', 'pass']);
    const full = await call('runs.result', { id: got.results[0].id });
    expect(full.transcript[0]).toMatchObject({
      role: 'agent',
      node: 'greet',
      content: 'Hello, Bright Smile Dental, how can I help you today?',
    });
    expect(full.nodes_visited.map((v) => v.node)).toEqual(['greet', 'book', 'bye']);
    expect(full.metrics[0]).toMatchObject({
      criterion: 'The agent offers a concrete time slot',
      score: 0.9,
      passed: true,
    });

    const live = await call('runs.live', { id: run_id });
    expect(live).toEqual({ active: false, total: 2, running: [] });
  });

  it('cancels mid-run: the run ends cancelled and keeps the finished results', async () => {
    const { agentId, suiteId } = seedClinic(api.store, {
      tests: Array.from({ length: 6 }, (_, i) => ({
        name: `test ${i + 1}`,
        user_prompt: 'Book a cleaning.',
        max_turns: 2,
      })),
    });
    const script = writeScript(
      api.dir,
      'slow',
      goodScript({ defaults: { chat: 'OK.', caller: 'Okay.', caller_turns: 3, score: 0.9, delay_ms: 40 } }),
    );
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
      options: { concurrency: 1 },
    });
    await until(() => events.some((e) => e.type === 'test.finished' && e.run_id === run_id));
    // mid-run, the live snapshot lists the conversation in progress
    await until(() => events.filter((e) => e.type === 'test.started').length >= 2);
    const live = await call('runs.live', { id: run_id });
    expect(live.active).toBe(true);
    expect(live.total).toBe(6);
    expect(live.running.length).toBe(1);

    expect(await call('runs.cancel', { id: run_id })).toEqual({ cancelled: true });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    const got = await call('runs.get', { id: run_id });
    expect(got.run.status).toBe('cancelled');
    expect(got.results.length).toBeGreaterThanOrEqual(1);
    expect(got.results.length).toBeLessThan(6);
    const finished = events.filter((e) => e.type === 'test.finished' && e.run_id === run_id).length;
    expect(got.results.length).toBe(finished);
    // cancelling a finished run is a no-op
    expect(await call('runs.cancel', { id: run_id })).toEqual({ cancelled: false });

    // resume runs only what is missing, under the same run id
    const before = got.results.length;
    const resumed = await call('runs.resume', { id: run_id });
    expect(resumed.run_id).toBe(run_id);
    await until(() => events.filter((e) => e.type === 'run.started' && e.run_id === run_id).length === 2);
    const started = events.filter((e) => e.type === 'run.started' && e.run_id === run_id).at(-1) as { total: number };
    expect(started.total).toBe(6 - before);
    await waitRun(run_id);
    const after = await call('runs.get', { id: run_id });
    expect(after.run.status).toBe('completed');
    expect(after.results.map((r) => r.test_index)).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('explains what is wrong with a start request', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const missing = await dispatch(api.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: `${api.dir}/nope.json` } },
    });
    expect(missing.ok).toBe(false);
    if (!missing.ok) {
      expect(missing.error.path).toBe('models.agent');
      expect(missing.error.message).toContain('nope.json');
    }
    const noAgent = await dispatch(api.ctx, 'runs.start', {
      agent_id: 'ag_missing',
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: 'x' } },
    });
    expect(noAgent.ok || noAgent.error.code).toBe('not_found');
    const badTest = await dispatch(api.ctx, 'runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: 'x' } },
      options: { tests: ['no such test'] },
    });
    expect(badTest.ok || badTest.error.message).toContain('no test named "no such test"');
    expect(api.store.runs.list()).toHaveLength(0);
  });

  it('exports JSON (the lossless run export, no machine paths) and JUnit', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(api.dir, 'good', goodScript());
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
    });
    await waitRun(run_id);
    const json = await call('runs.export', { id: run_id, format: 'json' });
    expect(json.filename).toMatch(/\.json$/);
    const exported = JSON.parse(json.text);
    expect(exported).toMatchObject({
      schema: 'parley.run-export',
      version: 1,
      run: { id: run_id, status: 'completed', summary: { passed: 2, failed: 0 } },
    });
    expect(exported.results[0].nodes_visited.map((v: { node: string }) => v.node)).toEqual(['greet', 'book', 'bye']);
    expect(json.text).not.toContain(api.dir);
    expect(exported.run.models.agent.spec.model).toBe('good.json');
    const junit = await call('runs.export', { id: run_id, format: 'junit' });
    expect(junit.filename).toMatch(/\.xml$/);
    expect(junit.text).toContain('<testsuites name="parley" tests="2" failures="0"');
    expect(junit.text).toContain('name="books a cleaning"');
  });

  it('compares two runs and a matrix of three with the contract shapes', async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const good = writeScript(api.dir, 'good', goodScript());
    const worse = writeScript(api.dir, 'worse', worseScript());
    const ids: string[] = [];
    for (const s of [good, worse, good]) {
      const { run_id } = await call('runs.start', {
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: { provider: 'scripted', model: s } },
      });
      await waitRun(run_id);
      ids.push(run_id);
    }
    const diff = CompareRunDiff.parse(await call('compare.diff', { a: ids[0], b: ids[1] }));
    expect(diff.summary.counts.regressed).toBe(2);
    expect(diff.summary.delta.pass_rate).toBe(-1);
    expect(diff.tests[0].change).toBe('regressed');
    const changed = diff.tests[0].transcript_diff.find((e) => e.op === 'changed')!;
    expect(
      changed
        .words!.filter((w) => w.op === '-')
        .map((w) => w.text)
        .join(' '),
    ).toContain('Tuesday');
    expect(
      changed
        .words!.filter((w) => w.op === '+')
        .map((w) => w.text)
        .join(' '),
    ).toContain('Friday');
    const same = await dispatch(api.ctx, 'compare.diff', { a: ids[0], b: ids[0] });
    expect(same.ok).toBe(false);

    const matrix = CompareMatrix.parse(await call('compare.matrix', { runs: ids }));
    expect(matrix.runs.map((c) => c.run.id)).toEqual(ids);
    expect(matrix.tests.every((r) => r.differs)).toBe(true);
    expect(matrix.chart.map((c) => c.pass_rate)).toEqual([1, 0, 1]);
  });

  it("groups a finished run's failures into problems with its judge model and stores them with the run", async () => {
    const { agentId, suiteId } = seedClinic(api.store);
    const script = writeScript(
      api.dir,
      'worse',
      worseScript({
        failure_groups: [
          {
            problems: [
              {
                label: 'Offers a vague slot',
                description: 'The agent never commits to a time.',
                severity: 'high',
                failure_ids: [0, 1, 7],
              },
            ],
          },
        ],
      }),
    );
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
    });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    expect((await call('runs.get', { id: run_id })).run).toMatchObject({ problems: null, summary: { failed: 2 } });
    const grouping = await api.job((await call('runs.groupFailures', { id: run_id })).job_id);
    expect(grouping).toMatchObject({ kind: 'failure-groups', status: 'done', result: { run_id, problems: 1 } });
    const { run } = await call('runs.get', { id: run_id });
    expect(run.problems).toMatchObject({ judge: 'scripted:worse.json', total_failures: 2 });
    expect(run.problems!.groups).toEqual([
      expect.objectContaining({ label: 'Offers a vague slot', severity: 'high', occurrences: 2 }),
    ]);
    expect(run.problems!.groups[0].examples.map((f) => f.kind)).toEqual(['metric', 'metric']);
    expect(run.problems!.ungrouped).toEqual([]);
    // stored: a reload sees it, and the run export carries it
    expect((await call('runs.get', { id: run_id })).run.problems?.groups[0].label).toBe('Offers a vague slot');
    expect(
      JSON.parse((await call('runs.export', { id: run_id, format: 'json' })).text).run.problems.groups,
    ).toHaveLength(1);
    // a run with nothing failed, an unknown run, a judge that cannot load
    const good = writeScript(api.dir, 'good', goodScript());
    const ok = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: good } },
    });
    await until(() => events.some((e) => e.type === 'run.finished' && e.run_id === ok.run_id));
    expect(await dispatch(api.ctx, 'runs.groupFailures', { id: ok.run_id })).toMatchObject({
      ok: false,
      error: { code: 'invalid_input', message: expect.stringContaining('has no failures to group') },
    });
    expect(await dispatch(api.ctx, 'runs.groupFailures', { id: 'run_nope' })).toMatchObject({
      ok: false,
      error: { code: 'not_found' },
    });
    expect(
      await dispatch(api.ctx, 'runs.groupFailures', {
        id: run_id,
        judge: { provider: 'scripted', model: `${api.dir}/missing.json` },
      }),
    ).toMatchObject({ ok: false, error: { path: 'models.judge', message: expect.stringContaining('missing.json') } });
    expect((await call('runs.get', { id: run_id })).run.problems?.groups).toHaveLength(1); // a failed regrouping keeps the stored one
  });

  it('dispose cancels running runs', async () => {
    const { agentId, suiteId } = seedClinic(api.store, {
      tests: Array.from({ length: 5 }, (_, i) => ({ name: `t${i}`, user_prompt: 'Hi.', max_turns: 2 })),
    });
    const script = writeScript(
      api.dir,
      'slow',
      goodScript({ defaults: { chat: 'OK.', caller_turns: 3, delay_ms: 50 } }),
    );
    const { run_id } = await call('runs.start', {
      agent_id: agentId,
      suite_id: suiteId,
      models: { agent: { provider: 'scripted', model: script } },
      options: { concurrency: 1 },
    });
    await until(() => events.some((e) => e.type === 'test.started'));
    await appOf(api.ctx).dispose();
    expect(appOf(api.ctx).runs.runningHere(run_id)).toBe(false);
    expect(appOf(api.ctx).jobs.list({ subject: { run_id } })[0]).toMatchObject({ kind: 'run', status: 'cancelled' });
    expect(api.store.runs.get(run_id)!.status).toBe('cancelled');
  });
});
