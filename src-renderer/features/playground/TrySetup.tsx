import { useId } from 'react';
import type { PlaygroundMode } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, Persona } from '../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';
import { useApi } from '../../api/hooks.js';
import { ModelPicker } from '../models/index.js';
import { modelProblem } from '../../ui/model-choice.js';
import { parseJsonBox } from './settings.js';

/** The choices of a Try-it conversation, kept by the panel across restarts. */
export interface SetupValues {
  agentId: string;
  mode: PlaygroundMode;
  /** Library persona id ('' = the default caller) when the panel was not given a persona. */
  personaId: string;
  agentModel?: ModelSpecInput;
  callerModel?: ModelSpecInput;
  /** '' = the entry node. */
  startNode: string;
  variables: string;
  mocks: string;
}

/** What keeps the conversation from starting (shown under the Start button). */
export function setupProblems(v: SetupValues, needAgent: boolean): string[] {
  const out: string[] = [];
  if (needAgent && !v.agentId) out.push('choose an agent');
  const a = modelProblem(v.agentModel, true);
  if (a) out.push(`agent model: ${a}`);
  if (v.mode === 'simulated') {
    const c = modelProblem(v.callerModel, false);
    if (c) out.push(`caller model: ${c}`);
  }
  for (const [text, kind, label] of [
    [v.variables, 'object', 'Variables'],
    [v.mocks, 'array', 'Tool answers'],
  ] as const) {
    const r = parseJsonBox(text, kind, label);
    if (r.error) out.push(r.error);
  }
  return out;
}

export function TrySetup({
  values,
  onChange,
  graph,
  persona,
  chooseAgent,
  problems,
  starting,
  onStart,
}: {
  values: SetupValues;
  onChange(v: SetupValues): void;
  graph?: AgentGraph;
  persona?: Persona;
  chooseAgent: boolean;
  problems: string[];
  starting: boolean;
  onStart(): void;
}) {
  const id = useId();
  const agents = useApi('agents.list', {}, { enabled: chooseAgent });
  const personas = useApi('personas.list', {}, { enabled: !persona && values.mode === 'simulated' });
  const set = (patch: Partial<SetupValues>) => onChange({ ...values, ...patch });
  const entry = graph?.nodes.find((n) => n.id === graph.entry_node_id);
  return (
    <form
      className="tp-setup"
      aria-label="Try-it setup"
      onSubmit={(e) => {
        e.preventDefault();
        if (!problems.length) onStart();
      }}
    >
      {chooseAgent && (
        <label>
          Agent
          <select
            aria-label="Agent to try"
            value={values.agentId}
            onChange={(e) => set({ agentId: e.target.value, startNode: '' })}
          >
            <option value="">Choose an agent…</option>
            {agents.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
          {agents.data?.length === 0 && (
            <span className="muted small">No agents yet: import one on the Agents page first.</span>
          )}
        </label>
      )}
      <div className="tp-field">
        <div className="tp-label" id={`${id}-mode`}>
          Who speaks for the caller
        </div>
        <div className="tp-seg" role="radiogroup" aria-labelledby={`${id}-mode`}>
          {(
            [
              ['simulated', 'The persona speaks'],
              ['manual', 'I am the caller'],
            ] as const
          ).map(([m, label]) => (
            <button
              key={m}
              type="button"
              role="radio"
              aria-checked={values.mode === m}
              className={values.mode === m ? 'is-on' : ''}
              onClick={() => set({ mode: m })}
            >
              {label}
            </button>
          ))}
        </div>
        <div className="muted small">
          {values.mode === 'simulated'
            ? 'A simulated caller plays the persona, one turn each time you ask (or on auto-play). You can still type a turn yourself.'
            : 'You type what the caller says; the agent answers.'}
        </div>
      </div>
      {values.mode === 'simulated' &&
        (persona ? (
          <div className="tp-field">
            <span className="tp-label">Persona</span> <strong>{persona.name || 'Unsaved persona'}</strong>{' '}
            <span className="muted small">(as edited on this page)</span>
          </div>
        ) : (
          <label>
            Persona
            <select aria-label="Persona" value={values.personaId} onChange={(e) => set({ personaId: e.target.value })}>
              <option value="">Default caller (asks a simple question)</option>
              {personas.data?.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </label>
        ))}
      <ModelPicker
        label="Agent model"
        value={values.agentModel}
        onChange={(m) => set({ agentModel: m })}
        testId="try-agent-model"
      />
      {values.mode === 'simulated' && (
        <ModelPicker
          label="Caller model"
          value={values.callerModel}
          onChange={(m) => set({ callerModel: m })}
          emptyLabel="Same as the agent model"
          testId="try-caller-model"
        />
      )}
      <label>
        Start from
        <select
          aria-label="Start from"
          value={values.startNode}
          onChange={(e) => set({ startNode: e.target.value })}
          disabled={!graph}
        >
          <option value="">The start node{entry ? ` — ${entry.name || entry.id}` : ''}</option>
          {graph?.nodes
            .filter((n) => n.id !== graph.entry_node_id)
            .map((n) => (
              <option key={n.id} value={n.id}>
                {n.name || n.id} ({n.type.replace('_', ' ')})
              </option>
            ))}
        </select>
        {values.startNode && (
          <span className="muted small">The conversation starts as if it had just arrived on this node.</span>
        )}
      </label>
      <details className="tp-more">
        <summary>Variables and tool answers{values.variables.trim() || values.mocks.trim() ? ' (set)' : ''}</summary>
        <label>
          Variables (JSON object: what the agent knows about the call)
          <textarea
            aria-label="Variables JSON"
            className="mono"
            rows={3}
            placeholder='{"patient_name": "Dana"}'
            value={values.variables}
            onChange={(e) => set({ variables: e.target.value })}
          />
        </label>
        <label>
          Tool answers (JSON list of mocks; a tool without one gets an error)
          <textarea
            aria-label="Tool answers JSON"
            className="mono"
            rows={3}
            placeholder='[{"tool": "find_slots", "response": {"first_slot": "Tuesday at 10"}}]'
            value={values.mocks}
            onChange={(e) => set({ mocks: e.target.value })}
          />
        </label>
      </details>
      <div className="tp-start">
        <button type="submit" className="primary" disabled={starting || problems.length > 0}>
          {starting ? 'Starting…' : 'Start the conversation'}
        </button>
        {problems.length > 0 && (
          <ul className="tp-problems small" aria-label="Before you can start">
            {problems.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        )}
      </div>
    </form>
  );
}
