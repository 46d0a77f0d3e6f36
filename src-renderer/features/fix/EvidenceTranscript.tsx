import { useEffect, useRef } from 'react';
import type { Result } from '../../../src-shared/schemas/run.js';
import { turnRef } from '../../../src-shared/text/turn-number.js';
import { scrollBehavior } from '../../ui/scroll-behavior.js';

/**
 * The conversation a diagnosis read, with the turns it cites marked as evidence (the picked fault's first scrolled to).
 * Turns are numbered from 1 as the diagnosing model read them (text/turn-number.ts); `data-turn` is the stored index.
 */
export function EvidenceTranscript({
  result,
  evidence,
  focus,
}: {
  result: Result;
  evidence: number[];
  focus: number[];
}) {
  const list = useRef<HTMLOListElement>(null);
  const first = focus[0];
  useEffect(() => {
    if (first === undefined) return;
    list.current
      ?.querySelector(`[data-turn="${first}"]`)
      ?.scrollIntoView({ block: 'nearest', behavior: scrollBehavior() });
  }, [first, result.id]);
  const marked = new Set(evidence);
  const focused = new Set(focus);
  return (
    <ol className="fix-transcript" ref={list} data-testid="fix-transcript" aria-label={`Transcript of ${result.test}`}>
      {result.transcript.map((t, i) => (
        <li
          key={i}
          data-turn={i}
          className={`fix-turn fix-turn--${t.role}${marked.has(i) ? ' is-evidence' : ''}${focused.has(i) ? ' is-focused' : ''}`}
          {...(marked.has(i) ? { 'data-evidence': 'true' } : {})}
        >
          <span className="fix-turn__who">
            <span className="muted small turn-no">{turnRef(i)}</span>{' '}
            {t.role === 'tool' ? `tool ${t.tool ?? ''}` : t.role}
            {t.node && <code className="small"> {t.node}</code>}
            {marked.has(i) && <span className="badge fix-evidence">evidence</span>}
          </span>
          <span className="fix-turn__text">{t.content}</span>
        </li>
      ))}
    </ol>
  );
}
