import type { TranscriptTurn } from '../../../../src-shared/schemas/run.js';
import { wordDiff } from '../../../../src-shared/speech/word-errors.js';
import { turnWer } from '../../../../src-shared/speech/wer-summary.js';
import { WordDiffParts } from '../../../ui/speech/WordDiffParts.js';

/**
 * Under a spoken turn in the transcript: what the other side heard (speech on). The diff is on normalised words:
 * struck = said but not heard, marked = heard but not said; with the turn's word error rate.
 */
/** A turn that went through speech (heard, failed or too long to speak): it gets a line under it. */
export function wentThroughSpeech(turn: TranscriptTurn): boolean {
  return turn.role !== 'tool' && (turn.heard !== undefined || !!turn.speech_error || !!turn.speech?.not_spoken);
}

export function TurnHeard({ turn }: { turn: TranscriptTurn }) {
  if (!wentThroughSpeech(turn)) return null;
  const listener = turn.role === 'agent' ? 'the caller heard' : 'the agent heard';
  const errors = turn.speech?.word_errors;
  const wer = errors ? turnWer(errors) : null;
  return (
    <div className="turn-heard small" data-testid="turn-heard">
      <span className="muted">{listener}: </span>
      {turn.speech_error ? (
        <span className="status-error">speech failed: {turn.speech_error}</span>
      ) : turn.speech?.not_spoken ? (
        <span className="muted">nothing: not spoken, longer than the speech length bound</span>
      ) : wer === 0 ? (
        <span>every word as said</span>
      ) : (
        <WordDiffParts parts={wordDiff(turn.content, turn.heard ?? '')} />
      )}
      {wer !== null && (
        <span className="muted" data-testid="turn-wer" title="word error rate of this turn">
          {' '}
          · {(wer * 100).toFixed(0)}% word errors
          {turn.speech?.cached ? ' (cached)' : turn.speech?.shared ? ' (shared with an identical turn)' : ''}
        </span>
      )}
    </div>
  );
}
