import type { TranscriptDiffEntry, WordPart } from '../../../src-shared/contract/runs.js';
import { NodeBadge } from '../runs/page/Transcript.js';
import { turnRef } from '../../../src-shared/text/turn-number.js';

/** The text of one side with the words that differ highlighted (A shows removed words, B inserted ones). */
function Words({ parts, side }: { parts: WordPart[]; side: 'a' | 'b' }) {
  return (
    <>
      {parts.map((p, i) => {
        if (p.op === '=') return <span key={i}>{p.text}</span>;
        if (side === 'a' && p.op === '-')
          return (
            <del key={i} className="w-del">
              {p.text}
            </del>
          );
        if (side === 'b' && p.op === '+')
          return (
            <ins key={i} className="w-ins">
              {p.text}
            </ins>
          );
        return null;
      })}
    </>
  );
}

function Cell({
  e,
  side,
  names,
}: {
  e: TranscriptDiffEntry;
  side: 'a' | 'b';
  names: { a: Map<string, string>; b: Map<string, string> };
}) {
  const text = side === 'a' ? e.a : e.b;
  const node = side === 'a' ? e.node_a : e.node_b;
  const index = side === 'a' ? e.a_index : e.b_index;
  if (text === null)
    return (
      <td className={`sbs-cell empty ${e.op}`}>
        <span className="muted small">{e.op === 'inserted' ? 'not in A' : 'not in B'}</span>
      </td>
    );
  return (
    <td className={`sbs-cell ${e.op} turn-${e.role}`}>
      <div className="turn-head">
        <span className="role">{e.role}</span>
        {node && e.role === 'agent' && <NodeBadge node={node} name={names[side].get(node)} />}
        {index !== null && <span className="muted small turn-no">{turnRef(index)}</span>}
      </div>
      <div className="turn-text">{e.op === 'changed' && e.words ? <Words parts={e.words} side={side} /> : text}</div>
    </td>
  );
}

/** Both transcripts aligned turn by turn, full text (never truncated), words that differ highlighted. */
export function SideBySide({
  entries,
  names,
}: {
  entries: TranscriptDiffEntry[];
  names: { a: Map<string, string>; b: Map<string, string> };
}) {
  if (!entries.length) return <div className="muted small">Neither side has a transcript.</div>;
  return (
    <table className="side-by-side" aria-label="Transcripts side by side">
      <thead>
        <tr>
          <th>A</th>
          <th>B</th>
        </tr>
      </thead>
      <tbody>
        {entries.map((e, i) => (
          <tr key={i} className={`sbs-row op-${e.op}`} data-op={e.op}>
            <Cell e={e} side="a" names={names} />
            <Cell e={e} side="b" names={names} />
          </tr>
        ))}
      </tbody>
    </table>
  );
}
