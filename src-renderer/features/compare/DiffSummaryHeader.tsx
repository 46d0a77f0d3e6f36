import type { ChangeKind, CompareRunDiff } from '../../../src-shared/contract/runs.js';
import { CALLER_CHANGED, JUDGE_CHANGED, JUDGE_CHANGED_VERDICTS } from '../../../src-shared/contract/compare-shapes.js';
import { scriptedPart, scriptedRolesOfRefs } from '../../../src-shared/run/demo.js';
import { changeNoun, kindClass } from './compare-filters.js';
import { RunHead } from './DiffSummaryParts.js';
import { MetricScores, SummaryDeltas } from './DiffSummaryDeltas.js';

/** "(scripted model: the agent's replies come from a file)", per demo side when both are demo runs. */
function compareDemoText(diff: CompareRunDiff): string {
  const both = diff.a.demo && diff.b.demo;
  const parts = (['A', 'B'] as const)
    .map((side) => ({ side, run: side === 'A' ? diff.a : diff.b }))
    .filter((x) => x.run.demo)
    .map((x) => `${both ? `${x.side}: ` : ''}${scriptedPart(scriptedRolesOfRefs(x.run.models))}`);
  return `(scripted model; ${parts.join('; ')} come from a file), so the changes below are not evidence about a model or the agent.`;
}

const KIND_ORDER: ChangeKind[] = ['regressed', 'improved', 'noise', 'flaky', 'new', 'removed', 'same'];

/** Deltas of the two runs (B against baseline A), and the count of each kind of change, clickable. */
export function DiffSummaryHeader({
  diff,
  kind,
  onKind,
}: {
  diff: CompareRunDiff;
  kind: ChangeKind | null;
  onKind: (k: ChangeKind | null) => void;
}) {
  const s = diff.summary;
  const highlight = new Set(diff.config_differences.map((d) => d.field));
  const perConv = s.per_conversation;
  const c = diff.comparability;
  const scoresNot = c.scores_comparable ? undefined : JUDGE_CHANGED;
  const callerNot = c.caller_figures_comparable ? undefined : CALLER_CHANGED;
  return (
    <section className="card diff-summary" aria-label="Comparison summary">
      <div className="run-refs">
        <RunHead side="A" run={diff.a} highlight={highlight} />
        <span className="vs">vs</span>
        <RunHead side="B" run={diff.b} highlight={highlight} />
      </div>
      <div className="differ-line small" data-testid="differ-line">
        {diff.differ_line}
      </div>
      {c.notes.length > 0 && (
        <div className="notice small" role="note" data-testid="comparability-notes">
          {c.notes.map((n) => (
            <div key={n}>{n}</div>
          ))}
        </div>
      )}
      {(diff.a.demo || diff.b.demo) && (
        <div className="notice demo-notice small" role="note" data-testid="compare-demo-note">
          <strong>
            {diff.a.demo && diff.b.demo ? 'Both runs are demo runs' : `Run ${diff.a.demo ? 'A' : 'B'} is a demo run`}
          </strong>{' '}
          {compareDemoText(diff)}
        </div>
      )}
      <div className="change-counts" role="group" aria-label="Changes">
        {KIND_ORDER.filter((k) => s.counts[k] > 0 || k === 'regressed' || k === 'improved').map((k) => (
          <button
            key={k}
            type="button"
            className={`count-chip kind-${kindClass(k, c.judge_changed)} ${kind === k ? 'on' : ''}`}
            title={kindClass(k, c.judge_changed) === 'uncoloured' ? JUDGE_CHANGED_VERDICTS : undefined}
            aria-pressed={kind === k}
            data-testid={`count-${k}`}
            onClick={() => onKind(kind === k ? null : k)}
          >
            <strong>{s.counts[k]}</strong> {changeNoun(k, s.counts[k])}
          </button>
        ))}
      </div>
      <SummaryDeltas s={s} scoresNot={scoresNot} callerNot={callerNot} />
      <MetricScores s={s} scoresNot={scoresNot} />
      <div className="muted small per-conv-note" data-testid="conversations-note">
        Over {s.a.results} / {s.b.results} conversations ({s.a.tests} / {s.b.tests} tests, repeats included).
        {perConv &&
          ' The runs hold different numbers of conversations (repeats), so tokens and time are compared per conversation, not as totals.'}
      </div>
    </section>
  );
}
