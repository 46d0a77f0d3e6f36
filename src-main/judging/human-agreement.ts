import { agreement, formatProportion } from '../../src-shared/stats/index.js';
import type {
  CalibrationHint,
  HumanAgreementReport,
  HumanAgreementRow,
  HumanLabel,
  Judgement,
  Result,
} from '../../src-shared/schemas/index.js';
import { ORIGINAL } from './judge-agreement.js';

/**
 * Judge against people (issue 12, item 3), pure: every judge's verdicts on a run (its original judge
 * and each stored re-judge model) against the human labels, per metric and over all metrics, with
 * "fail" as the positive class; and, per metric and judge, the score threshold that would agree best
 * with the reviewers. A re-judge with k judgements per conversation counts by its majority (a tie
 * counts as fail) and the mean of its scores, as in judge-agreement.ts; its latest batch counts.
 */

/** Calibration hints need at least this many labels of a metric (and both a human pass and a fail). */
export const MIN_CALIBRATION_N = 10;

interface Verdict {
  passed: boolean;
  score: number;
  threshold: number;
}

type Verdicts = Map<string, Verdict>; // `${result_id}\u0000${criterion}` -> verdict

const key = (resultId: string, criterion: string) => `${resultId}\u0000${criterion}`;

function originalVerdicts(results: ScoredResult[]): Verdicts {
  const out: Verdicts = new Map();
  for (const r of results)
    for (const m of r.metrics)
      out.set(key(r.id, m.criterion), { passed: m.passed, score: m.score, threshold: m.threshold });
  return out;
}

/** Each re-judge model's verdicts from its latest batch (majority of its k seeds). */
function rejudgeVerdicts(judgements: JudgementVerdicts[]): Map<string, Verdicts> {
  const latest = new Map<string, string>();
  for (const j of judgements) latest.set(j.judge, j.batch_id);
  const lists = new Map<string, Map<string, Verdict[]>>();
  for (const j of judgements) {
    if (latest.get(j.judge) !== j.batch_id || j.error !== null) continue;
    let byKey = lists.get(j.judge);
    if (!byKey) lists.set(j.judge, (byKey = new Map()));
    for (const m of j.metrics) {
      const k = key(j.result_id, m.criterion);
      byKey.set(k, [...(byKey.get(k) ?? []), { passed: m.passed, score: m.score, threshold: m.threshold }]);
    }
  }
  const out = new Map<string, Verdicts>();
  for (const [judge, byKey] of lists) {
    const v: Verdicts = new Map();
    for (const [k, vs] of byKey) {
      const passes = vs.filter((x) => x.passed).length;
      const score = Math.round((vs.reduce((s, x) => s + x.score, 0) / vs.length) * 1e9) / 1e9;
      v.set(k, { passed: passes * 2 > vs.length, score, threshold: vs[0].threshold });
    }
    out.set(judge, v);
  }
  return out;
}

function rowOf(
  judge: string,
  judgeModel: string,
  criterion: string | null,
  pairs: (readonly [boolean, boolean])[],
): HumanAgreementRow {
  const a = agreement(pairs);
  return {
    judge,
    judge_model: judgeModel,
    criterion,
    n: a.n,
    table: a.table,
    accuracy: a.accuracy,
    kappa: a.kappa.kappa,
    kappa_low: a.kappa.low,
    kappa_high: a.kappa.high,
    precision_fail: a.precision_fail,
    recall_fail: a.recall_fail,
    summary: `agrees with the reviewers ${formatProportion(a.accuracy)}`,
  };
}

/** 0.7 -> "0.7", 0.735 -> "0.735" (thresholds are rounded to 3 decimals). */
const fmt = (t: number) => String(Number(t.toFixed(3)));

/**
 * The threshold t (pass when score >= t) that agrees with the most human labels. Candidates: the
 * lowest score (everything passes), the midpoints between neighbouring scores, and a point above the
 * highest score (everything fails), rounded to 3 decimals. Ties go to the one nearest the current threshold.
 */
export function calibrate(
  judge: string,
  criterion: string,
  items: { score: number; human_passed: boolean }[],
  current: number,
): CalibrationHint {
  const n = items.length;
  // agree(t) = human passes scoring >= t + human fails scoring < t: two sorted lists, a binary search each
  const sorted = (pass: boolean) =>
    items
      .filter((i) => i.human_passed === pass)
      .map((i) => i.score)
      .sort((a, b) => a - b);
  const passScores = sorted(true);
  const failScores = sorted(false);
  const below = (xs: number[], t: number) => {
    let lo = 0;
    let hi = xs.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if (xs[mid] < t) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  };
  const agreeAt = (t: number) => passScores.length - below(passScores, t) + below(failScores, t);
  const currentAgree = agreeAt(current);
  const base = {
    judge,
    criterion,
    n,
    current_threshold: current,
    current_agree: currentAgree,
    min_n: MIN_CALIBRATION_N,
  };
  const fails = items.filter((i) => !i.human_passed).length;
  if (n < MIN_CALIBRATION_N || fails === 0 || fails === n) {
    const why =
      n < MIN_CALIBRATION_N
        ? `${n} label${n === 1 ? '' : 's'}; a threshold hint needs at least ${MIN_CALIBRATION_N}`
        : `all ${n} labels say ${fails ? 'fail' : 'pass'}; a threshold hint needs both a human pass and a human fail`;
    return { ...base, best_threshold: null, best_agree: null, summary: `no hint yet: ${why}` };
  }
  const scores = [...new Set(items.map((i) => i.score))].sort((a, b) => a - b);
  const candidates = new Set<number>([scores[0], current]);
  for (let i = 0; i + 1 < scores.length; i++)
    candidates.add(Math.round(((scores[i] + scores[i + 1]) / 2) * 1000) / 1000);
  const top = scores[scores.length - 1];
  if (top < 1) candidates.add(Math.round(((top + 1) / 2) * 1000) / 1000);
  let best = current;
  let bestAgree = currentAgree;
  for (const t of [...candidates].sort((a, b) => a - b)) {
    const a = agreeAt(t);
    if (a > bestAgree || (a === bestAgree && Math.abs(t - current) < Math.abs(best - current))) {
      best = t;
      bestAgree = a;
    }
  }
  const summary =
    best === current
      ? `the current threshold ${fmt(current)} agrees best with the reviewers: ${bestAgree} of ${n} labels`
      : `threshold ${fmt(best)} would agree with the reviewers on ${bestAgree} of ${n} labels (${fmt(current)} now: ${currentAgree} of ${n})`;
  return { ...base, best_threshold: best, best_agree: bestAgree, summary };
}

/** What the report reads of a result and of a label. */
export type ScoredResult = Pick<Result, 'id' | 'metrics'>;
export type LabelVerdict = Pick<HumanLabel, 'result_id' | 'criterion' | 'human_passed' | 'reviewer'>;
export type JudgementVerdicts = Pick<Judgement, 'judge' | 'batch_id' | 'result_id' | 'metrics' | 'error'>;

export function humanAgreementReport(
  runId: string,
  originalJudge: string,
  results: ScoredResult[],
  judgements: JudgementVerdicts[],
  labels: LabelVerdict[],
): HumanAgreementReport {
  const known = new Set(results.map((r) => r.id));
  const live = labels.filter((l) => known.has(l.result_id));
  const judges: [string, string, Verdicts][] = [[ORIGINAL, originalJudge, originalVerdicts(results)]];
  const rejudged = rejudgeVerdicts(judgements.filter((j) => known.has(j.result_id)));
  for (const name of [...rejudged.keys()].sort()) judges.push([name, name, rejudged.get(name)!]);
  const criteria = [...new Set(results.flatMap((r) => r.metrics.map((m) => m.criterion)))];
  const rows: HumanAgreementRow[] = [];
  const calibration: CalibrationHint[] = [];
  for (const [judge, model, verdicts] of judges) {
    const all: (readonly [boolean, boolean])[] = [];
    let perMetric = 0;
    for (const criterion of criteria) {
      const items = live
        .filter((l) => l.criterion === criterion)
        .flatMap((l) => {
          const v = verdicts.get(key(l.result_id, criterion));
          return v ? [{ v, human: l.human_passed }] : [];
        });
      if (!items.length) continue;
      perMetric++;
      const pairs = items.map((i) => [i.v.passed, i.human] as const);
      all.push(...pairs);
      rows.push(rowOf(judge, model, criterion, pairs));
      calibration.push(
        calibrate(
          judge,
          criterion,
          items.map((i) => ({ score: i.v.score, human_passed: i.human })),
          items[0].v.threshold,
        ),
      );
    }
    if (perMetric > 1) rows.push(rowOf(judge, model, null, all));
  }
  return {
    run_id: runId,
    labels: live.length,
    verdicts: results.reduce((s, r) => s + r.metrics.length, 0),
    reviewers: [...new Set(live.map((l) => l.reviewer))].sort(),
    rows,
    calibration,
  };
}
