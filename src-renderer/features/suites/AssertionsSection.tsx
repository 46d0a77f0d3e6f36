import { useState } from 'react';
import type { TestCaseInput } from '../../../src-shared/schemas/index.js';
import type { NodeOption, ToolOption } from '../personas/agent-facts.js';
import { Section } from '../../ui/widgets.js';
import { JsonField, objectCheck } from './JsonField.js';
import { emptyPathAssertion, PATH_END_NODE, PATH_NODE_LISTS } from '../../../src-shared/checks/check-kinds.js';

type Assertions = NonNullable<TestCaseInput['assertions']>;
type ToolCalls = NonNullable<Assertions['tool_calls']>;
type PathA = NonNullable<Assertions['path']>;

const MODES: { value: NonNullable<ToolCalls['mode']>; label: string; hint: string }[] = [
  { value: 'contains', label: 'at least these, in this order', hint: 'Other calls may happen in between.' },
  { value: 'strict', label: 'exactly these, in this order', hint: 'No other calls, same order.' },
  { value: 'unordered', label: 'exactly these, any order', hint: 'No other calls, order does not matter.' },
  { value: 'within', label: 'only tools from this list', hint: 'Any call to a tool not listed fails the test.' },
];

/** Picks node ids: from the agent's nodes when one is chosen, or typed. */
function NodePicker({
  label,
  help,
  value,
  onChange,
  nodes,
}: {
  label: string;
  help?: string;
  value: string[];
  onChange: (v: string[]) => void;
  nodes: NodeOption[];
}) {
  const [typed, setTyped] = useState('');
  const labelOf = (id: string) => nodes.find((n) => n.id === id)?.label ?? id;
  const unknown = (id: string) => nodes.length > 0 && !nodes.some((n) => n.id === id);
  return (
    <div className="field node-picker" aria-label={label}>
      <div className="field-label" title={help}>
        {label}
      </div>
      <div className="chips">
        {value.map((id) => (
          <span
            key={id}
            className={`node-chip ${unknown(id) ? 'unknown' : ''}`}
            title={unknown(id) ? 'This node is not in the chosen agent' : id}
          >
            {labelOf(id)}
            <button
              type="button"
              className="ghost icon-btn"
              aria-label={`Remove ${id} from ${label}`}
              onClick={() => onChange(value.filter((v) => v !== id))}
            >
              ✕
            </button>
          </span>
        ))}
        {!value.length && <span className="muted small">none</span>}
      </div>
      {nodes.length ? (
        <select
          aria-label={`Add a node to ${label}`}
          value=""
          onChange={(e) => {
            if (e.target.value) onChange([...value, e.target.value]);
          }}
        >
          <option value="">Add a node…</option>
          {nodes
            .filter((n) => !value.includes(n.id))
            .map((n) => (
              <option key={n.id} value={n.id}>
                {n.label} · {n.type}
              </option>
            ))}
        </select>
      ) : (
        <div className="row">
          <input
            aria-label={`Node id for ${label}`}
            value={typed}
            placeholder="node id"
            onChange={(e) => setTyped(e.target.value)}
          />
          <button
            type="button"
            disabled={!typed.trim()}
            onClick={() => {
              onChange([...value, typed.trim()]);
              setTyped('');
            }}
          >
            Add
          </button>
        </div>
      )}
    </div>
  );
}

/** Tool-call and path assertions. */
export function AssertionsSection({
  assertions,
  onChange,
  nodes,
  tools,
  base,
  errorAt,
}: {
  assertions: Assertions | undefined;
  onChange: (a: Assertions | undefined) => void;
  nodes: NodeOption[];
  tools: ToolOption[];
  base: string;
  errorAt: (p: string) => string | undefined;
}) {
  const a = assertions ?? {};
  const tc = a.tool_calls;
  const path = a.path;
  const set = (patch: Partial<Assertions>) => {
    const next = { ...a, ...patch };
    for (const k of Object.keys(next) as (keyof Assertions)[]) if (next[k] === undefined) delete next[k];
    onChange(Object.keys(next).length ? next : undefined);
  };
  const setPath = (patch: Partial<PathA>) => set({ path: { ...emptyPathAssertion(), ...path, ...patch } });
  const end = PATH_END_NODE.field;
  const setTc = (patch: Partial<ToolCalls>) => set({ tool_calls: { mode: 'contains', calls: [], ...tc, ...patch } });

  return (
    <Section
      title="Assertions"
      testId="assertions-section"
      description="Hard checks on what the agent did: the tools it called and the nodes it went through."
    >
      <h3 className="sub">Path through the graph</h3>
      {!nodes.length && <p className="muted small">Choose an agent above to pick nodes from a list.</p>}
      <div className="grid-2">
        {PATH_NODE_LISTS.map(({ field, meta }) => (
          <NodePicker
            key={field}
            label={meta.label}
            help={meta.help}
            value={path?.[field] ?? []}
            nodes={nodes}
            onChange={(v) => setPath({ [field]: v })}
          />
        ))}
      </div>
      <label className="inline-label" title={PATH_END_NODE.meta.help}>
        {PATH_END_NODE.meta.label}
        {nodes.length ? (
          <select
            aria-label={PATH_END_NODE.meta.label}
            value={path?.[end] ?? ''}
            onChange={(e) => setPath({ [end]: e.target.value || undefined })}
          >
            <option value="">any node</option>
            {path?.[end] && !nodes.some((n) => n.id === path[end]) && (
              <option value={path[end]}>{path[end]} (not in this agent)</option>
            )}
            {nodes.map((n) => (
              <option key={n.id} value={n.id}>
                {n.label} · {n.type}
              </option>
            ))}
          </select>
        ) : (
          <input
            aria-label={PATH_END_NODE.meta.label}
            value={path?.[end] ?? ''}
            placeholder="node id (optional)"
            onChange={(e) => setPath({ [end]: e.target.value || undefined })}
          />
        )}
      </label>
      {path && (
        <button type="button" className="small-btn" onClick={() => set({ path: undefined })}>
          Clear path checks
        </button>
      )}

      <h3 className="sub">Tool calls</h3>
      {!tc ? (
        <button type="button" onClick={() => setTc({})}>
          + Check the tool calls
        </button>
      ) : (
        <>
          <label className="inline-label">
            The agent calls
            <select
              aria-label="Tool call mode"
              value={tc.mode ?? 'contains'}
              onChange={(e) => setTc({ mode: e.target.value as ToolCalls['mode'] })}
            >
              {MODES.map((m) => (
                <option key={m.value} value={m.value}>
                  {m.label}
                </option>
              ))}
            </select>
            <span className="muted small">{MODES.find((m) => m.value === (tc.mode ?? 'contains'))?.hint}</span>
          </label>
          {tc.calls.map((c, i) => (
            <ExpectedCallCard
              key={i}
              call={c}
              index={i}
              path={`${base}.tool_calls.calls[${i}]`}
              errorAt={errorAt}
              onChange={(patch) => setTc({ calls: tc.calls.map((x, j) => (j === i ? { ...x, ...patch } : x)) })}
              onRemove={() => setTc({ calls: tc.calls.filter((_, j) => j !== i) })}
            />
          ))}
          <div className="row">
            <button
              type="button"
              onClick={() =>
                setTc({
                  calls: [
                    ...tc.calls,
                    { name: tools.find((t) => t.kind === 'custom')?.name ?? '', args_match: 'partial' },
                  ],
                })
              }
            >
              + Add an expected call
            </button>
            <button type="button" className="small-btn" onClick={() => set({ tool_calls: undefined })}>
              Stop checking tool calls
            </button>
          </div>
        </>
      )}
    </Section>
  );
}

type ExpectedCall = ToolCalls['calls'][number];

/** One expected tool call: the tool, how its arguments are matched, and the arguments. */
function ExpectedCallCard({
  call: c,
  index: i,
  path: p,
  errorAt,
  onChange,
  onRemove,
}: {
  call: ExpectedCall;
  index: number;
  path: string;
  errorAt: (p: string) => string | undefined;
  onChange(patch: Partial<ExpectedCall>): void;
  onRemove(): void;
}) {
  return (
    <div className="card inner">
      <div className="row">
        <input
          aria-label={`Expected call ${i + 1} tool`}
          list="agent-tools"
          value={c.name}
          placeholder="tool name"
          className={errorAt(`${p}.name`) ? 'invalid' : ''}
          onChange={(e) => onChange({ name: e.target.value })}
        />
        <select
          aria-label={`Expected call ${i + 1} argument matching`}
          value={c.args_match ?? 'partial'}
          onChange={(e) => onChange({ args_match: e.target.value as 'exact' | 'partial' | 'ignore' })}
        >
          <option value="partial">arguments include these</option>
          <option value="exact">arguments are exactly these</option>
          <option value="ignore">any arguments</option>
        </select>
        <button
          type="button"
          className="ghost icon-btn"
          aria-label={`Remove expected call ${i + 1}`}
          onClick={onRemove}
        >
          ✕
        </button>
      </div>
      {errorAt(`${p}.name`) && <div className="field-error">{errorAt(`${p}.name`)}</div>}
      {c.args_match !== 'ignore' && (
        <JsonField
          path={`${p}.args`}
          label="Arguments (JSON, optional)"
          value={c.args}
          check={objectCheck}
          rows={2}
          placeholder='{"slot": "Tuesday 10:00"}'
          onChange={(v) => onChange({ args: v as Record<string, unknown> | undefined })}
        />
      )}
    </div>
  );
}
