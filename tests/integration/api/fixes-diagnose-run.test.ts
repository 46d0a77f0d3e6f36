/**
 * fixes.diagnoseRun (`parley diagnose` calls it by name): a run's failure diagnosed as a job, read only — no fix
 * is opened, no version made; the diagnosis names where the fault is, as the fix's own first step would.
 */
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { appOf } from '../../../src-main/app/door/app-service.js';
import { REFUND, shopGraph, shopSuite, writeShopScript } from '../../support/fix-fixture.js';
import { useApiContext } from '../../support/api-context.js';

describe('fixes.diagnoseRun', () => {
  const api = useApiContext();

  it('diagnoses a failed test as a job and stores no fix', async () => {
    const model = writeShopScript(api.dir, 'good');
    const { agent } = await api.call('agents.create', { graph: AgentGraph.parse(shopGraph()) });
    const saved = await api.call('suites.save', { agent_id: agent.id, suite: TestSuite.parse(shopSuite({})) });
    const { run_id } = await api.call('runs.start', {
      agent_id: agent.id,
      suite_id: saved.id,
      models: { agent: { provider: 'scripted', model } },
      options: { concurrency: 2 },
    });
    await api.until(() => api.events.some((e) => e.type === 'run.finished' && e.run_id === run_id));

    const { job_id } = await api.call('fixes.diagnoseRun', { run_id, test: REFUND });
    await api.until(() => appOf(api.ctx).jobs.get(job_id)?.status === 'done');
    const job = await api.call('jobs.get', { id: job_id });
    expect(job).toMatchObject({ kind: 'diagnose', status: 'done', result: { run_id, tests: [REFUND] } });
    const { diagnoses } = job.result as { diagnoses: { faults: { location: string; node_id?: string }[] }[] };
    expect(diagnoses[0].faults[0]).toMatchObject({ location: 'node_instruction', node_id: 'refund' });
    expect((await api.call('fixes.list', { run_id })).fixes).toEqual([]);
    expect((await api.call('agents.get', { id: agent.id })).versions).toHaveLength(1);
  });
});
