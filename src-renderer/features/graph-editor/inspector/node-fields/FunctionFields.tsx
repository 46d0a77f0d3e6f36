import { type AgentGraph, type GraphNode, type NodeOf } from '../../../../../src-shared/schemas/index.js';
import { isObject, JsonEditor } from '../JsonEditor.js';
import { PromptEditor } from '../PromptEditor.js';
import { EMPTY_U, optional, type Edit } from './edit.js';

/** Function node: the tool it calls, its arguments, outputs and actions. */
export function FunctionFields({ n, edit, graph }: { n: NodeOf<'function'>; edit: Edit; graph: AgentGraph }) {
  const tools = graph.tools.map((t) => t.name);
  const set = (patch: Partial<NodeOf<'function'>>, key?: string) => edit((x) => ({ ...x, ...patch }) as GraphNode, key);
  return (
    <>
      <label>
        Tool
        <select value={n.tool} aria-label="Tool" onChange={(e) => set({ tool: e.target.value })}>
          {!tools.includes(n.tool) && <option value={n.tool}>{n.tool} (not defined in Agent settings → Tools)</option>}
          {tools.map((t) => (
            <option key={t} value={t}>
              {t}
            </option>
          ))}
        </select>
      </label>
      <JsonEditor
        label="Argument templates (JSON; strings may use {{variables}}; empty {} lets the model choose)"
        value={n.arguments ?? {}}
        check={isObject}
        rows={4}
        onChange={(v) =>
          edit((x) => {
            const { arguments: _a, ...rest } = x as NodeOf<'function'>;
            return (Object.keys(v).length ? { ...rest, arguments: v } : rest) as GraphNode;
          })
        }
      />
      <fieldset className="ge-fieldset">
        <legend>Output variables</legend>
        {n.output_variables.map((o, i) => (
          <div className="ge-row" key={i}>
            <input
              value={o.output_key}
              placeholder="key in the result"
              aria-label={`Output ${i + 1} key`}
              onChange={(e) =>
                set(
                  {
                    output_variables: n.output_variables.map((x, j) =>
                      j === i ? { ...x, output_key: e.target.value } : x,
                    ),
                  },
                  `out.${i}`,
                )
              }
            />
            <span>→</span>
            <input
              value={o.variable}
              placeholder="variable"
              aria-label={`Output ${i + 1} variable`}
              onChange={(e) =>
                set(
                  {
                    output_variables: n.output_variables.map((x, j) =>
                      j === i ? { ...x, variable: e.target.value } : x,
                    ),
                  },
                  `out.${i}`,
                )
              }
            />
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove output ${i + 1}`}
              onClick={() => set({ output_variables: n.output_variables.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
          </div>
        ))}
        <button
          type="button"
          className="small"
          onClick={() =>
            set({ output_variables: [...n.output_variables, { output_key: 'result', variable: `${n.tool}_result` }] })
          }
        >
          + Add output variable
        </button>
      </fieldset>
      <fieldset className="ge-fieldset">
        <legend>Set context (after the call)</legend>
        {n.actions.map((a, i) => (
          <div className="ge-subitem" key={i}>
            <div className="ge-row">
              <input
                value={a.path}
                placeholder="workflow.step or list[+]"
                aria-label={`Action ${i + 1} path`}
                onChange={(e) =>
                  set({ actions: n.actions.map((x, j) => (j === i ? { ...x, path: e.target.value } : x)) }, `act.${i}`)
                }
              />
              <button
                type="button"
                className="ghost small"
                aria-label={`Remove action ${i + 1}`}
                onClick={() => set({ actions: n.actions.filter((_, j) => j !== i) })}
              >
                ✕
              </button>
            </div>
            <JsonEditor
              label="Value (JSON)"
              rows={2}
              value={a.value}
              onChange={(value) => set({ actions: n.actions.map((x, j) => (j === i ? { ...x, value } : x)) })}
            />
          </div>
        ))}
        <button
          type="button"
          className="small"
          onClick={() => set({ actions: [...n.actions, { type: 'context.set', path: 'workflow.done', value: true }] })}
        >
          + Add context.set
        </button>
      </fieldset>
      <PromptEditor
        label="Say while it runs (optional)"
        value={n.speak_during_execution ?? EMPTY_U}
        graph={graph}
        onChange={(u) =>
          edit((x) => {
            const { speak_during_execution: _s, ...rest } = x as NodeOf<'function'>;
            const o = optional(u);
            return (o ? { ...rest, speak_during_execution: o } : rest) as GraphNode;
          }, 'speak')
        }
      />
      <label className="ge-check">
        <input
          type="checkbox"
          checked={n.wait_for_result ?? true}
          onChange={(e) => set({ wait_for_result: e.target.checked })}
        />
        Wait for the result before speaking
      </label>
    </>
  );
}
