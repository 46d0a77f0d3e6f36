import { useEffect, useMemo, useState } from 'react';
import type { MethodInput } from '../../../src-shared/contract/index.js';
import type { PlaygroundMode, PlaygroundMove } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, Persona } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { parseJsonBox, readSettings, writeSettings } from './settings.js';
import { TryConversation } from './TryConversation.js';
import { setupProblems, TrySetup, type SetupValues } from './TrySetup.js';
import { useTrySession } from './use-try-session.js';
import './playground.css';

export interface TryItPanelProps {
  /** The agent to talk to. With `chooseAgent` it is only the first choice. */
  agentId?: string;
  /** Offer a choice of agent (the persona editor); otherwise `agentId` is fixed (the graph editor). */
  chooseAgent?: boolean;
  /** Try this graph instead of the agent's latest saved version (the editor's unsaved draft). */
  graph?: AgentGraph;
  /** The caller persona (the persona editor's draft). Absent: simulated mode offers the persona library. */
  persona?: Persona;
  defaultMode?: PlaygroundMode;
  /** Called with the node the conversation is on as it moves (null when there is no conversation). */
  onLiveNode?(node: string | null): void;
  /** A decision-log move was clicked (to select its edge on a canvas). */
  onPickMove?(move: PlaygroundMove): void;
  /** A node badge was clicked. */
  onPickNode?(node: string): void;
  /** Shown above the setup (e.g. "Testing your unsaved changes"). */
  note?: string;
  testId?: string;
}

/**
 * "Try it": a live conversation with an agent. The persona's simulated caller speaks one turn at a
 * time (or on auto-play), or the user types as the caller. Agent text streams in as it is
 * generated; every agent turn carries its node, and every step its decision log (moves and why,
 * variables set, tools called). Start from the entry or any node, with variables and tool answers.
 */
export function TryItPanel({
  agentId,
  chooseAgent = false,
  graph,
  persona,
  defaultMode = 'manual',
  onLiveNode,
  onPickMove,
  onPickNode,
  note,
  testId = 'try-it',
}: TryItPanelProps) {
  const s = useTrySession();
  const [values, setValues] = useState<SetupValues>(() => {
    const saved = readSettings();
    return {
      agentId: agentId ?? '',
      mode: defaultMode,
      personaId: '',
      agentModel: saved.agent,
      callerModel: saved.caller,
      startNode: '',
      variables: '',
      mocks: '',
    };
  });
  useEffect(() => {
    if (agentId && !chooseAgent) setValues((v) => ({ ...v, agentId }));
  }, [agentId, chooseAgent]);
  useEffect(() => {
    if (agentId && chooseAgent) setValues((v) => (v.agentId ? v : { ...v, agentId }));
  }, [agentId, chooseAgent]);
  useEffect(() => {
    writeSettings({ agent: values.agentModel, caller: values.callerModel });
  }, [values.agentModel, values.callerModel]);

  const fetched = useApi('agents.get', { id: values.agentId }, { enabled: !graph && !!values.agentId });
  const shownGraph = graph ?? fetched.data?.graph;
  const problems = setupProblems(values, chooseAgent);
  const state = s.view.state;
  const live = state ? (s.view.liveNode ?? state.current_node) : null;
  useEffect(() => {
    onLiveNode?.(live);
  }, [live, onLiveNode]);
  useEffect(() => () => onLiveNode?.(null), [onLiveNode]);

  const input = useMemo((): MethodInput<'playground.start'> | null => {
    if (problems.length || !values.agentModel || !values.agentId) return null;
    const vars = parseJsonBox(values.variables, 'object', 'Variables').value as Record<string, unknown>;
    const mocks = parseJsonBox(values.mocks, 'array', 'Tool answers')
      .value as MethodInput<'playground.start'>['tool_mocks'];
    const simulated = values.mode === 'simulated';
    return {
      agent_id: values.agentId,
      mode: values.mode,
      ...(graph ? { graph } : {}),
      ...(simulated && persona ? { persona: { ...persona, name: persona.name.trim() || 'Unsaved persona' } } : {}),
      ...(simulated && !persona && values.personaId ? { persona: values.personaId } : {}),
      ...(values.startNode ? { start_node: values.startNode } : {}),
      dynamic_variables: vars,
      tool_mocks: mocks,
      models: { agent: values.agentModel, ...(simulated && values.callerModel ? { caller: values.callerModel } : {}) },
    };
  }, [problems.length, values, graph, persona]);

  return (
    <section className="tp" data-testid={testId} aria-label="Try it">
      {state ? (
        <TryConversation
          s={s}
          graph={shownGraph}
          onPickMove={onPickMove}
          onPickNode={onPickNode}
          onRestart={() => (input ? void s.start(input) : void s.restart())}
        />
      ) : (
        <div className="tp-setup-wrap">
          {note && <div className="tp-note small">{note}</div>}
          {s.error && (
            <div className="error-box" role="alert" data-testid="try-error">
              <strong>Could not start: </strong>
              {s.error.message}
              {s.error.path?.startsWith('models.') && (
                <div className="small">
                  Check the {s.error.path === 'models.caller' ? 'caller' : 'agent'} model below (or its provider on the
                  Models page).
                </div>
              )}
            </div>
          )}
          {fetched.error && (
            <div className="error-box" role="alert">
              {fetched.error.message}
            </div>
          )}
          <TrySetup
            values={values}
            onChange={setValues}
            graph={shownGraph}
            persona={persona}
            chooseAgent={chooseAgent}
            problems={problems}
            starting={s.starting}
            onStart={() => {
              if (input) void s.start(input);
            }}
          />
        </div>
      )}
    </section>
  );
}
