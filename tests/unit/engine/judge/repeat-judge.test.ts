import { describe, expect, it } from 'vitest';
import type { MetricResult } from '../../../../src-shared/schemas/index.js';
import { repeatStability } from '../../../../src-shared/judge-stability.js';
import { majorityVerdicts } from '../../../../src-main/engine/judge/repeat-judge.js';

const m = (criterion: string, score: number, reasoning = `r${score}`): MetricResult => ({
  criterion,
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning,
  turns: [],
  nodes: [],
});

describe('majorityVerdicts (run option judge_repeats)', () => {
  it('keeps the majority verdict, every judgement and the flips, per metric', () => {
    const out = majorityVerdicts([
      [m('a', 0.9), m('b', 0.2)],
      [m('a', 0.3), m('b', 0.1)],
      [m('a', 0.8), m('b', 0.9)],
    ]);
    expect(out[0]).toMatchObject({ criterion: 'a', passed: true, score: 0.9, reasoning: 'r0.9', flips: 1 });
    expect(out[0].judgements).toEqual([
      { score: 0.9, passed: true },
      { score: 0.3, passed: false },
      { score: 0.8, passed: true },
    ]);
    // the verdict is the majority's: fail, with the first failing judgement's score and reasoning
    expect(out[1]).toMatchObject({ criterion: 'b', passed: false, score: 0.2, reasoning: 'r0.2', flips: 1 });
  });

  it('a tie is a fail (the stricter reading); one judgement is left as it is', () => {
    const [tie] = majorityVerdicts([[m('a', 0.9)], [m('a', 0.1)]]);
    expect([tie.passed, tie.score, tie.flips]).toEqual([false, 0.1, 1]);
    const [once] = majorityVerdicts([[m('a', 0.9)]]);
    expect(once).toEqual(m('a', 0.9));
  });

  it('repeatStability counts conversations that flip against the rejudge threshold (over 10%)', () => {
    const conv = (flips: number) => ({
      metrics: [
        {
          ...m('a', 0.9),
          judgements: [
            { score: 0.9, passed: true },
            { score: 0.9, passed: true },
          ],
          flips,
        },
      ],
    });
    const once = { metrics: [m('a', 0.9)] };
    const ten = [conv(1), ...Array.from({ length: 9 }, () => conv(0)), once];
    expect(repeatStability(ten)).toEqual([
      {
        criterion: 'a',
        conversations: 10,
        flipped: 1,
        flips: 1,
        unstable: false,
        summary: 'stable judge: 1 of 10 verdicts flip',
      },
    ]);
    const [two] = repeatStability([conv(1), conv(2), ...Array.from({ length: 8 }, () => conv(0))]);
    expect([two.flipped, two.flips, two.unstable, two.summary]).toEqual([
      2,
      3,
      true,
      'unstable judge: 2 of 10 verdicts flip',
    ]);
    expect(repeatStability([once])).toEqual([]);
  });
});
