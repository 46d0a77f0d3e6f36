import { useState } from 'react';
import type { z } from 'zod';
import type { AgentVersionMeta } from '../../../../src-shared/contract/agents.js';
import { useApi } from '../../../api/hooks.js';
import { fmtDate } from '../../../ui/common.js';

type Version = z.infer<typeof AgentVersionMeta>;
interface Change {
  kind: 'added' | 'removed' | 'changed';
  target: string;
  text: string;
}

function Changes({ from, to }: { from: string; to: string }) {
  const diff = useApi(
    'agents.graphDiff',
    { from_version_id: from, to_version_id: to },
    { staleTime: Infinity, retry: false },
  );
  if (diff.isLoading) return <div className="muted small">Loading changes…</div>;
  if (diff.error) return <div className="error small">{diff.error.message}</div>;
  const changes = (diff.data as { changes?: Change[] } | undefined)?.changes ?? [];
  if (!changes.length) return <div className="muted small">Only layout changed (node positions).</div>;
  return (
    <ul className="ge-changes" data-testid="version-changes">
      {changes.map((c, i) => (
        <li key={i} className={`is-${c.kind}`}>
          <span className="ge-change-kind">{c.kind === 'added' ? '+' : c.kind === 'removed' ? '−' : '~'}</span> {c.text}
        </li>
      ))}
    </ul>
  );
}

/** Every saved version, newest first, each with its changes from the one before; open read-only or restore. */
export function VersionHistory({
  versions,
  currentId,
  viewingId,
  onOpen,
  onRestore,
}: {
  versions: Version[];
  currentId: string | null;
  viewingId: string | null;
  onOpen(id: string | null): void;
  onRestore(v: Version): void;
}) {
  // the newest version shows its changes unless closed; older ones when opened
  const [toggled, setToggled] = useState<Set<string>>(() => new Set());
  const toggle = (id: string) =>
    setToggled((s) => {
      const n = new Set(s);
      if (n.has(id)) n.delete(id);
      else n.add(id);
      return n;
    });
  const isOpen = (id: string, i: number) => (i === 0) !== toggled.has(id);
  return (
    <div className="ge-inspector" data-testid="version-history">
      <div className="ge-inspector__title">Versions</div>
      <p className="muted small">Every save is kept. Open one to look at it, or restore it as a new version.</p>
      <ol className="ge-versions">
        {versions.map((v, i) => {
          // a fix's version shows its changes against the version it was made from
          const prev = (v.parent_version_id && versions.find((x) => x.id === v.parent_version_id)) || versions[i + 1];
          return (
            <li key={v.id} className={v.id === viewingId ? 'is-viewing' : ''} data-testid="version-row">
              <div className="ge-versions__head">
                <strong>v{v.version}</strong>
                {v.id === currentId && <span className="ge-tag ge-tag--entry">latest</span>}
                <span className="muted small">{fmtDate(v.created_at)}</span>
              </div>
              {v.note && <div className="small">{v.note}</div>}
              <div className="ge-row">
                {prev && (
                  <button
                    type="button"
                    className="ghost small"
                    aria-expanded={isOpen(v.id, i)}
                    onClick={() => toggle(v.id)}
                  >
                    {isOpen(v.id, i) ? 'Hide changes' : 'Changes'}
                  </button>
                )}
                {v.id !== currentId &&
                  (v.id === viewingId ? (
                    <button type="button" className="ghost small" onClick={() => onOpen(null)}>
                      Close
                    </button>
                  ) : (
                    <button type="button" className="ghost small" onClick={() => onOpen(v.id)}>
                      Open
                    </button>
                  ))}
                {v.id !== currentId && (
                  <button type="button" className="small" onClick={() => onRestore(v)}>
                    Restore
                  </button>
                )}
              </div>
              {!prev && <div className="muted small">First version ({v.source_format}).</div>}
              {prev && v.parent_version_id === prev.id && (
                <div className="muted small" data-testid="version-parent">
                  Made by a fix from v{prev.version}; its changes are against v{prev.version}.
                </div>
              )}
              {prev && isOpen(v.id, i) && <Changes from={prev.id} to={v.id} />}
            </li>
          );
        })}
      </ol>
    </div>
  );
}
