import type { MetricResult } from '../../../src-shared/schemas/index.js';

/**
 * Run option `judge_repeats` (issue 12, section 1): the conversation is judged N times and each
 * metric keeps the MAJORITY verdict (a tie counts as fail: a verdict the judge cannot settle is not a
 * pass), with every judgement and the flip count (judgements that disagree with the majority).
 * The score, reasoning and cited turns are those of the first judgement that gave the majority verdict.
 */
export function majorityVerdicts(rounds: MetricResult[][]): MetricResult[] {
  const [first] = rounds;
  if (!first || rounds.length === 1) return first ?? [];
  return first.map((m, i) => {
    const all = rounds.map((r) => r[i]).filter((x): x is MetricResult => !!x && x.criterion === m.criterion);
    const passes = all.filter((x) => x.passed).length;
    const passed = passes * 2 > all.length;
    const pick = all.find((x) => x.passed === passed) ?? m;
    return {
      ...pick,
      passed,
      judgements: all.map((x) => ({ score: x.score, passed: x.passed })),
      flips: passed ? all.length - passes : passes,
    };
  });
}

/** Judges `n` times (one after another: the judge's session keeps its prompt cached) and takes the majority. */
export async function judgeRepeatedly(n: number, judge: () => Promise<MetricResult[]>): Promise<MetricResult[]> {
  const rounds: MetricResult[][] = [];
  for (let i = 0; i < Math.max(1, n); i++) rounds.push(await judge());
  return majorityVerdicts(rounds);
}
