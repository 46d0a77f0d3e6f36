import { useId } from 'react';
import {
  EQUATION_OPERATORS,
  type AgentGraph,
  type Condition,
  type Equation,
  type EquationOperator,
} from '../../../../src-shared/schemas/index.js';
import { conditionOfKind } from '../model/graph-ops.js';
import { availableVariables } from '../model/template-vars.js';
import { TemplateTextarea } from './TemplateTextarea.js';

const OP_LABELS: Record<EquationOperator, string> = {
  '==': 'equals',
  '!=': 'does not equal',
  '>': 'is greater than',
  '>=': 'is at least',
  '<': 'is less than',
  '<=': 'is at most',
  contains: 'contains',
  not_contains: 'does not contain',
  contained_in: 'is one of',
  not_contained_in: 'is not one of',
  exists: 'is set',
  not_exists: 'is not set',
};
const NO_RIGHT = new Set<EquationOperator>(['exists', 'not_exists']);

type EquationCondition = Extract<Condition, { kind: 'equation' }>;

/** Rows of `variable operator value`, combined with all / any. */
export function EquationBuilder({
  value,
  onChange,
  graph,
}: {
  value: EquationCondition;
  onChange(c: EquationCondition): void;
  graph: AgentGraph;
}) {
  const listId = useId();
  const vars = availableVariables(graph);
  const setRow = (i: number, e: Equation) =>
    onChange({ ...value, equations: value.equations.map((x, j) => (j === i ? e : x)) });
  return (
    <div className="ge-eq" data-testid="equation-builder">
      <datalist id={listId}>
        {vars.map((v) => (
          <option key={v.name} value={v.name}>
            {v.source}
          </option>
        ))}
      </datalist>
      <label className="ge-inline">
        Match
        <select
          value={value.match}
          onChange={(e) => onChange({ ...value, match: e.target.value as 'all' | 'any' })}
          aria-label="Match"
        >
          <option value="all">all of these (and)</option>
          <option value="any">any of these (or)</option>
        </select>
      </label>
      {value.equations.length === 0 && <div className="muted small">No equations yet: add one below.</div>}
      {value.equations.map((eq, i) => (
        <div className="ge-eq-row" key={i}>
          <input
            list={listId}
            value={eq.left}
            placeholder="variable"
            aria-label={`Equation ${i + 1} variable`}
            onChange={(e) => setRow(i, { ...eq, left: e.target.value })}
          />
          <select
            value={eq.operator}
            aria-label={`Equation ${i + 1} operator`}
            onChange={(e) => {
              const op = e.target.value as EquationOperator;
              setRow(
                i,
                NO_RIGHT.has(op) ? { left: eq.left, operator: op } : { ...eq, operator: op, right: eq.right ?? '' },
              );
            }}
          >
            {EQUATION_OPERATORS.map((op) => (
              <option key={op} value={op}>
                {op} ({OP_LABELS[op]})
              </option>
            ))}
          </select>
          {!NO_RIGHT.has(eq.operator) && (
            <input
              value={eq.right ?? ''}
              placeholder={eq.operator.includes('contained') ? 'a, b, c' : 'value'}
              aria-label={`Equation ${i + 1} value`}
              onChange={(e) => setRow(i, { ...eq, right: e.target.value })}
            />
          )}
          <button
            type="button"
            className="ghost small"
            aria-label={`Remove equation ${i + 1}`}
            onClick={() => onChange({ ...value, equations: value.equations.filter((_, j) => j !== i) })}
          >
            ✕
          </button>
        </div>
      ))}
      <button
        type="button"
        className="small"
        onClick={() =>
          onChange({
            ...value,
            equations: [...value.equations, { left: vars[0]?.name ?? '', operator: '==', right: '' }],
          })
        }
      >
        + Add equation
      </button>
    </div>
  );
}

const KIND_LABELS: Record<Condition['kind'], string> = {
  prompt: 'Prompt (the model decides)',
  equation: 'Equation (on variables)',
  else: 'Else (when nothing else matched)',
  always: 'Always',
  skip: 'Skip (move on without waiting for the caller)',
};

/** Kind switch plus the editor of that kind. `kinds` limits the choice (global conditions: prompt and equation). */
export function ConditionEditor<C extends Condition>({
  value,
  onChange,
  graph,
  kinds,
  testId,
}: {
  value: C;
  onChange(c: C): void;
  graph: AgentGraph;
  kinds: readonly Condition['kind'][];
  testId?: string;
}) {
  return (
    <div className="ge-cond">
      <label>
        Kind
        <select
          value={value.kind}
          aria-label="Condition kind"
          onChange={(e) => onChange(conditionOfKind(e.target.value as Condition['kind'], value) as C)}
        >
          {kinds.map((k) => (
            <option key={k} value={k}>
              {KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {value.kind === 'prompt' && (
        <TemplateTextarea
          label="Condition"
          rows={3}
          graph={graph}
          value={value.prompt}
          testId={testId}
          placeholder="e.g. The caller has said which pizza they want"
          onChange={(prompt) => onChange({ ...value, prompt })}
        />
      )}
      {value.kind === 'equation' && (
        <EquationBuilder value={value} graph={graph} onChange={(c) => onChange(c as unknown as C)} />
      )}
    </div>
  );
}
