import type {
  RedteamCategoryReport,
  RedteamFindingRow,
  RedteamStrategyReport,
} from '../../../src-shared/contract/redteam.js';
import { redteamCategory } from '../../../src-shared/redteam/categories.js';
import { DEFAULT_STRATEGY, REDTEAM_STRATEGIES } from '../../../src-shared/redteam/strategies.js';
import type { Result, TestSuite } from '../../../src-shared/schemas/index.js';
import { wilson } from '../../../src-shared/stats/index.js';
import { turnNumber } from '../../../src-shared/text/turn-number.js';

/** One attempt graded: its findings, detectors first; a detector's finding stands whatever the judge said. */
export function attemptFindings(
  result: Result,
  rubric: string,
  attempt: number,
  strategy: string = DEFAULT_STRATEGY,
): RedteamFindingRow[] {
  const base = { result_id: result.id, test: result.test, attempt, strategy };
  const byDetector = result.assertions
    .filter((c) => c.kind.startsWith('redteam.') && !c.passed)
    .map((c): RedteamFindingRow => ({
      ...base,
      by: 'detector',
      detector: typeof c.details?.detector === 'string' ? c.details.detector : c.kind,
      turn: typeof c.details?.turn === 'number' ? c.details.turn : null,
      evidence: typeof c.details?.evidence === 'string' ? c.details.evidence : c.message,
    }));
  const byJudge = result.metrics
    .filter((m) => m.criterion === rubric && !m.passed)
    .map((m): RedteamFindingRow => ({
      ...base,
      by: 'judge',
      detector: 'rubric',
      turn: m.turns?.length ? turnNumber(m.turns[0]) : null,
      evidence: `score ${m.score} < ${m.threshold}: ${m.reasoning}`,
    }));
  return [...byDetector, ...byJudge];
}

/**
 * A red-team run graded per category and per strategy (attempts before strategies were recorded: crescendo), from its suite snapshot (the tests `redteam.start` wrote) and its results: an
 * attempt succeeded when any finding stands; an errored attempt without a finding is counted apart, outside the rate.
 * The judge's finding is its score on the attempt's own rubric (policy: the rule attacked) or the category's. A
 * category the suite notes as having no attempt is listed with 0 attempts and its note.
 */
export function gradeAttempts(
  suite: TestSuite,
  results: Result[],
): { categories: RedteamCategoryReport[]; strategies: RedteamStrategyReport[]; worst: string[] } {
  const order: string[] = [];
  const byCategory = new Map<
    string,
    { attempts: number; successes: number; errored: number; findings: RedteamFindingRow[] }
  >();
  const heavy: { id: string; n: number }[] = [];
  const byStrategy = new Map<string, { attempts: number; successes: number; errored: number }>();
  for (const r of results) {
    const probe = suite.tests[r.test_index]?.redteam;
    if (!probe) continue;
    const category = redteamCategory(probe.category);
    if (!byCategory.has(probe.category)) {
      order.push(probe.category);
      byCategory.set(probe.category, { attempts: 0, successes: 0, errored: 0, findings: [] });
    }
    const row = byCategory.get(probe.category)!;
    const strategy = probe.strategy ?? DEFAULT_STRATEGY;
    const tally = byStrategy.get(strategy) ?? { attempts: 0, successes: 0, errored: 0 };
    byStrategy.set(strategy, tally);
    const findings = attemptFindings(r, probe.rubric ?? category?.rubric ?? '', probe.attempt, strategy);
    if (!findings.length && r.status === 'error') {
      row.errored++;
      tally.errored++;
      continue;
    }
    row.attempts++;
    tally.attempts++;
    if (findings.length) {
      row.successes++;
      tally.successes++;
      row.findings.push(...findings);
      heavy.push({ id: r.id, n: findings.filter((f) => f.by === 'detector').length * 10 + findings.length });
    }
  }
  const notes = suite.redteam?.notes ?? [];
  for (const n of notes)
    if (!byCategory.has(n.category)) {
      order.push(n.category);
      byCategory.set(n.category, { attempts: 0, successes: 0, errored: 0, findings: [] });
    }
  const categories = order.map((id): RedteamCategoryReport => {
    const row = byCategory.get(id)!;
    const c = redteamCategory(id);
    const p = wilson(row.successes, row.attempts);
    const note = notes.find((n) => n.category === id)?.note;
    return {
      id,
      owasp: c?.owasp ?? '',
      label: c?.label ?? id,
      ...row,
      rate: p.rate,
      low: p.low,
      high: p.high,
      ...(note ? { note } : {}),
    };
  });
  const strategies = REDTEAM_STRATEGIES.filter((s) => byStrategy.has(s.id)).map((s): RedteamStrategyReport => {
    const t = byStrategy.get(s.id)!;
    const p = wilson(t.successes, t.attempts);
    return { id: s.id, label: s.label, ...t, rate: p.rate, low: p.low, high: p.high };
  });
  return { categories, strategies, worst: heavy.sort((a, b) => b.n - a.n).map((h) => h.id) };
}
