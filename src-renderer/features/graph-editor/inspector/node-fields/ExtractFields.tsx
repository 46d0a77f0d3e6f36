import {
  EXTRACT_VARIABLE_TYPES,
  type AgentGraph,
  type ExtractVariable,
  type GraphNode,
  type NodeOf,
} from '../../../../../src-shared/schemas/index.js';
import { PromptEditor } from '../PromptEditor.js';
import { EMPTY_U, optional, type Edit } from './edit.js';

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

/** Extract node: the variables an LLM call reads from the conversation. */
export function ExtractFields({ n, edit, graph }: { n: NodeOf<'extract'>; edit: Edit; graph: AgentGraph }) {
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
