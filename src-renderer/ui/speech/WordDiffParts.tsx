import type { WordDiffPart } from '../../../src-shared/speech/word-errors.js';
import '../widgets.css';

/**
 * The said/heard diff on normalised words (one reading with the main process: src-shared/speech/): struck
 * = said but not heard, marked = heard but not said.
 */
export function WordDiffParts({ parts }: { parts: WordDiffPart[] }) {
  return (
    <span className="word-diff">
      {parts.map((p, k) => (
        <span key={k}>
          {k > 0 ? ' ' : ''}
          {p.op === 'said' ? (
            <del title="said, not heard">{p.text}</del>
          ) : p.op === 'heard' ? (
            <ins title="heard, not said">{p.text}</ins>
          ) : (
            p.text
          )}
        </span>
      ))}
    </span>
  );
}
