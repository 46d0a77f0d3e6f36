import { differenceHint, differenceOfProportions, wilson } from '../../src-shared/stats/index.js';
import type { ModelIdentity, Result, Run } from '../../src-shared/schemas/index.js';
import { runTotals } from '../../src-shared/run/totals.js';
import { modelLabel as nameOf } from '../../src-shared/text/model-name.js';
import { isDemoRun } from '../../src-shared/run/demo.js';
import { runConfig } from './run-config.js';
import { speechLabel } from '../../src-shared/run/speech-label.js';
import { latencyDelta, latencyFigures } from './latency-compare.js';
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

/** Short label of a run's agent model: its one name (model-name.ts); '-' when none. */
export function modelLabel(run: Run): string {
  const m = run.models.agent;
  if (!m) return run.kind === 'imported' ? 'imported' : '-';
  return nameOf(m.spec, m.identity);
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
    config: runConfig(run, agentVersion),
    speech: speechLabel(run.options.speech),
    source_run_id: run.source_run_id,
    demo: isDemoRun(run.models),
    created_at: run.created_at,
  };
}

/** Pass rate, mean score per metric, tokens, wall time and mean turns of one run (the shared runTotals). */
export function summarizeSide(run: Run | null, results: Result[]): SideSummary {
  const t = runTotals(run, results);
  return {
    results: t.conversations,
    tests: t.tests,
    passed: t.passed,
    failed: t.failed,
    errored: t.errored,
    imported: t.imported,
    pass_rate: t.pass_rate,
    mean_scores: Object.fromEntries(t.mean_scores.map((m) => [m.criterion, m.mean])),
    mean_score: t.mean_score,
    mean_score_interval: t.mean_score_interval,
    tokens: t.tokens,
    wall_ms: t.wall_ms,
    conversation_ms: t.conversation_ms,
    mean_turns: t.mean_turns,
    caller_fidelity: callerFidelityOf(results),
    ...latencyOf(results),
    tokens_per_conversation: t.conversations ? t.tokens.total / t.conversations : null,
    pass_interval:
      t.passed + t.failed + t.errored ? intervalOf(wilson(t.passed, t.passed + t.failed + t.errored)) : null,
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
      tokens_per_conversation: sub(a.tokens_per_conversation, b.tokens_per_conversation),
      wall_ms: b.wall_ms - a.wall_ms,
      mean_turns: sub(a.mean_turns, b.mean_turns),
      caller_fidelity: sub(a.caller_fidelity, b.caller_fidelity),
      ...(a.latency && b.latency ? { latency: latencyDelta(a.latency, b.latency) } : {}),
    },
    per_conversation: a.results !== b.results,
    counts,
    regressions: tests.filter((t) => t.change === 'regressed').map((t) => t.test),
    improvements: tests.filter((t) => t.change === 'improved').map((t) => t.test),
  };
}

/** Mean caller fidelity score of the conversations whose caller was checked (run option caller_fidelity); null when none was. */
function callerFidelityOf(results: Result[]): number | null {
  const scores = results.flatMap((r) => (r.caller_fidelity ? [r.caller_fidelity.score] : []));
  return scores.length ? scores.reduce((s, x) => s + x, 0) / scores.length : null;
}

/** The side's latency figures, when any agent turn recorded a latency (imported calls and old runs have none). */
function latencyOf(results: Result[]): Pick<SideSummary, 'latency'> {
  const latency = latencyFigures(results);
  return latency.turns ? { latency } : {};
}
