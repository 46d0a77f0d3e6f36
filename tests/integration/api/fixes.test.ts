/**
 * fixes.* through the API as the app drives it, step by step: Diagnose, edit the proposal, Apply and
 * test, Try again, Keep this version; each answers with its job at once and progress arrives as
 * `job.progress` events. Refusals answer invalid_input naming the field and store nothing.
 */
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { appOf } from '../../../src-main/app/door/app-service.js';
import { GIFT, REFUND, shopGraph, shopSuite, writeShopScript, type ProposalScript } from '../../support/fix-fixture.js';
import { useApiContext } from '../../support/api-context.js';

describe('fixes.*', () => {
  const api = useApiContext();

  async function startingRun(kind: ProposalScript = 'good', suite: Parameters<typeof shopSuite>[0] = {}, delayMs = 0) {
    const model = writeShopScript(api.dir, kind, { delay_ms: delayMs });
    const { agent } = await api.call('agents.create', { graph: AgentGraph.parse(shopGraph()) });
    const saved = await api.call('suites.save', { agent_id: agent.id, suite: TestSuite.parse(shopSuite(suite)) });
    const { run_id } = await api.call('runs.start', {
      agent_id: agent.id,
      suite_id: saved.id,
      models: { agent: { provider: 'scripted', model } },
      options: { concurrency: 2 },
    });
    await api.until(() => api.events.some((e) => e.type === 'run.finished' && e.run_id === run_id));
    return { runId: run_id, agentId: agent.id };
  }

  const jobDone = async (id: string) => {
    await api.until(() => ['done', 'failed', 'cancelled'].includes(appOf(api.ctx).jobs.get(id)!.status));
    return api.call('jobs.get', { id });
  };

  it('Diagnose, edit the proposal, Apply and test, Keep: a new version, verdicts, holdout at the end', async () => {
    const { runId, agentId } = await startingRun('good', { holdout: true });
    const { job_id, fix_id } = await api.call('fixes.diagnose', { run_id: runId, test: REFUND });
    expect(await jobDone(job_id)).toMatchObject({ kind: 'diagnose', status: 'done', result: { fix_id } });
    expect(api.events.some((e) => e.type === 'job.progress' && e.job.id === job_id && e.job.status === 'done')).toBe(
      true,
    );
    let fix = await api.call('fixes.get', { id: fix_id });
    expect(fix.status).toBe('open');
    expect(fix.iterations[0].diagnoses[0].faults[0]).toMatchObject({ location: 'node_instruction', node_id: 'refund' });
    expect(fix.iterations[0].version_id).toBeNull();

    // the user rewrites the proposed text before applying it
    const edited = { ...fix.iterations[0].proposal!.edits[0], proposed: 'Say refunds are accepted within 30 days.' };
    const applied = await api.call('fixes.apply', { id: fix_id, edits: [edited] });
    expect(await jobDone(applied.job_id)).toMatchObject({ kind: 'fix', status: 'done' });
    fix = await api.call('fixes.get', { id: fix_id });
    const [it1] = fix.iterations;
    expect(it1.applied![0]).toMatchObject({
      proposed: 'Say refunds are accepted within 30 days.',
      original: 'Tell the caller refunds are possible.',
    });
    expect(it1.outcome).toBe('all_pass');
    expect(fix.final_version_id).toBe(it1.version_id);
    const versions = await api.call('agents.get', { id: agentId });
    expect(versions.agent.version).toBe(1); // a candidate: not the latest until kept
    expect(versions.versions.map((v) => v.version)).toEqual([2, 1]);

    const kept = await api.call('fixes.keep', { id: fix_id });
    await jobDone(kept.job_id);
    fix = await api.call('fixes.get', { id: fix_id });
    expect(fix.status).toBe('kept');
    expect((await api.call('agents.get', { id: agentId })).version.id).toBe(it1.version_id);
    expect(fix.holdout!.tests.map((t) => [t.test, t.change])).toEqual([[GIFT, 'improved']]);
    expect((await api.call('fixes.list', { run_id: runId })).fixes.map((f) => f.id)).toEqual([fix_id]);
  });

  it('edits that make the agent invalid are refused with the graph check errors, and nothing is stored', async () => {
    const { runId, agentId } = await startingRun();
    const { job_id, fix_id } = await api.call('fixes.diagnose', { run_id: runId, test: REFUND });
    await jobDone(job_id);
    const before = await api.call('fixes.get', { id: fix_id });
    const res = await dispatch(api.ctx, 'fixes.apply', {
      id: fix_id,
      edits: [
        { kind: 'new_transition', node_id: 'fallback', target: 'refund', proposed: 'The caller asks about a refund' },
      ],
    });
    expect(res.ok).toBe(false);
    if (res.ok) return;
    expect(res.error).toMatchObject({ code: 'invalid_input', path: 'edits' });
    expect(res.error.message).toMatch(/^the edits would make the agent invalid, so nothing was stored: nodes\[4\]/);
    expect(res.error.issues![0].message).toMatch(/skips the caller's response but also has 1 other edge/);
    const unknown = await dispatch(api.ctx, 'fixes.apply', {
      id: fix_id,
      edits: [{ kind: 'node_instruction', node_id: 'nowhere', proposed: 'x' }],
    });
    expect(!unknown.ok && unknown.error.issues).toEqual([
      { path: 'edits[0].node_id', message: 'no node "nowhere" in the agent' },
    ]);
    expect(await api.call('fixes.get', { id: fix_id })).toEqual(before);
    expect((await api.call('agents.get', { id: agentId })).versions).toHaveLength(1);
  });

  it('Keep is refused when the agent got a version of its own since the fix started', async () => {
    const { runId, agentId } = await startingRun();
    const { job_id, fix_id } = await api.call('fixes.diagnose', { run_id: runId, test: REFUND });
    await jobDone(job_id);
    await jobDone((await api.call('fixes.apply', { id: fix_id })).job_id);
    const graph = (await api.call('agents.get', { id: agentId })).graph;
    await api.call('agents.save', {
      id: agentId,
      graph: { ...graph, global_prompt: 'Edited by hand.' },
      note: 'by hand',
    });
    const res = await dispatch(api.ctx, 'fixes.keep', { id: fix_id });
    expect(!res.ok && res.error).toMatchObject({
      code: 'conflict',
      message: 'agent Acme shop has a newer version (v3) saved after this fix started: open the agent to combine them',
    });
    expect((await api.call('agents.get', { id: agentId })).version.version).toBe(3);
  });

  it('Try again: a new diagnosis and proposal that reads the earlier attempt', async () => {
    const { runId } = await startingRun('stuck');
    const { job_id, fix_id } = await api.call('fixes.diagnose', { run_id: runId, test: REFUND });
    await jobDone(job_id);
    await jobDone((await api.call('fixes.apply', { id: fix_id })).job_id);
    await jobDone((await api.call('fixes.retry', { id: fix_id })).job_id);
    const fix = await api.call('fixes.get', { id: fix_id });
    expect(fix.iterations.map((i) => [i.n, i.outcome, i.base_version_id === fix.start_version_id])).toEqual([
      [1, 'no_change', true],
      [2, null, true],
    ]);
    expect(fix.iterations[1].proposal!.edits[0].proposed).toBe(
      'Tell the caller refunds are possible, and be very kind.',
    );
  });

  it('Cancel keeps what was done; Resume goes on from the last finished step', async () => {
    const { runId } = await startingRun();
    const slow = writeShopScript(api.dir, 'good', { delay_ms: 25 });
    const { job_id, fix_id } = await api.call('fixes.diagnose', {
      run_id: runId,
      test: REFUND,
      judge: { provider: 'scripted', model: slow },
    });
    await jobDone(job_id);
    const { job_id: auto } = await api.call('fixes.auto', { id: fix_id, max_iterations: 2 });
    await api.until(() => !!api.store.fixes.get(fix_id)!.iterations[0]?.target_run_id);
    expect(await api.call('jobs.cancel', { id: auto })).toEqual({ cancelled: true });
    expect(await jobDone(auto)).toMatchObject({ status: 'cancelled' });
    const stopped = await api.call('fixes.get', { id: fix_id });
    expect(stopped).toMatchObject({ status: 'open', stop: { reason: 'cancelled', reached: false }, error: null });
    const version = stopped.iterations[0].version_id;
    const resumed = await api.call('fixes.resume', { id: fix_id });
    expect(await jobDone(resumed.job_id)).toMatchObject({ status: 'done' });
    const done = await api.call('fixes.get', { id: fix_id });
    expect(done.iterations).toHaveLength(1);
    expect(done.iterations[0]).toMatchObject({ version_id: version, outcome: 'all_pass' });
    expect(done).toMatchObject({ status: 'stopped', stop: { reason: 'all_pass', reached: true } });
  });

  it('refusals name the field and store nothing', async () => {
    const { runId } = await startingRun('good', { holdout: true });
    const refused = async (m: Parameters<typeof dispatch>[1], input: unknown) => {
      const r = await dispatch(api.ctx, m, input);
      return r.ok ? null : r.error;
    };
    expect(await refused('fixes.diagnose', { run_id: runId, test: REFUND, repeats: 99 })).toMatchObject({
      code: 'invalid_input',
      path: 'repeats',
      message: 'expected a whole number from 1 to 20',
    });
    expect(await refused('fixes.diagnose', { run_id: runId, test: 'opening hours' })).toMatchObject({ path: 'test' });
    expect(await refused('fixes.diagnose', { run_id: runId, group: 1 })).toMatchObject({
      path: 'group',
      message: `run ${runId}'s failures are not grouped into problems yet: group them first`,
    });
    expect(await refused('fixes.diagnose', { run_id: runId, test: REFUND, all: true })).toMatchObject({ path: 'test' });
    expect(await refused('fixes.diagnose', { run_id: 'run_nope', test: REFUND })).toMatchObject({ code: 'not_found' });
    expect(await refused('fixes.get', { id: 'fix_nope' })).toMatchObject({ code: 'not_found', path: 'id' });
    expect(api.store.fixes.list()).toEqual([]);
    const { job_id, fix_id } = await api.call('fixes.diagnose', { run_id: runId, all: true });
    await jobDone(job_id);
    for (const n of [0, 11])
      expect(await refused('fixes.auto', { id: fix_id, max_iterations: n })).toMatchObject({
        code: 'invalid_input',
        path: 'max_iterations',
        message: 'expected a whole number from 1 to 10',
      });
    // --all leaves the holdout test out
    expect((await api.call('fixes.get', { id: fix_id })).tests).toEqual([REFUND]);
  });
});
