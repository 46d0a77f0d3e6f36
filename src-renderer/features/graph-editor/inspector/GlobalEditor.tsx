import type { AgentGraph, GlobalCondition, GraphNode } from '../../../../src-shared/schemas/index.js';
import { freshConditionId, setGlobal } from '../model/graph-ops.js';
import { useGraphEdit, useNodeEdit } from '../state/use-edit.js';
import { ConditionEditor } from './ConditionEditor.js';

type Which = 'entry_conditions' | 'go_back_conditions';
const KINDS = ['prompt', 'equation'] as const;

function ConditionList({
  node,
  which,
  graph,
  title,
  help,
}: {
  node: GraphNode;
  which: Which;
  graph: AgentGraph;
  title: string;
  help: string;
}) {
  const edit = useNodeEdit(node.id);
  const list = node.global?.[which] ?? [];
  const setList = (next: typeof list, key?: string) =>
    edit((n) => (n.global ? { ...n, global: { ...n.global, [which]: next } } : n), key);
  return (
    <div className="ge-sublist">
      <div className="ge-sublist__head">
        <strong>{title}</strong> <span className="muted small">{help}</span>
      </div>
      {list.map((c, i) => (
        <div className="ge-subitem" key={c.id}>
          <ConditionEditor<GlobalCondition>
            value={c.condition}
            graph={graph}
            kinds={KINDS}
            testId={`${which}-${i}`}
            onChange={(condition) =>
              setList(
                list.map((x) => (x.id === c.id ? { ...x, condition } : x)),
                `${which}.${c.id}`,
              )
            }
          />
          <button
            type="button"
            className="ghost small danger"
            onClick={() => setList(list.filter((x) => x.id !== c.id))}
          >
            Remove
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small"
        onClick={() =>
          setList([
            ...list,
            {
              id: freshConditionId(graph, `${node.id}-${which === 'entry_conditions' ? 'entry' : 'go-back'}`),
              condition: { kind: 'prompt', prompt: '' },
            },
          ])
        }
      >
        + Add {which === 'entry_conditions' ? 'entry' : 'go-back'} condition
      </button>
    </div>
  );
}

/** Global node settings: reachable from anywhere when an entry condition holds; go-back conditions return to where the caller was. */
export function GlobalEditor({ node, graph }: { node: GraphNode; graph: AgentGraph }) {
  const editGraph = useGraphEdit();
  return (
    <fieldset className="ge-fieldset">
      <legend>Global node</legend>
      <label className="ge-check">
        <input
          type="checkbox"
          checked={!!node.global}
          onChange={(e) => editGraph((g) => setGlobal(g, node.id, e.target.checked))}
        />
        Reachable from anywhere in the conversation
      </label>
      {node.global && (
        <>
          <ConditionList
            node={node}
            which="entry_conditions"
            graph={graph}
            title="Enter when"
            help="any of these holds, from any node"
          />
          <ConditionList
            node={node}
            which="go_back_conditions"
            graph={graph}
            title="Go back when"
            help="return to the node the caller came from"
          />
        </>
      )}
    </fieldset>
  );
}
