import { diffWords } from 'diff';
import type { Result } from '../../../../src-shared/schemas/run.js';

/**
 * Audio evaluation / caller speech (issue 11): per spoken turn, what was said against what was heard
 * (word diff: struck = said but not heard, marked = heard but not said), and the metrics and rule checks
 * judged on the heard transcript beside the ones judged on the text.
 */
export function HeardSection({ r, onTurn }: { r: Result; onTurn: (index: number) => void }) {
  const spoken = r.transcript.map((t, i) => ({ t, i })).filter(({ t }) => t.heard !== undefined || t.speech_error);
  if (!spoken.length && !r.audio_metrics && !r.audio_rules && !r.audio_error) return null;
  return (
    <section data-testid="heard-section">
      <h4>Heard through speech</h4>
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
          </tr>
        </thead>
        <tbody>
          {spoken.map(({ t, i }) => (
            <tr key={i} className="clickable" onClick={() => onTurn(i)}>
              <td>#{i + 1}</td>
              <td>{t.role === 'agent' ? 'agent → caller' : 'caller → agent'}</td>
              <td>
                {t.speech_error ? (
                  <span className="status-error">{t.speech_error}</span>
                ) : (
                  <WordDiff said={t.content} heard={t.heard ?? ''} />
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      {(r.audio_metrics?.length || r.audio_rules?.length) && (
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

function WordDiff({ said, heard }: { said: string; heard: string }) {
  const norm = (s: string) =>
    s
      .toLowerCase()
      .replace(/[^\p{L}\p{N}'\s]+/gu, ' ')
      .replace(/\s+/g, ' ')
      .trim();
  return (
    <span className="word-diff">
      {diffWords(norm(said), norm(heard)).map((p, k) =>
        p.removed ? (
          <del key={k} title="said, not heard">
            {p.value}{' '}
          </del>
        ) : p.added ? (
          <ins key={k} title="heard, not said">
            {p.value}{' '}
          </ins>
        ) : (
          <span key={k}>{p.value}</span>
        ),
      )}
    </span>
  );
}
