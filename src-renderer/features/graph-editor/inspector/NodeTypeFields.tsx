import {
  EXTRACT_VARIABLE_TYPES,
  type AgentGraph,
  type ExtractVariable,
  type GraphNode,
  type NodeOf,
  type Utterance,
} from '../../../../src-shared/schemas/index.js';
import { availableVariables } from '../model/template-vars.js';
import { useNodeEdit } from '../state/use-edit.js';
import { isObject, JsonEditor } from './JsonEditor.js';
import { PromptEditor } from './PromptEditor.js';

type Edit = ReturnType<typeof useNodeEdit>;
/** Optional utterances disappear when emptied in prompt mode, so exports do not carry empty fields. */
const optional = (u: Utterance): Utterance | undefined => (u.text || u.mode === 'static' ? u : undefined);
const EMPTY_U: Utterance = { mode: 'prompt', text: '' };

function ConversationFields({ n, edit, graph }: { n: NodeOf<'conversation'>; edit: Edit; graph: AgentGraph }) {
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

function VariableRow({
  v,
  onChange,
  onRemove,
  i,
}: {
  v: ExtractVariable;
  onChange(v: ExtractVariable): void;
  onRemove(): void;
  i: number;
}) {
  return (
    <div className="ge-subitem">
      <div className="ge-row">
        <input
          value={v.name}
          placeholder="name"
          aria-label={`Variable ${i + 1} name`}
          onChange={(e) => onChange({ ...v, name: e.target.value })}
        />
        <select
          value={v.type}
          aria-label={`Variable ${i + 1} type`}
          onChange={(e) => {
            const type = e.target.value as ExtractVariable['type'];
            const { choices: _c, ...rest } = v;
            onChange(type === 'enum' ? { ...rest, type, choices: v.choices ?? [] } : { ...rest, type });
          }}
        >
          {EXTRACT_VARIABLE_TYPES.map((t) => (
            <option key={t} value={t}>
              {t === 'enum' ? 'one of a list' : t}
            </option>
          ))}
        </select>
        <button type="button" className="ghost small" aria-label={`Remove variable ${i + 1}`} onClick={onRemove}>
          ✕
        </button>
      </div>
      <input
        value={v.description}
        placeholder="What to extract, for the model"
        aria-label={`Variable ${i + 1} description`}
        onChange={(e) => onChange({ ...v, description: e.target.value })}
      />
      {v.type === 'enum' && (
        <input
          value={(v.choices ?? []).join(', ')}
          placeholder="choices, separated by commas"
          aria-label={`Variable ${i + 1} choices`}
          onChange={(e) =>
            onChange({
              ...v,
              choices: e.target.value
                .split(',')
                .map((s) => s.trim())
                .filter((s, k, a) => s || k < a.length - 1),
            })
          }
        />
      )}
    </div>
  );
}

function ExtractFields({ n, edit, graph }: { n: NodeOf<'extract'>; edit: Edit; graph: AgentGraph }) {
  const setVars = (variables: ExtractVariable[], key?: string) => edit((x) => ({ ...x, variables }) as GraphNode, key);
  return (
    <>
      <PromptEditor
        label="Instruction (optional)"
        value={n.instruction ?? EMPTY_U}
        graph={graph}
        onChange={(u) =>
          edit((x) => {
            const { instruction: _i, ...rest } = x as NodeOf<'extract'>;
            const o = optional(u);
            return (o ? { ...rest, instruction: o } : rest) as GraphNode;
          }, 'instruction')
        }
      />
      <fieldset className="ge-fieldset">
        <legend>Variables to extract</legend>
        {n.variables.length === 0 && (
          <div className="muted small">
            None yet. The model fills these from what the caller said; equations on the edges route by them.
          </div>
        )}
        {n.variables.map((v, i) => (
          <VariableRow
            key={i}
            i={i}
            v={v}
            onChange={(nv) =>
              setVars(
                n.variables.map((x, j) => (j === i ? nv : x)),
                `var.${i}`,
              )
            }
            onRemove={() => setVars(n.variables.filter((_, j) => j !== i))}
          />
        ))}
        <button
          type="button"
          className="small"
          onClick={() =>
            setVars([...n.variables, { name: `variable_${n.variables.length + 1}`, description: '', type: 'text' }])
          }
        >
          + Add variable
        </button>
      </fieldset>
    </>
  );
}

function FunctionFields({ n, edit, graph }: { n: NodeOf<'function'>; edit: Edit; graph: AgentGraph }) {
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

function MessageField({
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
