import type { CompareRunDiff, RunRef } from '../../../src-shared/contract/runs.js';
import { fmtDate } from '../../ui/common.js';
import { scriptedRolesOfRefs } from '../../../src-shared/run/demo.js';
import { DemoBadge } from '../../ui/DemoBadge.js';
import { FitnessCautions } from '../../ui/ModelFitness.js';
import { SpeechLabel } from '../../ui/SpeechLabel.js';
import { signed, tone } from './compare-filters.js';
import { RunConfigView } from './RunConfigView.js';

/** The pieces of the comparison summary: each run's head, one delta figure, the pass rate's note. */

export const pp = (x: number) => `${(Math.round(x * 1000) / 10).toFixed(1)} pp`;

export function RunHead({ side, run, highlight }: { side: 'A' | 'B'; run: RunRef; highlight: Set<string> }) {
  return (
    <div className={`run-ref side-${side.toLowerCase()}`} data-testid={`run-head-${side.toLowerCase()}`}>
      <span className="side-tag">{side}</span>
      <div>
        <a href={`#/runs/${run.id}`}>
          <strong>{run.model}</strong>
        </a>
        {run.demo && <DemoBadge roles={scriptedRolesOfRefs(run.models)} />}
        <SpeechLabel speech={run.speech} />
        <div className="muted small">
          {run.agent_name}
          {run.agent_version !== null ? ` v${run.agent_version}` : ''} · {run.suite_name} · {fmtDate(run.created_at)} ·{' '}
          {run.status}
        </div>
        <RunConfigView config={run.config} highlight={highlight} />
        <FitnessCautions fitness={run.fitness} />
      </div>
    </div>
  );
}

/** "A 49–94%, B 20–70%; difference −40 to +10 pts: a 25-point difference could be chance: ..." */
export function passRateNote(s: CompareRunDiff['summary']): string {
  const p = (x: number) => Math.round(x * 100);
  const side = (i: { low: number; high: number } | null) => (i ? `${p(i.low)}–${p(i.high)}%` : '—');
  const d = s.delta.pass_rate_interval;
  const diff = d ? `; difference ${p(d.low)} to ${p(d.high)} pts` : '';
  return `95% intervals: A ${side(s.a.pass_interval)}, B ${side(s.b.pass_interval)}${diff}. ${s.delta.pass_rate_hint}`;
}

export function Delta({
  label,
  a,
  b,
  delta,
  fmtDelta,
  higherIsBetter,
  testId,
  note,
  notComparable,
  uncoloured,
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
  /** Why there is no delta: the judge or the caller changed (shown instead, without colour). */
  notComparable?: string;
  /** Why the delta is shown without the colours of better and worse (it may not be the agent's). */
  uncoloured?: string;
}) {
  return (
    <div className="delta" data-testid={testId}>
      <div className="label">{label}</div>
      <div className="ab">
        <span>{a}</span> <span className="arrow">→</span> <strong>{b}</strong>
      </div>
      {notComparable ? (
        <div className="d tone-neutral not-comparable">{notComparable}</div>
      ) : (
        <div
          className={`d tone-${uncoloured ? 'neutral' : tone(delta, higherIsBetter)}`}
          title={uncoloured}
          data-uncoloured={uncoloured ? true : undefined}
        >
          {signed(delta, fmtDelta)}
        </div>
      )}
      {note && <div className="small muted note">{note}</div>}
    </div>
  );
}
