import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import './checks.css';
import { LintChecklist } from './LintChecklist.js';
import { RepeatedText } from './RepeatedText.js';
import { RoutingCheck } from './RoutingCheck.js';
import { useSnippets, type CheckPick, type CheckStatus } from './use-snippets.js';

/**
 * The Checks tab: the lint checklist of the graph as it is being edited (LintChecklist), the routing
 * check (RoutingCheck) and the snippet candidates of the saved version (RepeatedText, with its state in
 * use-snippets.ts). Advice only: nothing here blocks editing or saving.
 */
export function ChecksPanel({
  agentId,
  graph,
  versionId,
  dirty,
  onPick,
  onStatus,
}: {
  agentId: string;
  graph: AgentGraph;
  versionId: string | null;
  dirty: boolean;
  onPick(f: CheckPick): void;
  onStatus: CheckStatus;
}) {
  const snippets = useSnippets(agentId, versionId, onStatus);
  return (
    <div className="ge-inspector ge-checks" data-testid="checks-panel">
      <LintChecklist graph={graph} onPick={onPick} />
      <RoutingCheck
        agentId={agentId}
        versionId={versionId}
        graph={graph}
        onPickNode={(id) => onPick({ node_id: id, path: '', message: `decision point ${id}` })}
      />
      <RepeatedText versionId={versionId} dirty={dirty} s={snippets} onPick={onPick} />
    </div>
  );
}
