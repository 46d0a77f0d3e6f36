import type { SnippetCandidate } from '../../../../src-shared/contract/analysis.js';
import type { CheckPick, SnippetsState } from './use-snippets.js';

/**
 * The snippet candidates of the saved version: extract one or all exact ones as a new version; nearly
 * identical ones are shown with how close they are.
 */
export function RepeatedText({
  versionId,
  dirty,
  s,
  onPick,
}: {
  versionId: string | null;
  dirty: boolean;
  s: SnippetsState;
  onPick(f: CheckPick): void;
}) {
  const { report, exact, near, busy, extract } = s;
  return (
    <>
      <div className="ge-inspector__title">Repeated text</div>
      {!versionId ? (
        <p className="muted small">Save the agent first: snippets are extracted from a saved version.</p>
      ) : s.error ? (
        <p className="error small">Snippet analysis failed: {s.error.message}</p>
      ) : !report ? (
        <p className="muted small">Reading…</p>
      ) : (
        <>
          {dirty && <p className="muted small">These are for the saved version; save your changes to include them.</p>}
          {!exact.length && !near.length && <p className="muted small">No repeated text.</p>}
          {exact.map((c) => (
            <Candidate key={c.id} c={c} onPick={onPick}>
              <button
                type="button"
                disabled={busy || dirty}
                onClick={() => void extract([c.id])}
                data-testid="extract-snippet"
              >
                Extract as {`{%${c.name}%}`}
              </button>
            </Candidate>
          ))}
          {exact.length > 1 && (
            <button type="button" className="primary" disabled={busy || dirty} onClick={() => void extract()}>
              Extract all {exact.length} as a new version
            </button>
          )}
          {near.map((c) => (
            <Candidate key={c.id} c={c} onPick={onPick}>
              <span className="muted small">
                Nearly the same ({Math.round(c.similarity * 100)}%): if they mean the same, make them identical to
                extract them.
              </span>
            </Candidate>
          ))}
          {report.unused.length > 0 && <p className="small">Snippets never used: {report.unused.join(', ')}</p>}
          {report.used_once.length > 0 && (
            <p className="small">Snippets used once (inline them?): {report.used_once.map((u) => u.name).join(', ')}</p>
          )}
        </>
      )}
    </>
  );
}

function Candidate({
  c,
  onPick,
  children,
}: {
  c: SnippetCandidate;
  onPick(f: CheckPick): void;
  children: React.ReactNode;
}) {
  return (
    <div className="ge-snippet" data-testid="snippet-candidate">
      <blockquote className="small">{c.text}</blockquote>
      <div className="ge-row small">
        {c.places.map((p, k) => (
          <button
            key={k}
            type="button"
            className="link"
            title={p.text}
            onClick={() => onPick({ ...p, message: `repeated text at ${p.path}` })}
          >
            {p.transition_id ?? p.node_id ?? 'global prompt'}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
