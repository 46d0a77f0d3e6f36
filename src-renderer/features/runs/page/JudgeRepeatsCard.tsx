import { repeatStability } from '../../../../src-shared/judge-stability.js';
import type { Result, Run } from '../../../../src-shared/schemas/run.js';

/**
 * Run option judge_repeats: each conversation was judged N times and kept the majority verdict.
 * Per metric, how many conversations' judgements disagreed; "unstable judge" past the threshold
 * re-judging uses (src-shared/judge-stability.ts).
 */
export function JudgeRepeatsCard({ run, results }: { run: Run; results: Result[] }) {
  const rows = repeatStability(results);
  if (!rows.length) return null;
  const ordered = [...rows.filter((r) => r.unstable), ...rows.filter((r) => !r.unstable)];
  return (
    <section className="card judgements" data-testid="judge-repeats" aria-label="Judge repeats">
      <h3>Judged {run.options.judge_repeats ?? ''} times per conversation</h3>
      <p className="muted small">
        Every verdict is the majority of the judge&apos;s verdicts (a tie counts as fail). A metric whose verdicts
        differ on more than 10% of the conversations is marked unstable: its pass rate rests on a coin the judge flips.
      </p>
      <table className="data">
        <thead>
          <tr>
            <th>Metric</th>
            <th>Conversations whose verdicts flip</th>
            <th>Judge</th>
          </tr>
        </thead>
        <tbody>
          {ordered.map((r) => (
            <tr key={r.criterion} className={r.unstable ? 'unstable' : undefined}>
              <td>{r.criterion}</td>
              <td>
                {r.flipped} of {r.conversations}
              </td>
              <td className={r.unstable ? 'status-fail' : 'status-pass'}>{r.unstable ? 'unstable judge' : 'stable'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
