import { describe, expect, it } from 'vitest';
import type { Run } from '../../../../src-shared/schemas/index.js';
import { runTotals, runWallMs } from '../../../../src-shared/run/totals.js';
import { summarizeSide } from '../../../../src-main/compare/summary.js';
import { parsedResult } from '../../../support/results.js';

const result = parsedResult;

describe('run totals (one function for the run summary and compare)', () => {
  it('sums a run: pass rate over judged results, tokens, wall time, mean score per metric', () => {
    const rs = [
      result({
        status: 'pass',
        metrics: [{ criterion: 'polite', score: 1, threshold: 0.7, passed: true, reasoning: '' }],
      }),
      result({
        status: 'fail',
        turns: 4,
        metrics: [{ criterion: 'polite', score: 0.5, threshold: 0.7, passed: false, reasoning: '' }],
      }),
      result({ status: 'imported' }),
    ];
    const t = runTotals({ started_at: '2025-01-01T00:00:00.000Z', finished_at: '2025-01-01T00:00:02.500Z' }, rs);
    expect(t).toMatchObject({
      conversations: 3,
      passed: 1,
      failed: 1,
      errored: 0,
      pass_rate: 0.5,
      wall_ms: 2500,
      conversation_ms: 300,
    });
    expect(t.tokens).toEqual({ prompt: 30, cached_prompt: 12, completion: 9, total: 39 });
    expect(t.mean_turns).toBeCloseTo(8 / 3);
    expect(t.mean_scores).toEqual([{ criterion: 'polite', mean: 0.75, n: 2 }]);
    // no timestamps: wall time falls back to the conversations
    expect(runTotals({ started_at: null, finished_at: null }, rs).wall_ms).toBe(300);
    expect(runTotals({ started_at: null, finished_at: null }, []).pass_rate).toBeNull();
  });

  it('counts distinct tests, imported results and the mean of every score', () => {
    const rs = [
      result({
        test_index: 0,
        metrics: [
          { criterion: 'polite', score: 1, threshold: 0.7, passed: true, reasoning: '' },
          { criterion: 'accurate', score: 0.4, threshold: 0.7, passed: false, reasoning: '' },
        ],
      }),
      result({
        test_index: 0,
        metrics: [{ criterion: 'polite', score: 0.5, threshold: 0.7, passed: false, reasoning: '' }],
      }),
      result({ test_index: 1, status: 'imported' }),
    ];
    const t = runTotals(null, rs);
    expect(t.tests).toBe(2);
    expect(t.imported).toBe(1);
    expect(t.mean_score).toBeCloseTo((1 + 0.5 + 0.4) / 3);
    expect(t.mean_scores).toEqual([
      { criterion: 'polite', mean: 0.75, n: 2 },
      { criterion: 'accurate', mean: 0.4, n: 1 },
    ]);
    expect(runTotals(null, []).mean_score).toBeNull();
  });

  it('is what compare reports for a side: summarizeSide is the same numbers in the contract shape', () => {
    const rs = [
      result({
        status: 'pass',
        turns: 3,
        metrics: [{ criterion: 'polite', score: 0.9, threshold: 0.7, passed: true, reasoning: '' }],
      }),
      result({ status: 'error', test_index: 1, duration_ms: 250 }),
    ];
    const run = {
      started_at: '2025-01-01T00:00:00.000Z',
      finished_at: '2025-01-01T00:00:01.000Z',
    } as Run;
    const t = runTotals(run, rs);
    expect(summarizeSide(run, rs)).toEqual({
      results: t.conversations,
      tests: t.tests,
      passed: t.passed,
      failed: t.failed,
      errored: t.errored,
      imported: t.imported,
      pass_rate: t.pass_rate,
      mean_scores: { polite: 0.9 },
      mean_score: t.mean_score,
      mean_score_interval: null,
      tokens: t.tokens,
      tokens_per_conversation: t.tokens.total / t.conversations,
      pass_interval: { low: expect.any(Number), high: expect.any(Number) },
      wall_ms: 1000,
      conversation_ms: 350,
      mean_turns: t.mean_turns,
      caller_fidelity: null,
    });
  });

  it('reads wall time only from ordered timestamps', () => {
    expect(runWallMs({ started_at: '2025-01-01T00:00:02.000Z', finished_at: '2025-01-01T00:00:01.000Z' })).toBeNull();
    expect(runWallMs({ started_at: null, finished_at: '2025-01-01T00:00:01.000Z' })).toBeNull();
    expect(runWallMs({ started_at: '2025-01-01T00:00:00.000Z', finished_at: '2025-01-01T00:00:00.040Z' })).toBe(40);
  });

  it('gives the mean score a 95% interval over conversations, not over metric verdicts', () => {
    const scored = (i: number, scores: number[]) =>
      result({
        test_index: i,
        metrics: scores.map((score, k) => ({
          criterion: `m${k}`,
          score,
          threshold: 0.7,
          passed: score >= 0.7,
          reasoning: '',
        })),
      });
    // conversation means 0.5, 0.7, 0.9: mean 0.7, s = 0.2, half-width 1.96 * 0.2 / sqrt(3)
    const t = runTotals(null, [scored(0, [0.4, 0.6]), scored(1, [0.7]), scored(2, [0.9, 0.9])]);
    const half = (1.959963984540054 * 0.2) / Math.sqrt(3);
    expect(t.mean_score_interval?.n).toBe(3);
    expect(t.mean_score_interval?.low).toBeCloseTo(0.7 - half, 10);
    expect(t.mean_score_interval?.high).toBeCloseTo(0.7 + half, 10);
    // one scored conversation has no spread to measure
    expect(runTotals(null, [scored(0, [0.4, 0.6])]).mean_score_interval).toBeNull();
  });
});
