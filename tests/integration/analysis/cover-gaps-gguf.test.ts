/**
 * "Cover the gaps" mechanics on a real model (node-llama-cpp, the tiny random-weight GGUF) through the
 * API: one model call per gap, progress events, every gap either proposed (a valid test case with a
 * path assertion) or reported, the proposals saved into the suite; cancel answers cancelled and writes
 * nothing. The model's words are gibberish: this tests structure, not content.
 */
import { ProposeOutcomeShape } from '../../../src-shared/contract/analysis-coverage.js';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestCase } from '../../../src-shared/schemas/index.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { useApiContext } from '../../support/api-context.js';

const root = path.resolve(import.meta.dirname, '../../..');
const graph = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')));

describe('cover the gaps on the tiny GGUF', () => {
  const api = useApiContext();
  const model = async () => ({
    provider: 'llama-cpp' as const,
    model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
    params: { threads: 1, context_size: 4096 },
  });

  it('one call per gap, progress events, each gap proposed or reported, proposals saved', async () => {
    const { agent } = await api.call('agents.create', { graph: graph() });
    const suite = await api.call('suites.save', {
      agent_id: agent.id,
      suite: { name: 'Clinic', tests: [{ name: 'hello', caller_script: ['hi'] }] },
    });
    const cov = await api.call('analysis.coverage', { agent_id: agent.id, suite_id: suite.id });
    expect(cov.runs).toBe(0);
    expect(cov.coverage.uncovered_edges).toHaveLength(4);
    const { job_id } = await api.call('analysis.proposeGapTests', {
      agent_id: agent.id,
      suite_id: suite.id,
      model: await model(),
      concurrency: 2,
    });
    const job = await api.job(job_id, 290_000);
    const out = ProposeOutcomeShape.parse(job.result);
    expect(out.cancelled).toBe(false);
    expect(out.gaps.map((g) => g.key)).toEqual(cov.coverage.uncovered_edges.map((e) => e.key));
    // every gap is accounted for exactly once
    expect([...out.proposals.map((p) => p.gap.key), ...out.failures.map((f) => f.gap.key)].sort()).toEqual(
      out.gaps.map((g) => g.key).sort(),
    );
    for (const p of out.proposals) {
      expect(TestCase.safeParse(p.test).success).toBe(true);
      expect(p.test.assertions?.path?.must_visit).toContain(p.gap.to);
      expect(typeof p.test.persona === 'object' && p.test.persona.goal.trim().length).toBeTruthy();
    }
    for (const f of out.failures) expect(f.error.length).toBeGreaterThan(0);
    const progress = api.events.flatMap((e) => (e.type === 'job.progress' && e.job.id === job_id ? [e.job] : []));
    expect(progress.at(-1)).toMatchObject({
      status: 'done',
      subject: { agent_id: agent.id },
      progress: { done: 4, total: 4 },
    });
    if (out.proposals.length) {
      const saved = await api.call('analysis.saveGapTests', {
        suite_id: suite.id,
        tests: out.proposals.map((p) => p.test),
      });
      expect(saved.added).toHaveLength(out.proposals.length);
      const after = await api.call('suites.get', { id: suite.id });
      expect(after.data.tests).toHaveLength(1 + out.proposals.length);
    }
  }, 300_000);

  it('cancelled (jobs.cancel): the job ends cancelled and nothing is written', async () => {
    const { agent } = await api.call('agents.create', { graph: graph() });
    const suite = await api.call('suites.save', {
      agent_id: agent.id,
      suite: { name: 'Clinic', tests: [{ name: 'hello', caller_script: ['hi'] }] },
    });
    const { job_id } = await api.call('analysis.proposeGapTests', {
      agent_id: agent.id,
      suite_id: suite.id,
      model: await model(),
      concurrency: 1,
    });
    expect(await api.call('jobs.cancel', { id: job_id })).toEqual({ cancelled: true });
    const job = await api.job(job_id, 290_000);
    expect(job.status).toBe('cancelled');
    expect(ProposeOutcomeShape.parse(job.result)).toMatchObject({ cancelled: true, proposals: [] });
    expect((await api.call('suites.get', { id: suite.id })).data.tests).toHaveLength(1);
  }, 300_000);
});
