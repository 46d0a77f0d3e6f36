import type { ChangeKind, CompareRunDiff } from '../../../src-shared/contract/runs.js';
import { CALLER_CHANGED, JUDGE_CHANGED } from '../../../src-shared/contract/compare-shapes.js';
import { fmtInt, fmtMs, fmtPct } from '../../ui/run-stats.js';
import { CHANGE_LABEL, signed, tone } from './compare-filters.js';
import { Delta, passRateNote, pp, RunHead } from './DiffSummaryParts.js';

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
  const criteria = Object.keys(s.delta.mean_scores);
  const highlight = new Set(diff.config_differences.map((d) => d.field));
  const perConv = s.per_conversation;
  const perConvMs = (x: typeof s.a) => (x.results ? x.conversation_ms / x.results : null);
  const msA = perConvMs(s.a);
  const msB = perConvMs(s.b);
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
          (scripted model): its passes and scores come from a file, so the changes below are not evidence about a model
          or the agent.
        </div>
      )}
      <div className="change-counts" role="group" aria-label="Changes">
        {KIND_ORDER.filter((k) => s.counts[k] > 0 || k === 'regressed' || k === 'improved').map((k) => (
          <button
            key={k}
            type="button"
            className={`count-chip kind-${k} ${kind === k ? 'on' : ''}`}
            aria-pressed={kind === k}
            data-testid={`count-${k}`}
            onClick={() => onKind(kind === k ? null : k)}
          >
            <strong>{s.counts[k]}</strong> {CHANGE_LABEL[k]}
          </button>
        ))}
      </div>
      <div className="deltas">
        <Delta
          testId="delta-pass-rate"
          label="Pass rate"
          a={fmtPct(s.a.pass_rate)}
          b={fmtPct(s.b.pass_rate)}
          delta={s.delta.pass_rate}
          fmtDelta={pp}
          higherIsBetter
          note={passRateNote(s)}
        />
        <Delta
          label="Mean score"
          a={s.a.mean_score?.toFixed(2) ?? '—'}
          b={s.b.mean_score?.toFixed(2) ?? '—'}
          delta={s.delta.mean_score}
          fmtDelta={(x) => x.toFixed(2)}
          higherIsBetter
          testId="delta-mean-score"
          notComparable={scoresNot}
        />
        <Delta
          label="Mean turns"
          a={s.a.mean_turns?.toFixed(1) ?? '—'}
          b={s.b.mean_turns?.toFixed(1) ?? '—'}
          delta={s.delta.mean_turns}
          fmtDelta={(x) => x.toFixed(1)}
          higherIsBetter={false}
          notComparable={callerNot}
        />
        {perConv ? (
          <>
            <Delta
              testId="delta-tokens"
              label="Tokens / conversation"
              a={fmtInt(Math.round(s.a.tokens_per_conversation ?? 0))}
              b={fmtInt(Math.round(s.b.tokens_per_conversation ?? 0))}
              delta={s.delta.tokens_per_conversation === null ? null : Math.round(s.delta.tokens_per_conversation)}
              fmtDelta={fmtInt}
              higherIsBetter={false}
            />
            <Delta
              label="Time / conversation"
              a={msA === null ? '—' : fmtMs(msA)}
              b={msB === null ? '—' : fmtMs(msB)}
              delta={msA !== null && msB !== null ? msB - msA : null}
              fmtDelta={fmtMs}
              higherIsBetter={false}
            />
          </>
        ) : (
          <>
            <Delta
              testId="delta-tokens"
              label="Tokens"
              a={fmtInt(s.a.tokens.total)}
              b={fmtInt(s.b.tokens.total)}
              delta={s.delta.tokens}
              fmtDelta={fmtInt}
              higherIsBetter={false}
            />
            <Delta
              label="Wall time"
              a={fmtMs(s.a.wall_ms)}
              b={fmtMs(s.b.wall_ms)}
              delta={s.delta.wall_ms}
              fmtDelta={fmtMs}
              higherIsBetter={false}
            />
          </>
        )}
      </div>
      {criteria.length > 0 && (
        <table className="compact metric-summary" aria-label="Mean score per metric">
          <thead>
            <tr>
              <th>Metric</th>
              <th className="num">A</th>
              <th className="num">B</th>
              <th className="num">Δ</th>
            </tr>
          </thead>
          <tbody>
            {criteria.map((c) => (
              <tr key={c}>
                <td>{c}</td>
                <td className="num">{s.a.mean_scores[c]?.toFixed(2) ?? '—'}</td>
                <td className="num">{s.b.mean_scores[c]?.toFixed(2) ?? '—'}</td>
                {scoresNot ? (
                  <td className="num tone-neutral not-comparable">{scoresNot}</td>
                ) : (
                  <td className={`num tone-${tone(s.delta.mean_scores[c], true)}`}>
                    {signed(s.delta.mean_scores[c], (x) => x.toFixed(2))}
                  </td>
                )}
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="muted small per-conv-note" data-testid="conversations-note">
        Over {s.a.results} / {s.b.results} conversations ({s.a.tests} / {s.b.tests} tests, repeats included).
        {perConv &&
          ' The runs hold different numbers of conversations (repeats), so tokens and time are compared per conversation, not as totals.'}
      </div>
    </section>
  );
}
