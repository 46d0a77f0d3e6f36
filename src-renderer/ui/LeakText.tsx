import { Fragment } from 'react';
import { leakParts, leakSpans, type LeakMark } from '../../src-shared/text/leak-spans.js';
import './widgets.css';

/** Whether any of the findings' evidence is located in the text (src-shared/text/leak-spans.ts). */
export const hasLeak = (text: string, leaks: LeakMark[]): boolean =>
  leaks.some((l) => leakSpans(text, l.evidence).length > 0);

/**
 * A text with the leaked words of red-team findings in <mark class="leak">: a title and, for screen readers, a
 * visually hidden "leaked (detector):" before each mark name the detector. Evidence not in the text marks nothing.
 */
export function LeakText({ text, leaks }: { text: string; leaks: LeakMark[] }) {
  const spans = leaks.flatMap((l) => leakSpans(text, l.evidence).map((s) => ({ ...s, label: l.detector })));
  if (!spans.length) return <>{text}</>;
  return (
    <>
      {leakParts(text, spans).map((p, i) =>
        p.leaks.length ? (
          <Fragment key={i}>
            <span className="leak-said">leaked ({p.leaks.join(', ')}): </span>
            <mark className="leak" title={`leaked: found by ${p.leaks.join(', ')}`} data-detector={p.leaks.join(' ')}>
              {p.text}
            </mark>
          </Fragment>
        ) : (
          <Fragment key={i}>{p.text}</Fragment>
        ),
      )}
    </>
  );
}
