import { useState, type ReactNode } from 'react';
import type { TranscriptTurn } from '../../../../src-shared/schemas/run.js';
import { Transcript } from '../page/Transcript.js';
import { FOLD_OVER, transcriptRows } from '../page/transcript-view.js';
import { turnRef } from '../../../../src-shared/text/turn-number.js';
import type { LeakMark } from '../../../../src-shared/text/leak-spans.js';

/**
 * A stored conversation for review: a long one opens folded around its start, its end and the turns
 * failed checks rest on; a search shows the matching turns; "Next flagged turn" jumps through them.
 * `jumpTo` (with a changing `jumpKey`) scrolls to a turn, unfolding it, and highlights it.
 */
export function ReviewTranscript({
  turns,
  nodeNames,
  onNode,
  flagged,
  jumpTo,
  onJump,
  turnAction,
  leaks,
}: {
  turns: TranscriptTurn[];
  nodeNames?: Map<string, string>;
  onNode?: (node: string) => void;
  flagged: number[];
  jumpTo: number | null;
  onJump: (turn: number) => void;
  turnAction?: (index: number, turn: TranscriptTurn) => ReactNode;
  /** Red-team findings by turn index: their leaked words are marked. */
  leaks?: Map<number, LeakMark[]>;
}) {
  const [expanded, setExpanded] = useState(false);
  const [query, setQuery] = useState('');
  const long = turns.length > FOLD_OVER;
  const flags = [...new Set(flagged)].filter((i) => i >= 0 && i < turns.length).sort((a, b) => a - b);
  const rows = transcriptRows(turns, {
    flagged: jumpTo !== null ? [...flags, jumpTo] : flags,
    expanded,
    query,
  });
  const matches = query.trim() ? rows.filter((r) => r.kind === 'turn').length : null;
  const next = flags.find((f) => jumpTo === null || f > jumpTo) ?? flags[0];
  return (
    <>
      {(long || flags.length > 0) && (
        <div className="transcript-tools" role="group" aria-label="Transcript tools">
          {long && (
            <input
              type="search"
              aria-label="Search the transcript"
              placeholder={`Search ${turns.length} turns`}
              value={query}
              onChange={(e) => setQuery(e.target.value)}
            />
          )}
          {matches !== null && (
            <span className="muted small" role="status">
              {matches} matching turn{matches === 1 ? '' : 's'}
            </span>
          )}
          {flags.length > 0 && next !== undefined && (
            <button type="button" onClick={() => onJump(next)}>
              {jumpTo === null ? 'Jump to the flagged turn' : 'Next flagged turn'} ({turnRef(next)})
            </button>
          )}
          {long && !query && (
            <button type="button" className="ghost" onClick={() => setExpanded(!expanded)} aria-expanded={expanded}>
              {expanded ? 'Fold' : `Show all ${turns.length} turns`}
            </button>
          )}
        </div>
      )}
      <Transcript
        turns={turns}
        nodeNames={nodeNames}
        onNode={onNode}
        rows={rows}
        flagged={new Set(flags)}
        current={jumpTo}
        turnAction={turnAction}
        leaks={leaks}
        onGap={() => {
          setQuery('');
          setExpanded(true);
        }}
      />
    </>
  );
}
