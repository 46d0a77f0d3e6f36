import { differenceHint, differenceOfProportions, wilson } from '../../src-shared/stats/index.js';
import type { ModelIdentity, Result, Run } from '../../src-shared/schemas/index.js';
import { mean } from './test-deltas.js';
import {
  CHANGE_ORDER,
  type ChangeKind,
  type DiffSummary,
  type RunRef,
  type SideSummary,
  type TestComparison,
} from './types.js';

type RoleModel = Run['models']['agent'];

const roleModel = (m: RoleModel): ModelIdentity | string | undefined =>
  m ? (m.identity ?? `${m.spec.provider}:${m.spec.model}`) : undefined;

/** Short label of a run's agent model: identity name (+ quantization), else the spec; '-' when none. */
export function modelLabel(run: Run): string {
  const m = run.models.agent;
  if (!m) return run.kind === 'imported' ? 'imported' : '-';
  if (m.identity)
    return m.identity.quantization && !m.identity.name.includes(m.identity.quantization)
      ? `${m.identity.name} ${m.identity.quantization}`
      : m.identity.name;
  return `${m.spec.provider}:${m.spec.model}`;
}

export function runRef(run: Run, agentVersion: number | null = null): RunRef {
  return {
    id: run.id,
    kind: run.kind,
    status: run.status,
    agent_id: run.agent_id,
    agent_name: run.agent_name,
    agent_version_id: run.agent_version_id,
    agent_version: agentVersion,
    suite_name: run.suite_name,
    model: modelLabel(run),
    models: {
      agent: roleModel(run.models.agent),
      caller: roleModel(run.models.caller),
      judge: roleModel(run.models.judge),
    },
    created_at: run.created_at,
  };
}

/** Run wall time from its timestamps, when both are recorded. */
export function runWallMs(run: Run): number | null {
  if (!run.started_at || !run.finished_at) return null;
  const ms = Date.parse(run.finished_at) - Date.parse(run.started_at);
  return Number.isFinite(ms) && ms >= 0 ? ms : null;
}

/** Pass rate, mean score per metric, tokens, wall time and mean turns of one run. */
export function summarizeSide(run: Run | null, results: Result[]): SideSummary {
  const judged = results.filter((r) => r.status !== 'imported');
  const passed = results.filter((r) => r.status === 'pass').length;
  const scores = new Map<string, number[]>();
  for (const r of results)
    for (const m of r.metrics) scores.set(m.criterion, [...(scores.get(m.criterion) ?? []), m.score]);
  const tokens = { prompt: 0, cached_prompt: 0, completion: 0, total: 0 };
  for (const r of results) {
    tokens.prompt += r.tokens.prompt;
    tokens.cached_prompt += r.tokens.cached_prompt;
    tokens.completion += r.tokens.completion;
  }
  tokens.total = tokens.prompt + tokens.completion;
  const conversationMs = results.reduce((s, r) => s + r.duration_ms, 0);
  return {
    results: results.length,
    tests: new Set(results.map((r) => r.test_index)).size,
    passed,
    failed: results.filter((r) => r.status === 'fail').length,
    errored: results.filter((r) => r.status === 'error').length,
    imported: results.length - judged.length,
    pass_rate: judged.length ? passed / judged.length : null,
    pass_interval: judged.length ? intervalOf(wilson(passed, judged.length)) : null,
    mean_scores: Object.fromEntries([...scores].map(([k, v]) => [k, mean(v)!])),
    mean_score: mean([...scores.values()].flat()),
    tokens,
    wall_ms: (run && runWallMs(run)) ?? conversationMs,
    conversation_ms: conversationMs,
    mean_turns: mean(results.map((r) => r.turns)),
  };
}

const intervalOf = (p: { low: number; high: number }) => ({ low: p.low, high: p.high });
const judgedOf = (s: SideSummary) => s.results - s.imported;

/** The interval of B's pass rate minus A's. */
function passRateDifference(a: SideSummary, b: SideSummary): { low: number; high: number } | null {
  const d = differenceOfProportions(b.passed, judgedOf(b), a.passed, judgedOf(a));
  return d.diff === null ? null : intervalOf(d);
}

const sub = (a: number | null, b: number | null) => (a !== null && b !== null ? b - a : null);

/** Both sides' summaries, their deltas, counts per change kind and the regression/improvement lists. */
export function diffSummary(a: SideSummary, b: SideSummary, tests: TestComparison[]): DiffSummary {
  const criteria = [...new Set([...Object.keys(a.mean_scores), ...Object.keys(b.mean_scores)])];
  const counts = Object.fromEntries(CHANGE_ORDER.map((k) => [k, 0])) as Record<ChangeKind, number>;
  for (const t of tests) counts[t.change]++;
  return {
    a,
    b,
    delta: {
      pass_rate: sub(a.pass_rate, b.pass_rate),
      pass_rate_interval: passRateDifference(a, b),
      pass_rate_hint: differenceHint(b.passed, judgedOf(b), a.passed, judgedOf(a)),
      mean_score: sub(a.mean_score, b.mean_score),
      mean_scores: Object.fromEntries(
        criteria.map((c) => [c, sub(a.mean_scores[c] ?? null, b.mean_scores[c] ?? null)]),
      ),
      tokens: b.tokens.total - a.tokens.total,
      wall_ms: b.wall_ms - a.wall_ms,
      mean_turns: sub(a.mean_turns, b.mean_turns),
    },
    counts,
    regressions: tests.filter((t) => t.change === 'regressed').map((t) => t.test),
    improvements: tests.filter((t) => t.change === 'improved').map((t) => t.test),
  };
}
