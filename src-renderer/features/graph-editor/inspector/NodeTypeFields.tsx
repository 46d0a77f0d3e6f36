import type { AgentGraph, GraphNode, NodeOf } from '../../../../src-shared/schemas/index.js';
import { availableVariables } from '../model/template-vars.js';
import { useNodeEdit } from '../state/use-edit.js';
import { PromptEditor } from './PromptEditor.js';
import { ConversationFields } from './node-fields/ConversationFields.js';
import { ExtractFields } from './node-fields/ExtractFields.js';
import { FunctionFields } from './node-fields/FunctionFields.js';
import { MessageField } from './node-fields/MessageField.js';

/** The fields that differ by node type. */
export function NodeTypeFields({ node, graph }: { node: GraphNode; graph: AgentGraph }) {
  const edit = useNodeEdit(node.id);
  switch (node.type) {
    case 'conversation':
      return <ConversationFields n={node} edit={edit} graph={graph} />;
    case 'logic':
      return (
        <p className="muted small">
          A logic split says nothing: it routes at once by equations on variables. Give it equation edges and exactly
          one else edge.
        </p>
      );
    case 'extract':
      return <ExtractFields n={node} edit={edit} graph={graph} />;
    case 'function':
      return <FunctionFields n={node} edit={edit} graph={graph} />;
    case 'transfer': {
      const vars = availableVariables(graph);
      return (
        <>
          <label>
            Transfer to (phone number, agent name or {'{{variable}}'})
            <input
              list="ge-transfer-vars"
              value={node.target}
              aria-label="Transfer target"
              onChange={(e) => edit((x) => ({ ...x, target: e.target.value }) as GraphNode, 'target')}
            />
            <datalist id="ge-transfer-vars">
              {vars.map((v) => (
                <option key={v.name} value={`{{${v.name}}}`} />
              ))}
            </datalist>
          </label>
          <MessageField n={node} edit={edit} graph={graph} label="Message before transferring (optional)" />
        </>
      );
    }
    case 'end':
      return <MessageField n={node} edit={edit} graph={graph} label="Closing message (optional)" />;
    case 'press_digit':
      return (
        <>
          <PromptEditor
            label="Instruction (which digit to press, when)"
            value={node.instruction}
            graph={graph}
            testId="node-prompt"
            onChange={(instruction) => edit((x) => ({ ...x, instruction }) as GraphNode, 'instruction')}
          />
          <label>
            Store the digit in
            <input
              value={node.variable ?? ''}
              placeholder="digit"
              aria-label="Digit variable"
              onChange={(e) =>
                edit((x) => {
                  const { variable: _v, ...rest } = x as NodeOf<'press_digit'>;
                  return (e.target.value ? { ...rest, variable: e.target.value } : rest) as GraphNode;
                }, 'variable')
              }
            />
          </label>
        </>
      );
  }
}
