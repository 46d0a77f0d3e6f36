import type { Result } from '../../../../src-shared/schemas/run.js';
import { conversationWer, formatWer } from '../../../../src-shared/speech/wer-summary.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { wentThroughSpeech } from './TurnHeard.js';

/**
 * Audio evaluation / caller speech (issues 11, 27, 24): the conversation's word error rate each way, an audio
 * failure, and the metrics and rule checks judged on the heard transcript beside the ones on the text. What was
 * heard per turn sits in the transcript under what was said (TurnHeard), with one turn numbering.
 */
export function HeardSection({ r, onTurn }: { r: Result; onTurn: (index: number) => void }) {
  // the turns with a line under them in the transcript (a silent caller turn has none: it is marked, not heard)
  const spoken = r.transcript.map((t, i) => ({ t, i })).filter(({ t }) => wentThroughSpeech(t));
  if (
    !spoken.length &&
    !r.transcript.some((t) => t.perturbation) &&
    !r.audio_metrics &&
    !r.audio_rules &&
    !r.audio_error
  )
    return null;
  const agentWer = conversationWer(r.transcript, 'agent');
  const callerWer = conversationWer(r.transcript, 'caller');
  return (
    <section data-testid="heard-section">
      <h4>Heard through speech</h4>
      {(agentWer || callerWer) && (
        <p className="small" data-testid="conversation-wer">
          Word error rate:{' '}
          {[
            agentWer && `the agent as the caller heard it ${formatWer(agentWer)}`,
            callerWer && `the caller as the agent heard it ${formatWer(callerWer)}`,
          ]
            .filter(Boolean)
            .join('; ')}
        </p>
      )}
      {r.audio_error && (
        <div className="error-box" role="alert" data-testid="audio-error">
          Audio part failed (the text verdicts above are kept): {r.audio_error}
        </div>
      )}
      {spoken.length > 0 && (
        <p className="muted small">
          What the other side heard is under each spoken turn of the transcript ({plural(spoken.length, 'spoken turn')},{' '}
          <button type="button" className="link-button" onClick={() => onTurn(spoken[0].i)}>
            go to the first
          </button>
          ).
        </p>
      )}
      {(r.audio_metrics?.length ?? 0) + (r.audio_rules?.length ?? 0) > 0 && (
        <table className="heard-verdicts" data-testid="audio-verdicts">
          <thead>
            <tr>
              <th>Check</th>
              <th>On the text</th>
              <th>On what was heard</th>
            </tr>
          </thead>
          <tbody>
            {(r.audio_rules ?? []).map((a, k) => {
              const text = r.rules.find((x) => x.kind === a.kind && x.target === a.target);
              return (
                <tr key={`r${k}`}>
                  <td>
                    {a.kind} “{a.target}”
                  </td>
                  <td className={text?.passed ? 'status-pass' : 'status-fail'}>
                    {text ? (text.passed ? 'pass' : 'fail') : '—'}
                  </td>
                  <td className={a.passed ? 'status-pass' : 'status-fail'} title={a.message}>
                    {a.passed ? 'pass' : 'fail'}
                  </td>
                </tr>
              );
            })}
            {(r.audio_metrics ?? []).map((a, k) => {
              const text = r.metrics.find((x) => x.criterion === a.criterion);
              return (
                <tr key={`m${k}`}>
                  <td>{a.criterion}</td>
                  <td className={text?.passed ? 'status-pass' : 'status-fail'}>{text ? text.score.toFixed(2) : '—'}</td>
                  <td className={a.passed ? 'status-pass' : 'status-fail'} title={a.reasoning}>
                    {a.score.toFixed(2)} (threshold {a.threshold})
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </section>
  );
}
