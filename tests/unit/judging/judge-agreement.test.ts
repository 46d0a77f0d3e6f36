import { describe, expect, it } from 'vitest';
import { formatJudgementsText } from '../../../src-main/cli/text/format-judgements.js';
import { judgementsReport, ORIGINAL } from '../../../src-main/judging/judge-agreement.js';
import type { Judgement, MetricResult, Result } from '../../../src-shared/schemas/index.js';

const C = 'confirms the date of birth';
const metric = (score: number, reasoning = ''): MetricResult => ({
  criterion: C,
  score,
  threshold: 0.5,
  passed: score >= 0.5,
  reasoning,
});
const result = (i: number, score: number) =>
  ({ id: `res_${i}`, test: `t${i}`, repeat: 0, metrics: [metric(score, `orig ${i}`)] }) as unknown as Result;
const judgement = (i: number, judge: string, seed: number, score: number): Judgement => ({
  id: `j_${judge}_${i}_${seed}`,
  batch_id: `b_${judge}`,
  run_id: 'run_1',
  result_id: `res_${i}`,
  test: `t${i}`,
  repeat: 0,
  judge,
  judge_model: { spec: { provider: 'scripted', model: judge, params: {} } },
  seed,
  metrics: [metric(score, `${judge} ${i}`)],
  error: null,
  created_at: '2026-01-01T00:00:00.000Z',
});

describe('judgementsReport', () => {
  // 8 conversations, original verdicts pass x5 (scores .9 .8 .7 .6 .55), fail x3 (.4 .3 .1).
  const originals = [0.9, 0.8, 0.7, 0.6, 0.55, 0.4, 0.3, 0.1].map((s, i) => result(i, s));
  // the local judge, k = 2: agrees on 0-3 and 5-7 both times; conversation 4 is a 1-1 tie (counts as fail);
  // conversation 7 it passes both times (disagrees with the original)
  const local = [
    [0.95, 0.9],
    [0.85, 0.7],
    [0.75, 0.8],
    [0.6, 0.65],
    [0.6, 0.2],
    [0.3, 0.35],
    [0.2, 0.1],
    [0.7, 0.8],
  ].flatMap(([a, b], i) => [judgement(i, 'local', 1, a), judgement(i, 'local', 2, b)]);
  const r = judgementsReport('run_1', 'openai:gpt-4o', originals, local);

  it('counts flips and spread per metric over the k judgements', () => {
    expect(r.consistency).toHaveLength(1);
    const c = r.consistency[0];
    expect([c.conversations, c.k, c.flips]).toEqual([8, 2, 1]);
    expect(c.flipped.map((f) => [f.result_id, f.verdicts])).toEqual([['res_4', [true, false]]]);
    expect(c.unstable).toBe(true); // 1 of 8 = 12.5% > 10%
    expect(c.summary).toBe('unstable judge: 1 of 8 verdicts flip');
    // spreads: .05 .15 .05 .05 .4 .05 .1 .1 -> mean 0.95 / 8
    expect(c.mean_spread).toBeCloseTo(0.95 / 8, 10);
    expect(c.max_spread).toBeCloseTo(0.4, 10);
  });

  it('compares the original judge with the majority of the re-judge (hand-computed table and kappa)', () => {
    const p = r.pairs.find((x) => x.a === ORIGINAL && x.b === 'local')!;
    // original pass/fail: P P P P P F F F; local majority: P P P P F(tie) F F P
    // both fail: 5,6 = 2; original fails, local passes: 7 = 1 (fail_pass, A = original);
    // original passes, local fails: 4 = 1; both pass: 0-3 = 4
    expect(p.table).toEqual({ fail_fail: 2, fail_pass: 1, pass_fail: 1, pass_pass: 4 });
    // po = 6/8; pe = (3/8)(3/8) + (5/8)(5/8) = 34/64; kappa = (48/64 - 34/64) / (30/64) = 14/30
    expect(p.kappa).toBeCloseTo(14 / 30, 12);
    expect(p.accuracy).toMatchObject({ k: 6, n: 8 });
    expect(p.disagreements.map((d) => [d.result_id, d.a.passed, d.b.passed])).toEqual([
      ['res_4', true, false],
      ['res_7', false, true],
    ]);
    expect(p.disagreements[1].a.reasoning).toBe('orig 7');
    expect(p.disagreements[1].b.score).toBeCloseTo(0.75, 12);
    // Spearman: ranks 8..1 against 8 6.5 6.5 4 3 2 1 5 (local means, ties averaged):
    // sxy = 31.5, sxx = 42, syy = 41.5 -> 31.5 / sqrt(42 * 41.5)
    expect(p.spearman).toBeCloseTo(31.5 / Math.sqrt(42 * 41.5), 12);
    expect(r.unstable).toEqual([`${C} (local): unstable judge: 1 of 8 verdicts flip`]);
  });

  it('uses only the latest batch of a judge', () => {
    const again = local.map((j) => ({ ...j, id: `${j.id}_2`, batch_id: 'b_local_2', metrics: [metric(0.9)] }));
    const r2 = judgementsReport('run_1', 'x', originals, [...local, ...again]);
    expect(r2.consistency[0].flips).toBe(0);
    expect(r2.judges).toEqual([expect.objectContaining({ judge: 'local', k: 2, judgements: 16 })]);
  });

  it("names why a judge's calls failed (the first failure), in the report and its text", () => {
    const down = [0, 1].map((i) => ({
      ...judgement(i, 'remote', 1, 0),
      metrics: [],
      error: `judge model openai:tiny (judge) failed: connection refused (${i})`,
    }));
    const r3 = judgementsReport('run_1', 'x', originals, [...local, ...down]);
    expect(r3.judges.find((j) => j.judge === 'remote')).toMatchObject({
      errors: 2,
      first_error: 'judge model openai:tiny (judge) failed: connection refused (0)',
    });
    expect(r3.judges.find((j) => j.judge === 'local')?.first_error).toBeUndefined();
    expect(formatJudgementsText(r3)).toContain(
      're-judged by remote: k=1, 2 judgements, 2 failed; the first: judge model openai:tiny (judge) failed: connection refused (0)',
    );
  });
});
