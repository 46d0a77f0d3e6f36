import type { CompareRunDiff } from '../../../src-shared/contract/runs.js';
import { JUDGE_CHANGED_VERDICTS } from '../../../src-shared/contract/compare-shapes.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { fmtInt, fmtPct } from '../../ui/run-stats.js';
import { signed, tone } from './compare-filters.js';
import { Delta, passRateNote, pp } from './DiffSummaryParts.js';

type Summary = CompareRunDiff['summary'];

/**
 * The summary's figures, B against baseline A: pass rate, mean score, turns, tokens and time (per
 * conversation when the runs hold different numbers). A figure that is not comparable (the judge or the
 * caller changed) says why instead of a coloured delta.
 */
export function SummaryDeltas({
  s,
  scoresNot,
  callerNot,
}: {
  s: Summary;
  scoresNot: string | undefined;
  callerNot: string | undefined;
}) {
  const perConv = s.per_conversation;
  const perConvMs = (x: typeof s.a) => (x.results ? x.conversation_ms / x.results : null);
  const msA = perConvMs(s.a);
  const msB = perConvMs(s.b);
  return (
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
        uncoloured={scoresNot ? JUDGE_CHANGED_VERDICTS : undefined}
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
  );
}

/** The mean score of each metric on both sides, with its delta (or why there is none). */
export function MetricScores({ s, scoresNot }: { s: Summary; scoresNot: string | undefined }) {
  const criteria = Object.keys(s.delta.mean_scores);
  if (!criteria.length) return null;
  return (
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
  );
}
