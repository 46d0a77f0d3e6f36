import { useState } from 'react';
import type { AgentGraph, Condition, GraphNode, Transition } from '../../../../src-shared/schemas/index.js';
import { edgeKey } from '../model/edge-key.js';
import {
  deleteElements,
  isConditionEdge,
  moveTransition,
  moveTransitionTo,
  sortedConditionEdges,
} from '../model/graph-ops.js';
import type { IssueIndex } from '../model/issues.js';
import { conditionLabel, displayName, idsTip, inNodeNames } from '../model/labels.js';
import { useEditor } from '../state/editor-store.js';
import { useGraphEdit, useTransitionEdit } from '../state/use-edit.js';
import { ConditionEditor } from './ConditionEditor.js';
import { EdgeRoutingLines } from '../analysis/EdgeRoutingLines.js';

const KINDS = ['prompt', 'equation', 'else', 'always', 'skip'] as const;

function Priority({ node, t }: { node: GraphNode; t: Transition }) {
  const editGraph = useGraphEdit();
  const [dragged, setDragged] = useState<string | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const seq = sortedConditionEdges(node);
  if (!isConditionEdge(t)) {
    return (
      <p className="muted small">
        {t.condition.kind === 'else'
          ? 'Taken when no prompt or equation edge of this node matched.'
          : t.condition.kind === 'skip'
            ? 'Taken right after the node speaks, without waiting for the caller.'
            : 'Taken after the condition edges, whatever the caller said.'}
      </p>
    );
  }
  return (
    <fieldset className="ge-fieldset" data-testid="edge-priority">
      <legend>Priority among {displayName(node)}'s conditions</legend>
      <p className="muted small">
        Checked top to bottom after each caller turn; the first that matches wins. Drag a row to change the order.
      </p>
      <ol className="ge-ways">
        {seq.map((x, i) => (
          <li
            key={x.id}
            className={`${x.id === t.id ? 'is-current' : ''} ${over === i && dragged !== null ? 'drop-target' : ''}`}
            draggable
            data-testid={`priority-${x.id}`}
            onDragStart={(e) => {
              setDragged(x.id);
              e.dataTransfer.effectAllowed = 'move';
              e.dataTransfer.setData('text/plain', x.id);
            }}
            onDragOver={(e) => {
              e.preventDefault();
              setOver(i);
            }}
            onDragLeave={() => setOver((o) => (o === i ? null : o))}
            onDrop={(e) => {
              e.preventDefault();
              const id = dragged ?? e.dataTransfer.getData('text/plain');
              setDragged(null);
              setOver(null);
              if (id) editGraph((g) => moveTransitionTo(g, node.id, id, i));
            }}
            onDragEnd={() => {
              setDragged(null);
              setOver(null);
            }}
          >
            <span className="ge-edge-rank">{i + 1}</span> {conditionLabel(x.condition, 42)}
            {x.id === t.id && (
              <span className="ge-priority-btns">
                <button
                  type="button"
                  className="ghost small"
                  disabled={i === 0}
                  aria-label="Check earlier"
                  onClick={() => editGraph((g) => moveTransition(g, node.id, t.id, -1))}
                >
                  ↑
                </button>
                <button
                  type="button"
                  className="ghost small"
                  disabled={i === seq.length - 1}
                  aria-label="Check later"
                  onClick={() => editGraph((g) => moveTransition(g, node.id, t.id, 1))}
                >
                  ↓
                </button>
              </span>
            )}
          </li>
        ))}
      </ol>
      {t.order !== undefined && <div className="muted small">order = {t.order}</div>}
    </fieldset>
  );
}

/** Right-hand panel for one transition: target, condition (kind, prompt text or equations), priority. */
export function EdgeInspector({
  node,
  t,
  graph,
  issues,
}: {
  node: GraphNode;
  t: Transition;
  graph: AgentGraph;
  issues?: IssueIndex;
}) {
  const edit = useTransitionEdit(node.id, t.id);
  const editGraph = useGraphEdit();
  const select = useEditor((s) => s.select);
  const mine = issues?.byEdge.get(edgeKey(node.id, t.id));
  return (
    <div className="ge-inspector" data-testid="edge-inspector">
      <div className="ge-inspector__title">
        Way out <code className="small">{t.id}</code>
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
      <div className="ge-note">
        From{' '}
        <button type="button" className="ge-linkish" onClick={() => select({ nodes: [node.id], edges: [] })}>
          {displayName(node)}
        </button>
      </div>
      <label>
        To
        <select
          value={t.target}
          aria-label="Edge target"
          onChange={(e) => edit((x) => ({ ...x, target: e.target.value }))}
        >
          {!graph.nodes.some((n) => n.id === t.target) && <option value={t.target}>{t.target} (missing)</option>}
          {graph.nodes.map((n) => (
            <option key={n.id} value={n.id}>
              {displayName(n)}
            </option>
          ))}
        </select>
      </label>
      <ConditionEditor<Condition>
        value={t.condition}
        graph={graph}
        kinds={KINDS}
        testId="edge-condition"
        onChange={(condition) => edit((x) => ({ ...x, condition }), 'condition')}
      />
      <EdgeRoutingLines nodeId={node.id} transitionId={t.id} nodes={graph.nodes} />
      <Priority node={node} t={t} />
      <button
        type="button"
        className="danger"
        onClick={() => editGraph((g) => deleteElements(g, [], [edgeKey(node.id, t.id)]))}
      >
        Delete this way out
      </button>
    </div>
  );
}
