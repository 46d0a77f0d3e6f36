import { useApi } from '../../../api/hooks.js';
import { GraphView } from '../view/GraphView.js';

/** An old version of the agent, read-only, with Restore and Back to editing. */
export function OldVersionView({
  agentId,
  versionId,
  version,
  onRestore,
  onBack,
}: {
  agentId: string;
  versionId: string;
  version: number | undefined;
  onRestore(): void;
  onBack(): void;
}) {
  const viewed = useApi('agents.get', { id: agentId, version_id: versionId });
  return (
    <div className="ge-viewing">
      <div className="ge-banner">
        Viewing v{version} (read-only).
        <button type="button" className="small primary" onClick={onRestore}>
          Restore this version
        </button>
        <button type="button" className="small" onClick={onBack}>
          Back to editing
        </button>
      </div>
      {viewed.data ? (
        <GraphView graph={viewed.data.graph} height="100%" label="Old version (read-only)" />
      ) : (
        <div className="muted">Loading…</div>
      )}
    </div>
  );
}
