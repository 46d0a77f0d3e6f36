import { agreement, spearman, wilson } from '../../src-shared/stats/index.js';
import type {
  IncompleteJudgementBatch,
  Judgement,
  JudgementsReport,
  JudgePairMetric,
  MetricConsistency,
  MetricResult,
  Result,
} from '../../src-shared/schemas/index.js';

/**
 * How far a run's verdicts can be trusted, from its stored re-judgements (pure; no model call):
 * - consistency: per judge and metric, how often the k judgements of one conversation disagree
 *   (a "flip"), and how far their scores spread;
 * - pairs: per metric, the run's original judge against each re-judge (and re-judges against each
 *   other): confusion table, accuracy, Cohen's kappa, Spearman's rank correlation of the scores and
 *   the conversations where they disagree with both reasonings.
 * A judge's verdict on a conversation, for pairs, is the majority of its k verdicts (a tie counts as
 * fail: the stricter reading) with the mean of its scores.
 */

import { flipSummary, UNSTABLE_FLIP_SHARE } from '../../src-shared/judge-stability.js';

/** A metric whose verdicts flip on more than this share of conversations is marked unstable (shared with judge_repeats). */
export { flipSummary, UNSTABLE_FLIP_SHARE };

export const ORIGINAL = 'original';

interface Verdict {
  passed: boolean;
  score: number;
  reasoning: string;
}

type VerdictsByResult = Map<string, Map<string, Verdict[]>>; // result id -> criterion -> verdicts

function collect(rows: { result_id: string; metrics: MetricResult[] }[]): VerdictsByResult {
  const out: VerdictsByResult = new Map();
  for (const r of rows) {
    let byMetric = out.get(r.result_id);
    if (!byMetric) out.set(r.result_id, (byMetric = new Map()));
    for (const m of r.metrics) {
      const list = byMetric.get(m.criterion) ?? [];
      list.push({ passed: m.passed, score: m.score, reasoning: m.reasoning });
      byMetric.set(m.criterion, list);
    }
  }
  return out;
}

function majority(vs: Verdict[]): Verdict {
  const passes = vs.filter((v) => v.passed).length;
  const passed = passes * 2 > vs.length;
  // rounded so that equal means tie in the rank correlation (0.85 + 0.7 and 0.75 + 0.8 differ in the last bit)
  const score = Math.round((vs.reduce((s, v) => s + v.score, 0) / vs.length) * 1e9) / 1e9;
  return { passed, score, reasoning: (vs.find((v) => v.passed === passed) ?? vs[0]).reasoning };
}

function consistencyOf(
  judge: string,
  verdicts: VerdictsByResult,
  results: Map<string, Result>,
  k: number,
): MetricConsistency[] {
  const criteria = [...new Set([...verdicts.values()].flatMap((m) => [...m.keys()]))];
  return criteria.map((criterion) => {
    let n = 0;
    let spreadSum = 0;
    let maxSpread = 0;
    const flipped: MetricConsistency['flipped'] = [];
    for (const [resultId, byMetric] of verdicts) {
      const vs = byMetric.get(criterion);
      if (!vs?.length) continue;
      n++;
      const scores = vs.map((v) => v.score);
      const spread = Math.max(...scores) - Math.min(...scores);
      spreadSum += spread;
      maxSpread = Math.max(maxSpread, spread);
      if (new Set(vs.map((v) => v.passed)).size > 1) {
        const r = results.get(resultId);
        flipped.push({
          result_id: resultId,
          test: r?.test ?? '',
          repeat: r?.repeat ?? 0,
          verdicts: vs.map((v) => v.passed),
          scores,
        });
      }
    }
    const flips = flipped.length;
    const unstable = n > 0 && flips / n > UNSTABLE_FLIP_SHARE;
    return {
      judge,
      criterion,
      conversations: n,
      k,
      flips,
      agreement: wilson(n - flips, n),
      mean_spread: n ? spreadSum / n : 0,
      max_spread: maxSpread,
      unstable,
      summary: flipSummary(flips, n, unstable),
      flipped,
    };
  });
}

function pairOf(
  a: string,
  va: VerdictsByResult,
  b: string,
  vb: VerdictsByResult,
  results: Map<string, Result>,
): JudgePairMetric[] {
  const criteria = [...new Set([...va.values()].flatMap((m) => [...m.keys()]))];
  const out: JudgePairMetric[] = [];
  for (const criterion of criteria) {
    const both: { id: string; a: Verdict; b: Verdict }[] = [];
    for (const [id, byMetric] of va) {
      const x = byMetric.get(criterion);
      const y = vb.get(id)?.get(criterion);
      if (x?.length && y?.length) both.push({ id, a: majority(x), b: majority(y) });
    }
    if (!both.length) continue;
    const agr = agreement(both.map((p) => [p.a.passed, p.b.passed] as const));
    out.push({
      a,
      b,
      criterion,
      n: agr.n,
      table: agr.table,
      accuracy: agr.accuracy,
      kappa: agr.kappa.kappa,
      kappa_low: agr.kappa.low,
      kappa_high: agr.kappa.high,
      spearman: spearman(
        both.map((p) => p.a.score),
        both.map((p) => p.b.score),
      ),
      disagreements: both
        .filter((p) => p.a.passed !== p.b.passed)
        .map((p) => ({
          result_id: p.id,
          test: results.get(p.id)?.test ?? '',
          repeat: results.get(p.id)?.repeat ?? 0,
          a: p.a,
          b: p.b,
        })),
    });
  }
  return out;
}

/**
 * The report over a run's results and its stored judgements. When a judge was re-run in several
 * batches, its latest batch counts.
 */
export function judgementsReport(
  runId: string,
  originalJudge: string,
  results: Result[],
  judgements: Judgement[],
  incomplete: IncompleteJudgementBatch[] = [],
): JudgementsReport {
  const byId = new Map(results.map((r) => [r.id, r]));
  const latest = new Map<string, string>(); // judge -> batch id
  for (const j of judgements) latest.set(j.judge, j.batch_id);
  const byJudge = new Map<string, Judgement[]>();
  for (const j of judgements) {
    if (latest.get(j.judge) !== j.batch_id || !byId.has(j.result_id)) continue;
    byJudge.set(j.judge, [...(byJudge.get(j.judge) ?? []), j]);
  }
  const original = collect(results.map((r) => ({ result_id: r.id, metrics: r.metrics })));
  const judges: JudgementsReport['judges'] = [];
  const consistency: MetricConsistency[] = [];
  const verdicts = new Map<string, VerdictsByResult>();
  for (const [judge, rows] of byJudge) {
    const ok = rows.filter((r) => r.error === null);
    const k = new Set(rows.map((r) => r.seed)).size;
    const failed = rows.find((r) => r.error !== null)?.error;
    judges.push({
      judge,
      k,
      judgements: rows.length,
      errors: rows.length - ok.length,
      ...(failed ? { first_error: failed } : {}),
      created_at: rows[0].created_at,
    });
    const v = collect(ok);
    verdicts.set(judge, v);
    if (k > 1) consistency.push(...consistencyOf(judge, v, byId, k));
  }
  const pairs: JudgePairMetric[] = [];
  const names = [...verdicts.keys()].sort();
  for (const name of names) pairs.push(...pairOf(ORIGINAL, original, name, verdicts.get(name)!, byId));
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++)
      pairs.push(...pairOf(names[i], verdicts.get(names[i])!, names[j], verdicts.get(names[j])!, byId));
  return {
    run_id: runId,
    original_judge: originalJudge,
    judges,
    consistency,
    pairs,
    unstable: consistency.filter((c) => c.unstable).map((c) => `${c.criterion} (${c.judge}): ${c.summary}`),
    ...(incomplete.length ? { incomplete_batches: incomplete } : {}),
  };
}
