import type { ChangeKind, CompareRunDiff, RunRef } from '../../../src-shared/contract/runs.js';
import { fmtDate } from '../../ui/common.js';
import { fmtInt, fmtPct } from '../../ui/run-stats.js';
import { changeNoun, signed, tone } from './compare-filters.js';
import { DemoBadge } from '../../ui/DemoBadge.js';
import { RunConfigView } from './RunConfigView.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';

const pp = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)} pp`;

function RunHead({ side, run, highlight }: { side: 'A' | 'B'; run: RunRef; highlight: Set<string> }) {
  return (
    <div className={`run-ref side-${side.toLowerCase()}`} data-testid={`run-head-${side.toLowerCase()}`}>
      <span className="side-tag">{side}</span>
      <div>
        <a href={`#/runs/${run.id}`}>
          <strong>{run.model}</strong>
        </a>
        {run.demo && <DemoBadge />}
        <div className="muted small">
          {run.agent_name}
          {run.agent_version !== null ? ` v${run.agent_version}` : ''} · {run.suite_name} · {fmtDate(run.created_at)} ·{' '}
          {run.status}
        </div>
        <RunConfigView config={run.config} highlight={highlight} />
      </div>
    </div>
  );
}

/** "A 49–94%, B 20–70%; difference −40 to +10 pts: a 25-point difference could be chance: ..." */
function passRateNote(s: CompareRunDiff['summary']): string {
  const p = (x: number) => Math.round(x * 100);
  const side = (i: { low: number; high: number } | null) => (i ? `${p(i.low)}–${p(i.high)}%` : '—');
  const d = s.delta.pass_rate_interval;
  const diff = d ? `; difference ${p(d.low)} to ${p(d.high)} pts` : '';
  return `95% intervals: A ${side(s.a.pass_interval)}, B ${side(s.b.pass_interval)}${diff}. ${s.delta.pass_rate_hint}`;
}

function Delta({
  label,
  a,
  b,
  delta,
  fmtDelta,
  higherIsBetter,
  testId,
  note,
}: {
  label: string;
  a: string;
  b: string;
  delta: number | null;
  fmtDelta: (x: number) => string;
  higherIsBetter: boolean;
  testId?: string;
  /** A line under the delta (the pass rate's interval and hint). */
  note?: string;
}) {
  return (
    <div className="delta" data-testid={testId}>
      <div className="label">{label}</div>
      <div className="ab">
        <span>{a}</span> <span className="arrow">→</span> <strong>{b}</strong>
      </div>
      <div className={`d tone-${tone(delta, higherIsBetter)}`}>{signed(delta, fmtDelta)}</div>
      {note && <div className="small muted note">{note}</div>}
    </div>
  );
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
  const criteria = Object.keys(s.delta.mean_scores);
  const highlight = new Set(diff.config_differences.map((d) => d.field));
  const perConv = s.per_conversation;
  const perConvMs = (x: typeof s.a) => (x.results ? x.conversation_ms / x.results : null);
  const msA = perConvMs(s.a);
  const msB = perConvMs(s.b);
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
            <strong>{s.counts[k]}</strong> {changeNoun(k, s.counts[k])}
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
        />
        <Delta
          label="Mean turns"
          a={s.a.mean_turns?.toFixed(1) ?? '—'}
          b={s.b.mean_turns?.toFixed(1) ?? '—'}
          delta={s.delta.mean_turns}
          fmtDelta={(x) => x.toFixed(1)}
          higherIsBetter={false}
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
              a={msA === null ? '—' : formatDuration(msA)}
              b={msB === null ? '—' : formatDuration(msB)}
              delta={msA !== null && msB !== null ? msB - msA : null}
              fmtDelta={formatDuration}
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
              a={formatDuration(s.a.wall_ms)}
              b={formatDuration(s.b.wall_ms)}
              delta={s.delta.wall_ms}
              fmtDelta={formatDuration}
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
                <td className={`num tone-${tone(s.delta.mean_scores[c], true)}`}>
                  {signed(s.delta.mean_scores[c], (x) => x.toFixed(2))}
                </td>
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
