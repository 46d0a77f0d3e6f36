/**
 * Re-judging on the tiny random-weight GGUF through the llama-cpp provider (threads 1): the mechanics
 * (every conversation judged k times with its seed, grammar-valid verdicts for the original criteria,
 * stored beside the originals, a report over them), not the quality of gibberish verdicts.
 */
import { describe, expect, it } from 'vitest';
import { goodScript, seedRuns } from '../api/run-control-fixtures.js';
import { useApiContext } from '../../support/api-context.js';
import { ensureTinyGguf } from '../../fixtures/tiny-gguf/write-tiny-gguf.js';

describe('runs.rejudge on the tiny GGUF', () => {
  const api = useApiContext();

  it('judges each stored conversation k times with seeds 1..k', async () => {
    const gguf = await ensureTinyGguf();
    const [runId] = await seedRuns(api.store, [goodScript()]);
    const originals = api.store.results.listByRun(runId);
    const judge = { provider: 'llama-cpp' as const, model: gguf, params: { threads: 1, temperature: 0.8 } };
    const { job_id } = await api.call('runs.rejudge', { id: runId, judges: [judge], k: 2 });
    const job = await api.job(job_id, 110_000);
    expect(job.status).toBe('done');
    expect(job.progress).toMatchObject({ done: originals.length * 2, total: originals.length * 2, unit: 'judgements' });
    expect(job.result).toMatchObject({ judgements: originals.length * 2, errors: 0 });
    const out = { report: await api.call('runs.judgements', { id: runId }) };
    const rows = api.store.judgements.listByRun(runId);
    expect(rows.map((r) => r.seed).sort()).toEqual([1, 1, 2, 2]);
    for (const row of rows) {
      const original = originals.find((r) => r.id === row.result_id)!;
      expect(row.judge_model.spec.params.seed).toBe(row.seed);
      expect(row.judge_model.identity?.provider).toBe('llama-cpp');
      expect(row.metrics.map((m) => [m.criterion, m.threshold])).toEqual(
        original.metrics.map((m) => [m.criterion, m.threshold]),
      );
      for (const m of row.metrics) {
        expect(m.score).toBeGreaterThanOrEqual(0);
        expect(m.score).toBeLessThanOrEqual(1);
        expect(m.passed).toBe(m.score >= m.threshold);
      }
    }
    expect(out.report.judges).toEqual([
      expect.objectContaining({ judge: `llama-cpp:${gguf.split('/').pop()}`, k: 2, judgements: 4, errors: 0 }),
    ]);
    expect(out.report.consistency.map((c) => c.conversations)).toEqual([1, 1]);
    expect(out.report.pairs.map((p) => p.n)).toEqual([1, 1]);
  }, 120_000);
});
