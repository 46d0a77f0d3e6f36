/**
 * Issue 12, item 3: the judges-against-people table against one computed by hand, and the
 * calibration hint's threshold search.
 */
import { describe, expect, it } from 'vitest';
import { calibrate, humanAgreementReport, MIN_CALIBRATION_N } from '../../../src-main/judging/human-agreement.js';
import type { HumanLabel, Judgement, MetricResult } from '../../../src-shared/schemas/index.js';
import { parsedResult } from '../../support/results.js';

const A = 'confirms the date of birth';
const B = 'ends politely';

const metric = (criterion: string, score: number, threshold = 0.7): MetricResult => ({
  criterion,
  score,
  threshold,
  passed: score >= threshold,
  reasoning: '',
});

const label = (result_id: string, criterion: string, human_passed: boolean, reviewer = 'ana'): HumanLabel => ({
  id: `l-${result_id}-${criterion}`,
  run_id: 'run',
  result_id,
  test: 't',
  repeat: 0,
  criterion,
  human_passed,
  judge_passed: true,
  marked: null,
  note: '',
  reviewer,
  created_at: 'x',
  updated_at: 'x',
});

/**
 * Metric A on 10 conversations (judge threshold 0.7), by hand:
 *   judge fail, human fail: 0.1 0.2 0.3        (fail_fail 3)
 *   judge fail, human pass: 0.6                (fail_pass 1)
 *   judge pass, human fail: 0.95 0.72          (pass_fail 2)
 *   judge pass, human pass: 0.9 0.85 0.8 0.75  (pass_pass 4)
 * accuracy 7/10; judge fails 4/10, human fails 5/10, pe = .4*.5 + .6*.5 = .5, kappa = (.7-.5)/.5 = .4;
 * SE = sqrt(.7*.3 / (10*.25)) = sqrt(.084); precision of fail 3/4, recall of fail 3/5.
 */
const rowsA: [number, boolean][] = [
  [0.1, false],
  [0.2, false],
  [0.3, false],
  [0.6, true],
  [0.95, false],
  [0.72, false],
  [0.9, true],
  [0.85, true],
  [0.8, true],
  [0.75, true],
];

const results = rowsA.map(([score], i) =>
  parsedResult({ id: `r${i}`, test_index: i, metrics: [metric(A, score), metric(B, 0.9)] }),
);
const labels = [
  ...rowsA.map(([, human], i) => label(`r${i}`, A, human)),
  // metric B: the judge passes all; reviewers fail r0 and pass r1, r2 (one unlabelled verdict per the rest)
  label('r0', B, false, 'ben'),
  label('r1', B, true, 'ben'),
  label('r2', B, true, 'ben'),
  label('gone', A, false), // a result no longer in the run: ignored
];

const judgement = (batch: string, judge: string, result_id: string, seed: number, scoreA: number): Judgement => ({
  id: `${batch}-${result_id}-${seed}`,
  batch_id: batch,
  run_id: 'run',
  result_id,
  test: 't',
  repeat: 0,
  judge,
  judge_model: { spec: { provider: 'scripted', model: judge, params: {} } },
  seed,
  metrics: [metric(A, scoreA)],
  error: null,
  created_at: 'x',
});

describe('humanAgreementReport', () => {
  it('gives the hand-computed table for the original judge, exactly', () => {
    const report = humanAgreementReport('run', 'ollama:judge', results, [], labels);
    expect([report.labels, report.verdicts, report.reviewers]).toEqual([13, 20, ['ana', 'ben']]);
    const a = report.rows.find((r) => r.judge === 'original' && r.criterion === A)!;
    expect(a.judge_model).toBe('ollama:judge');
    expect(a.n).toBe(10);
    expect(a.table).toEqual({ fail_fail: 3, fail_pass: 1, pass_fail: 2, pass_pass: 4 });
    expect([a.accuracy.k, a.accuracy.n]).toEqual([7, 10]);
    expect(a.accuracy.low).toBeCloseTo(0.3968, 4); // Wilson 7/10 (Newcombe 1998, table I: 0.3968-0.8922)
    expect(a.accuracy.high).toBeCloseTo(0.8922, 4);
    expect(a.kappa).toBeCloseTo(0.4, 12);
    expect(a.kappa_low).toBeCloseTo(0.4 - 1.959963984540054 * Math.sqrt(0.084), 12);
    expect(a.kappa_high).toBeCloseTo(0.4 + 1.959963984540054 * Math.sqrt(0.084), 12);
    expect([a.precision_fail.k, a.precision_fail.n, a.recall_fail.k, a.recall_fail.n]).toEqual([3, 4, 3, 5]);
    expect(a.summary).toBe('agrees with the reviewers 70% (40-89%, n=10)');
    const b = report.rows.find((r) => r.judge === 'original' && r.criterion === B)!;
    expect(b.table).toEqual({ fail_fail: 0, fail_pass: 0, pass_fail: 1, pass_pass: 2 });
    expect(b.kappa).toBe(0); // the judge only ever says pass: po = 2/3, pe = 1·(2/3) + 0·(1/3) = 2/3
    const all = report.rows.find((r) => r.judge === 'original' && r.criterion === null)!;
    expect(all.table).toEqual({ fail_fail: 3, fail_pass: 1, pass_fail: 3, pass_pass: 6 });
    expect(all.n).toBe(13);
  });

  it('counts a re-judge by the majority of its latest batch', () => {
    const js = [
      // an older batch of the same judge: ignored
      judgement('old', 'scripted:b', 'r0', 1, 0.99),
      // latest batch, k = 3: r0 fails 2 of 3 (majority fail), r6 passes 2 of 3
      ...[0.1, 0.9, 0.2].map((s, i) => judgement('new', 'scripted:b', 'r0', i + 1, s)),
      ...[0.9, 0.1, 0.8].map((s, i) => judgement('new', 'scripted:b', 'r6', i + 1, s)),
    ];
    const report = humanAgreementReport('run', 'ollama:judge', results, js, labels);
    const row = report.rows.find((r) => r.judge === 'scripted:b' && r.criterion === A)!;
    // r0: judge fail, human fail; r6: judge pass, human pass
    expect(row.table).toEqual({ fail_fail: 1, fail_pass: 0, pass_fail: 0, pass_pass: 1 });
    expect(row.kappa).toBe(1);
    expect(report.rows.filter((r) => r.judge === 'scripted:b').map((r) => r.criterion)).toEqual([A]); // no B verdicts
  });

  it('gives the threshold that agrees best, and no hint below the minimum number of labels', () => {
    const report = humanAgreementReport('run', 'ollama:judge', results, [], labels);
    const a = report.calibration.find((c) => c.judge === 'original' && c.criterion === A)!;
    // sorted: .1F .2F .3F .6P .72F .75P .8P .85P .9P .95F; 0.45 and 0.735 both agree on 8; 0.735 is nearer 0.7
    expect([a.current_threshold, a.current_agree, a.best_threshold, a.best_agree]).toEqual([0.7, 7, 0.735, 8]);
    expect(a.summary).toBe('threshold 0.735 would agree with the reviewers on 8 of 10 labels (0.7 now: 7 of 10)');
    const b = report.calibration.find((c) => c.criterion === B)!;
    expect([b.n, b.best_threshold]).toEqual([3, null]);
    expect(b.summary).toBe(`no hint yet: 3 labels; a threshold hint needs at least ${MIN_CALIBRATION_N}`);
  });

  it('says when the labels have only one class, and when the current threshold is already best', () => {
    const same = Array.from({ length: 10 }, (_, i) => ({ score: i / 10, human_passed: true }));
    expect(calibrate('original', A, same, 0.7).summary).toBe(
      'no hint yet: all 10 labels say pass; a threshold hint needs both a human pass and a human fail',
    );
    const clean = Array.from({ length: 10 }, (_, i) => ({ score: i / 10, human_passed: i >= 7 }));
    const hint = calibrate('original', A, clean, 0.7);
    expect([hint.best_threshold, hint.best_agree]).toEqual([0.7, 10]);
    expect(hint.summary).toBe('the current threshold 0.7 agrees best with the reviewers: 10 of 10 labels');
  });
});
