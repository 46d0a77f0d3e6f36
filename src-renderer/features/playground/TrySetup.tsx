import { useId } from 'react';
import type { AgentGraph, Persona, TestSuite } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { ModelPicker } from '../models/index.js';
import { TryToolAnswers } from './TryToolAnswers.js';
import type { SetupValues } from './try-setup-form.js';

/** Try it's setup form: agent, who speaks for the caller, models, start node, variables and tool answers. */
export function TrySetup({
  values,
  onChange,
  graph,
  persona,
  chooseAgent,
  suites,
  problems,
  starting,
  onStart,
}: {
  values: SetupValues;
  onChange(v: SetupValues): void;
  graph?: AgentGraph;
  persona?: Persona;
  chooseAgent: boolean;
  /** Suites to take tool answers and variables from. */
  suites: { id: string; name: string; data: TestSuite }[] | undefined;
  problems: string[];
  starting: boolean;
  onStart(): void;
}) {
  const agents = useApi('agents.list', {}, { enabled: chooseAgent });
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
            onChange={(e) => set({ agentId: e.target.value, startNode: '', answersFrom: null })}
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
      <CallerChoice values={values} set={set} persona={persona} />
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
      <TryToolAnswers values={values} onChange={onChange} suites={suites} />
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

const MODES = [
  ['simulated', 'The persona speaks'],
  ['manual', 'I am the caller'],
] as const;

/** Who speaks for the caller (the persona, or you), and which persona. */
function CallerChoice({
  values,
  set,
  persona,
}: {
  values: SetupValues;
  set(patch: Partial<SetupValues>): void;
  persona?: Persona;
}) {
  const id = useId();
  const personas = useApi('personas.list', {}, { enabled: !persona && values.mode === 'simulated' });
  return (
    <>
      <div className="tp-field">
        <div className="tp-label" id={`${id}-mode`}>
          Who speaks for the caller
        </div>
        <div className="tp-seg" role="radiogroup" aria-labelledby={`${id}-mode`}>
          {MODES.map(([m, label]) => (
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
    </>
  );
}
