import { useState } from 'react';
import { NODE_TYPES, type AgentGraph, type GraphNode, type NodeType } from '../../../../src-shared/schemas/index.js';
import { edgeKey } from '../model/edge-key.js';
import {
  changeNodeType,
  connect,
  deleteElements,
  duplicateNodes,
  isConditionEdge,
  NODE_TYPE_LABELS,
  setEntry,
  sortedConditionEdges,
} from '../model/graph-ops.js';
import type { IssueIndex } from '../model/issues.js';
import { conditionLabel, displayName, idsTip, inNodeNames } from '../model/labels.js';
import { useEditor } from '../state/editor-store.js';
import { useGraphEdit, useNodeEdit } from '../state/use-edit.js';
import { GlobalEditor } from './GlobalEditor.js';
import { NodeTypeFields } from './NodeTypeFields.js';

function WaysOut({ node, graph }: { node: GraphNode; graph: AgentGraph }) {
  const select = useEditor((s) => s.select);
  const editGraph = useGraphEdit();
  const [target, setTarget] = useState('');
  const names = new Map(graph.nodes.map((n) => [n.id, displayName(n)]));
  const ordered = [...sortedConditionEdges(node), ...node.transitions.filter((t) => !isConditionEdge(t))];
  return (
    <fieldset className="ge-fieldset">
      <legend>Ways out ({node.transitions.length})</legend>
      {ordered.length === 0 && (
        <div className="muted small">
          None. Drag from the dot on the node's right edge to another node, or add one here.
        </div>
      )}
      <ol className="ge-ways">
        {ordered.map((t) => (
          <li key={t.id}>
            <button
              type="button"
              className="ge-linkish"
              onClick={() => select({ nodes: [], edges: [edgeKey(node.id, t.id)] })}
            >
              <span className={`ge-kind ge-kind--${t.condition.kind}`}>{t.condition.kind}</span>{' '}
              {conditionLabel(t.condition, 50)}
              <span className="muted"> → {names.get(t.target) ?? `${t.target} (missing)`}</span>
            </button>
          </li>
        ))}
      </ol>
      <div className="ge-row">
        <select value={target} onChange={(e) => setTarget(e.target.value)} aria-label="New way out to">
          <option value="">Add a way out to…</option>
          {graph.nodes.map((n) => (
            <option key={n.id} value={n.id}>
              {displayName(n)}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="small"
          disabled={!target}
          onClick={() => {
            let tid: string | null = null;
            editGraph((g) => {
              const r = connect(g, node.id, target);
              tid = r.transitionId;
              return r.graph;
            });
            setTarget('');
            if (tid) select({ nodes: [], edges: [edgeKey(node.id, tid)] });
          }}
        >
          Add
        </button>
      </div>
    </fieldset>
  );
}

/** Right-hand panel for one node: name, type switch, start toggle, per-type fields, global setting, ways out. */
export function NodeInspector({ node, graph, issues }: { node: GraphNode; graph: AgentGraph; issues?: IssueIndex }) {
  const edit = useNodeEdit(node.id);
  const editGraph = useGraphEdit();
  const select = useEditor((s) => s.select);
  const mine = issues?.byNode.get(node.id);
  return (
    <div
      className="ge-inspector"
      data-testid="node-inspector"
      style={{ ['--type-color' as string]: `var(--node-${node.type})` }}
    >
      <div className="ge-inspector__title">
        <span className="ge-dot" /> {NODE_TYPE_LABELS[node.type]} <code className="small">{node.id}</code>
      </div>
      {mine && (
        <ul className="ge-issue-list">
          {mine.items.map((m, i) => (
            <li key={i} className={m.severity === 'error' ? 'error' : 'warn'} title={idsTip(m, graph.nodes)}>
              {inNodeNames(m.message, graph.nodes)}
            </li>
          ))}
        </ul>
      )}
      <label>
        Name
        <input
          value={node.name ?? ''}
          placeholder={node.id}
          aria-label="Node name"
          onChange={(e) => edit((n) => ({ ...n, name: e.target.value }), 'name')}
        />
      </label>
      <label>
        Type
        <select
          value={node.type}
          aria-label="Node type"
          onChange={(e) => editGraph((g) => changeNodeType(g, node.id, e.target.value as NodeType))}
        >
          {NODE_TYPES.map((t) => (
            <option key={t} value={t}>
              {NODE_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      {graph.entry_node_id === node.id ? (
        <div className="ge-note">The conversation starts at this node.</div>
      ) : (
        <button type="button" className="small" onClick={() => editGraph((g) => setEntry(g, node.id))}>
          Start the conversation here
        </button>
      )}
      <NodeTypeFields node={node} graph={graph} />
      <GlobalEditor node={node} graph={graph} />
      <WaysOut node={node} graph={graph} />
      <div className="ge-row">
        <button
          type="button"
          onClick={() => {
            let ids: string[] = [];
            editGraph((g) => {
              const r = duplicateNodes(g, [node.id]);
              ids = r.ids;
              return r.graph;
            });
            select({ nodes: ids, edges: [] });
          }}
        >
          Duplicate
        </button>
        <button type="button" className="danger" onClick={() => editGraph((g) => deleteElements(g, [node.id]))}>
          Delete node
        </button>
      </div>
    </div>
  );
}
