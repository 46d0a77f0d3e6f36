import { type AgentGraph, type GraphNode, type NodeOf } from '../../../../../src-shared/schemas/index.js';
import { PromptEditor } from '../PromptEditor.js';
import { EMPTY_U, optional, type Edit } from './edit.js';

/** The optional message of a transfer or end node. */
export function MessageField({
  n,
  edit,
  graph,
  label,
}: {
  n: NodeOf<'transfer'> | NodeOf<'end'>;
  edit: Edit;
  graph: AgentGraph;
  label: string;
}) {
  return (
    <PromptEditor
      label={label}
      value={n.message ?? EMPTY_U}
      graph={graph}
      testId="node-message"
      onChange={(u) =>
        edit((x) => {
          const { message: _m, ...rest } = x as NodeOf<'end'>;
          const o = optional(u);
          return (o ? { ...rest, message: o } : rest) as GraphNode;
        }, 'message')
      }
    />
  );
}
