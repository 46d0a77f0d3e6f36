import type { AgentGraph } from '../../../src-shared/schemas/index.js';
import { parseEdgeKey } from './model/edge-key.js';
import type { IssueIndex } from './model/issues.js';
import { EdgeInspector } from './inspector/EdgeInspector.js';
import { GraphSettings } from './inspector/GraphSettings.js';
import { NodeInspector } from './inspector/NodeInspector.js';
import type { Selection } from './state/editor-store.js';

export type PanelTab = 'inspect' | 'settings' | 'checks' | 'versions' | 'runs';

/** What the Inspect tab shows: the selected node or edge, a multi-selection summary, or a hint. */
export function SelectionInspector({
  graph,
  selection,
  issues,
  onDelete,
  onDuplicate,
}: {
  graph: AgentGraph;
  selection: Selection;
  issues?: IssueIndex;
  onDelete(): void;
  onDuplicate(): void;
}) {
  const count = selection.nodes.length + selection.edges.length;
  if (selection.nodes.length === 1 && selection.edges.length === 0) {
    const node = graph.nodes.find((n) => n.id === selection.nodes[0]);
    if (node) return <NodeInspector key={node.id} node={node} graph={graph} issues={issues} />;
  }
  if (selection.edges.length === 1 && selection.nodes.length === 0) {
    const { source, transitionId } = parseEdgeKey(selection.edges[0]!);
    const node = graph.nodes.find((n) => n.id === source);
    const t = node?.transitions.find((x) => x.id === transitionId);
    if (node && t) return <EdgeInspector key={selection.edges[0]} node={node} t={t} graph={graph} issues={issues} />;
  }
  if (count > 1) {
    return (
      <div className="ge-inspector">
        <div className="ge-inspector__title">{count} selected</div>
        <p className="muted small">
          {selection.nodes.length} node(s), {selection.edges.length} way(s) out.
        </p>
        <div className="ge-row">
          {selection.nodes.length > 0 && (
            <button type="button" onClick={onDuplicate}>
              Duplicate nodes
            </button>
          )}
          <button type="button" className="danger" onClick={onDelete}>
            Delete selection
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="ge-inspector ge-inspector--empty">
      <div className="ge-inspector__title">Nothing selected</div>
      <ul className="muted small ge-tips">
        <li>Click a node or the label of a way out to edit it here.</li>
        <li>Add nodes from the list on the left (click, or drag onto the canvas).</li>
        <li>Connect two nodes by dragging from the dot on a node's right edge to another node.</li>
        <li>Shift-drag on the canvas selects several nodes.</li>
        <li>Agent-wide settings (global prompt, tools, variables) are in the Settings tab.</li>
      </ul>
    </div>
  );
}

export { GraphSettings };
