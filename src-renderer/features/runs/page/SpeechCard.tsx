import type { Result } from '../../../../src-shared/schemas/run.js';
import {
  perturbationCountsText,
  speechRunReport,
  speechTurnsText,
} from '../../../../src-shared/speech/speech-report.js';
import { verdictFlips, verdictFlipsText } from '../../../../src-shared/speech/verdict-flips.js';
import { formatWer, type WerInterval } from '../../../../src-shared/speech/wer-summary.js';

function WerRow({ label, w }: { label: string; w: WerInterval }) {
  return (
    <tr>
      <td>{label}</td>
      <td data-testid="run-wer">{formatWer(w)}</td>
    </tr>
  );
}

/**
 * Speech over the run (issue 27): the word error rate each way on normalised words with its 95% interval over
 * conversations, turns served by the speech cache, turns not spoken because they were too long, and what the
 * simulated phone callers did. Time to first audio is in the latency card.
 */
export function SpeechCard({ results }: { results: Result[] }) {
  const s = speechRunReport(results);
  if (!s) return null;
  const callers = perturbationCountsText(s.perturbations);
  const flips = verdictFlips(results);
  return (
    <section className="card" data-testid="speech-card" aria-label="Speech">
      <h3>Speech</h3>
      {(s.agent_wer || s.caller_wer) && (
        <table className="data" aria-label="Word error rates">
          <thead>
            <tr>
              <th scope="col">Speech</th>
              <th scope="col" data-testid="wer-heading">
                Word error rate (lower is better)
              </th>
            </tr>
          </thead>
          <tbody>
            {s.agent_wer && <WerRow label="The agent, as the caller heard it" w={s.agent_wer} />}
            {s.caller_wer && <WerRow label="The caller, as the agent heard it" w={s.caller_wer} />}
          </tbody>
        </table>
      )}
      <p className="muted small">
        Word error rate: the share of words heard wrong, left out or added (0% is a perfect hearing), on normalised
        words (numbers as digits, case, punctuation and contractions ignored).{' '}
        {s.spoken_turns > 0 && <span data-testid="speech-turns">{speechTurnsText(s)}.</span>}
      </p>
      {flips && (
        <p className={`small ${flips.lost + flips.gained ? 'warning' : ''}`} data-testid="verdict-flips">
          {verdictFlipsText(flips)}.
        </p>
      )}
      {s.not_spoken > 0 && (
        <p className="warning small" data-testid="not-spoken">
          {s.not_spoken} turn{s.not_spoken === 1 ? ' was' : 's were'} not spoken: longer than the speech length bound
          (1,500 characters).
        </p>
      )}
      {callers && (
        <p className="small" data-testid="perturbation-counts">
          Callers: {callers}.
        </p>
      )}
    </section>
  );
}
