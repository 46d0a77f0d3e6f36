/**
 * The routing analysis mechanics on a real model (node-llama-cpp, the tiny random-weight GGUF): every
 * decision point analysed, tables well formed, through the API (stored, listed), and nothing stored
 * when cancelled. The model's words are gibberish; the grammar keeps every answer valid.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { decisionPoints } from '../../../src-main/analysis/routing.js';
import { RoutingOutcome } from '../../../src-shared/contract/analysis.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';
import { useApiContext } from '../../support/api-context.js';

const root = path.resolve(import.meta.dirname, '../../..');
const graph = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')));

describe('routing analysis on the tiny GGUF', () => {
  const api = useApiContext();

  it('analyses every decision point with well-formed tables and stores the report', async () => {
    const model = {
      provider: 'llama-cpp' as const,
      model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
      params: { threads: 1, context_size: 4096 },
    };
    const { agent } = await api.call('agents.create', { graph: graph() });
    const { job_id } = await api.call('analysis.routing', {
      agent_id: agent.id,
      model,
      per_condition: 2,
      none: 1,
      concurrency: 2,
    });
    const job = await api.job(job_id, 290_000);
    expect(job.status).toBe('done');
    const out = RoutingOutcome.parse(job.result);
    expect(out.cancelled).toBe(false);
    expect(out.report.points.map((p) => p.node_id)).toEqual(decisionPoints(graph()).map((p) => p.node_id));
    expect(out.report.points.map((p) => p.node_id)).toEqual(['greet', 'book', 'cancel']);
    for (const p of out.report.points) {
      const n = p.keys.length;
      expect(p.keys.at(-1)).toBe('none');
      expect(p.matrix).toHaveLength(n);
      for (const row of p.matrix) expect(row).toHaveLength(n);
      const total = p.matrix.flat().reduce((a, b) => a + b, 0);
      expect(total).toBe(p.utterances.length);
      for (const u of p.utterances) {
        expect(p.keys).toContain(u.intended);
        expect(p.keys).toContain(u.chosen);
      }
      expect(p.accuracy).toBeGreaterThanOrEqual(0);
      expect(p.accuracy).toBeLessThanOrEqual(1);
    }
    expect(out.report.calls).toBeGreaterThan(0);
    const history = await api.call('analysis.routingHistory', { agent_id: agent.id });
    expect(history.map((h) => h.id)).toEqual([out.id]);
  }, 300_000);

  it('cancelled through the API (jobs.cancel): the job ends cancelled and stores nothing', async () => {
    const model = {
      provider: 'llama-cpp' as const,
      model: await ensureTinyGguf(undefined, 1, { contextLength: 8192 }),
      params: { threads: 1, context_size: 4096 },
    };
    const { agent } = await api.call('agents.create', { graph: graph() });
    const { job_id } = await api.call('analysis.routing', { agent_id: agent.id, model, per_condition: 8 });
    // a second one of the same agent is refused while the first runs
    const second = await dispatch(api.ctx, 'analysis.routing', { agent_id: agent.id, model, per_condition: 8 });
    expect(second).toMatchObject({ ok: false, error: { code: 'conflict' } });
    const c = await api.call('jobs.cancel', { id: job_id });
    expect(c.cancelled).toBe(true);
    const job = await api.job(job_id, 290_000);
    expect(job.status).toBe('cancelled');
    expect(await api.call('analysis.routingHistory', { agent_id: agent.id })).toEqual([]);
  }, 300_000);
});
