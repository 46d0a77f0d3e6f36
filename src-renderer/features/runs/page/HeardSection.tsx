import type { Result, TranscriptTurn } from '../../../../src-shared/schemas/run.js';
import { wordDiff } from '../../../../src-shared/speech/word-errors.js';
import { conversationWer, formatWer, turnWer } from '../../../../src-shared/speech/wer-summary.js';
import { WordDiffParts } from '../../../ui/speech/WordDiffParts.js';
import { perturbationText } from '../../../../src-shared/speech/perturbation-text.js';

/**
 * Audio evaluation / caller speech (issues 11, 27): per spoken turn, what was said against what was heard
 * (the diff on normalised words: struck = said but not heard, marked = heard but not said), its word error
 * rate and what the simulated caller did (barge-in, silence, noise, dropouts); the conversation's word error
 * rate each way; and the metrics and rule checks judged on the heard transcript beside the ones on the text.
 */
export function HeardSection({ r, onTurn }: { r: Result; onTurn: (index: number) => void }) {
  const spoken = r.transcript
    .map((t, i) => ({ t, i }))
    .filter(({ t }) => t.heard !== undefined || t.speech_error || t.speech?.not_spoken || t.perturbation);
  if (!spoken.length && !r.audio_metrics && !r.audio_rules && !r.audio_error) return null;
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
      <table className="heard-table">
        <thead>
          <tr>
            <th>Turn</th>
            <th>Who</th>
            <th>Said → heard</th>
            <th>WER</th>
          </tr>
        </thead>
        <tbody>
          {spoken.map(({ t, i }) => (
            <tr key={i} className="clickable" onClick={() => onTurn(i)}>
              <td>#{i + 1}</td>
              <td>{t.role === 'agent' ? 'agent → caller' : 'caller → agent'}</td>
              <td>
                <SpokenTurn t={t} />
              </td>
              <td data-testid="turn-wer">{werCell(t)}</td>
            </tr>
          ))}
        </tbody>
      </table>
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

function SpokenTurn({ t }: { t: TranscriptTurn }) {
  const marks = perturbationText(t);
  return (
    <>
      {t.speech_error ? (
        <span className="status-error">{t.speech_error}</span>
      ) : t.speech?.not_spoken ? (
        <span className="muted">not spoken: longer than the speech length bound</span>
      ) : t.heard !== undefined ? (
        <WordDiffParts parts={wordDiff(t.content, t.heard)} />
      ) : (
        <span>{t.content || '(nothing said)'}</span>
      )}
      {marks && (
        <div className="muted small" data-testid="turn-perturbation">
          {marks}
        </div>
      )}
    </>
  );
}

function werCell(t: TranscriptTurn): string {
  const w = t.speech?.word_errors ? turnWer(t.speech.word_errors) : null;
  const from = t.speech?.cached ? ' (cached)' : t.speech?.shared ? ' (shared)' : '';
  return w === null ? '—' : `${(w * 100).toFixed(0)}%${from}`;
}
