import { type AgentGraph, type GraphNode, type NodeOf } from '../../../../../src-shared/schemas/index.js';
import { PromptEditor } from '../PromptEditor.js';
import { type Edit } from './edit.js';

/** Conversation node: what the agent says, and its options. */
export function ConversationFields({ n, edit, graph }: { n: NodeOf<'conversation'>; edit: Edit; graph: AgentGraph }) {
  const tools = graph.tools.map((t) => t.name);
  return (
    <>
      <PromptEditor
        label="Instruction"
        value={n.instruction}
        graph={graph}
        testId="node-prompt"
        onChange={(instruction) => edit((x) => ({ ...x, instruction }) as GraphNode, 'instruction')}
      />
      <label className="ge-check">
        <input
          type="checkbox"
          checked={!!n.skip_response}
          onChange={(e) =>
            edit((x) => {
              const { skip_response: _s, ...rest } = x as NodeOf<'conversation'>;
              return (e.target.checked ? { ...rest, skip_response: true } : rest) as GraphNode;
            })
          }
        />
        Speak, then move on at once without waiting for the caller (needs exactly one skip edge)
      </label>
      {tools.length > 0 && (
        <fieldset className="ge-fieldset">
          <legend>Tools the agent may call here</legend>
          {tools.map((t) => (
            <label className="ge-check" key={t}>
              <input
                type="checkbox"
                checked={n.tools?.includes(t) ?? false}
                onChange={(e) =>
                  edit((x) => {
                    const cur = (x as NodeOf<'conversation'>).tools ?? [];
                    return { ...x, tools: e.target.checked ? [...cur, t] : cur.filter((y) => y !== t) } as GraphNode;
                  })
                }
              />
              {t}
            </label>
          ))}
        </fieldset>
      )}
    </>
  );
}
