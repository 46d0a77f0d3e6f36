import { useState } from 'react';
import type { AgentGraph, AgentMetric, ToolDef } from '../../../../src-shared/schemas/index.js';
import { useGraphEdit } from '../state/use-edit.js';
import { isObject, JsonEditor } from './JsonEditor.js';
import { TemplateTextarea } from './TemplateTextarea.js';

const TOOL_KINDS: ToolDef['kind'][] = ['custom', 'end_call', 'transfer_call', 'press_digit', 'other'];

function Snippets({ graph }: { graph: AgentGraph }) {
  const edit = useGraphEdit();
  const [name, setName] = useState('');
  const entries = Object.entries(graph.snippets);
  const set = (snippets: Record<string, string>, key?: string) => edit((g) => ({ ...g, snippets }), key);
  return (
    <fieldset className="ge-fieldset">
      <legend>Snippets</legend>
      <p className="muted small">
        Reusable text; write <code>{'{%name%}'}</code> in any prompt to insert it.
      </p>
      {entries.map(([k, v]) => (
        <div className="ge-subitem" key={k}>
          <div className="ge-row">
            <code>{`{%${k}%}`}</code>
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove snippet ${k}`}
              onClick={() => {
                const { [k]: _x, ...rest } = graph.snippets;
                set(rest);
              }}
            >
              ✕
            </button>
          </div>
          <TemplateTextarea
            label={`Snippet ${k}`}
            rows={3}
            graph={graph}
            value={v}
            onChange={(text) => set({ ...graph.snippets, [k]: text }, `snippet.${k}`)}
          />
        </div>
      ))}
      <div className="ge-row">
        <input
          value={name}
          placeholder="new_snippet"
          aria-label="New snippet name"
          onChange={(e) => setName(e.target.value.replace(/[^\w.-]/g, '_'))}
        />
        <button
          type="button"
          className="small"
          disabled={!name || name in graph.snippets}
          onClick={() => {
            set({ ...graph.snippets, [name]: '' });
            setName('');
          }}
        >
          + Add snippet
        </button>
      </div>
    </fieldset>
  );
}

function Tools({ graph }: { graph: AgentGraph }) {
  const edit = useGraphEdit();
  const setTool = (i: number, t: ToolDef, key?: string) =>
    edit((g) => ({ ...g, tools: g.tools.map((x, j) => (j === i ? t : x)) }), key);
  return (
    <fieldset className="ge-fieldset">
      <legend>Tools</legend>
      <p className="muted small">
        Functions the agent can call. In tests, calls are answered by the suite's tool mocks.
      </p>
      {graph.tools.map((t, i) => (
        <div className="ge-subitem" key={i}>
          <div className="ge-row">
            <input
              value={t.name}
              aria-label={`Tool ${i + 1} name`}
              onChange={(e) => setTool(i, { ...t, name: e.target.value }, `tool.${i}.name`)}
            />
            <select
              value={t.kind}
              aria-label={`Tool ${i + 1} kind`}
              onChange={(e) => setTool(i, { ...t, kind: e.target.value as ToolDef['kind'] })}
            >
              {TOOL_KINDS.map((k) => (
                <option key={k} value={k}>
                  {k}
                </option>
              ))}
            </select>
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove tool ${t.name}`}
              onClick={() => edit((g) => ({ ...g, tools: g.tools.filter((_, j) => j !== i) }))}
            >
              ✕
            </button>
          </div>
          <input
            value={t.description}
            placeholder="What it does (the model reads this)"
            aria-label={`Tool ${i + 1} description`}
            onChange={(e) => setTool(i, { ...t, description: e.target.value }, `tool.${i}.desc`)}
          />
          <JsonEditor
            label="Parameters (JSON Schema)"
            rows={5}
            value={t.parameters ?? { type: 'object', properties: {} }}
            check={isObject}
            onChange={(parameters) => setTool(i, { ...t, parameters: parameters as Record<string, unknown> })}
          />
        </div>
      ))}
      <button
        type="button"
        className="small"
        onClick={() =>
          edit((g) => ({
            ...g,
            tools: [
              ...g.tools,
              {
                name: `tool_${g.tools.length + 1}`,
                description: '',
                kind: 'custom',
                parameters: { type: 'object', properties: {}, required: [] },
              },
            ],
          }))
        }
      >
        + Add tool
      </button>
    </fieldset>
  );
}

function Metrics({ graph }: { graph: AgentGraph }) {
  const edit = useGraphEdit();
  const setM = (i: number, m: AgentMetric, key?: string) =>
    edit((g) => ({ ...g, metrics: g.metrics.map((x, j) => (j === i ? m : x)) }), key);
  return (
    <fieldset className="ge-fieldset">
      <legend>Agent metrics</legend>
      <p className="muted small">Judged on every test of every suite run against this agent.</p>
      {graph.metrics.map((m, i) => (
        <div className="ge-subitem" key={i}>
          <input
            value={m.criterion}
            aria-label={`Metric ${i + 1} criterion`}
            placeholder="e.g. The agent never gives medical advice"
            onChange={(e) => setM(i, { ...m, criterion: e.target.value }, `metric.${i}`)}
          />
          <div className="ge-row">
            <label className="ge-inline">
              Pass at
              <input
                type="number"
                min={0}
                max={1}
                step={0.05}
                value={m.threshold ?? 0.7}
                aria-label={`Metric ${i + 1} threshold`}
                onChange={(e) =>
                  setM(i, { ...m, threshold: Math.max(0, Math.min(1, Number(e.target.value))) }, `metric.${i}.t`)
                }
              />
            </label>
            <label className="ge-check">
              <input
                type="checkbox"
                checked={m.enabled}
                onChange={(e) => setM(i, { ...m, enabled: e.target.checked })}
              />
              on
            </label>
            <button
              type="button"
              className="ghost small"
              aria-label={`Remove metric ${i + 1}`}
              onClick={() => edit((g) => ({ ...g, metrics: g.metrics.filter((_, j) => j !== i) }))}
            >
              ✕
            </button>
          </div>
        </div>
      ))}
      <button
        type="button"
        className="small"
        onClick={() =>
          edit((g) => ({
            ...g,
            metrics: [
              ...g.metrics,
              { criterion: 'The agent stays polite and on topic', threshold: 0.7, enabled: true },
            ],
          }))
        }
      >
        + Add metric
      </button>
    </fieldset>
  );
}

/** Agent-level settings: name, who speaks first, global prompt, snippets, tools, default variables, metrics. */
export function GraphSettings({ graph }: { graph: AgentGraph }) {
  const edit = useGraphEdit();
  return (
    <div className="ge-inspector" data-testid="graph-settings">
      <div className="ge-inspector__title">Agent settings</div>
      <label>
        Name
        <input
          value={graph.name}
          aria-label="Agent name"
          onChange={(e) => edit((g) => ({ ...g, name: e.target.value }), 'name')}
        />
      </label>
      <label>
        Description
        <input
          value={graph.description ?? ''}
          aria-label="Agent description"
          onChange={(e) =>
            edit((g) => {
              const { description: _d, ...rest } = g;
              return e.target.value ? { ...rest, description: e.target.value } : (rest as AgentGraph);
            }, 'description')
          }
        />
      </label>
      <label>
        Who speaks first
        <select
          value={graph.first_speaker}
          aria-label="Who speaks first"
          onChange={(e) => edit((g) => ({ ...g, first_speaker: e.target.value as AgentGraph['first_speaker'] }))}
        >
          <option value="agent">The agent</option>
          <option value="caller">The caller</option>
        </select>
      </label>
      {graph.first_speaker === 'agent' && (
        <label>
          Opening line (optional; empty: the model writes it)
          <input
            value={graph.begin_message ?? ''}
            aria-label="Opening line"
            placeholder="e.g. Thanks for calling {{clinic}}, how can I help?"
            onChange={(e) =>
              edit((g) => {
                const { begin_message: _b, ...rest } = g;
                return (e.target.value ? { ...rest, begin_message: e.target.value } : rest) as AgentGraph;
              }, 'begin_message')
            }
          />
        </label>
      )}
      <fieldset className="ge-fieldset">
        <legend>Global prompt</legend>
        <p className="muted small">Sent with every node's instruction.</p>
        <TemplateTextarea
          label="Global prompt"
          rows={6}
          graph={graph}
          value={graph.global_prompt}
          testId="global-prompt"
          onChange={(global_prompt) => edit((g) => ({ ...g, global_prompt }), 'global_prompt')}
        />
      </fieldset>
      <Snippets graph={graph} />
      <Tools graph={graph} />
      <JsonEditor
        label="Default variables (JSON object)"
        value={graph.default_variables}
        check={isObject}
        testId="default-variables"
        onChange={(default_variables) =>
          edit((g) => ({ ...g, default_variables: default_variables as Record<string, unknown> }))
        }
      />
      <Metrics graph={graph} />
      <p className="muted small">
        Imported from <strong>{graph.source.format}</strong>. Settings this format has that Parley does not model are
        kept and written back on export.
      </p>
    </div>
  );
}
