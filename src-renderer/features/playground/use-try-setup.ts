import { useEffect, useMemo, useState } from 'react';
import type { PlaygroundMode } from '../../../src-shared/contract/playground.js';
import type { AgentGraph, Persona } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { readSettings, writeSettings } from './settings.js';
import { suggestToolAnswers } from './tool-answers.js';
import { setupProblems, tryStartInput, withAnswers, type SetupValues } from './try-setup-form.js';

/**
 * Try it's setup: the choices (models remembered on this computer), the agent's graph, the tool answers
 * and variables taken once from the suite test that mocks the agent's tools (so the example does not stop
 * at its first tool call), what keeps it from starting, and the start input.
 */
export function useTrySetup(o: {
  agentId?: string;
  chooseAgent: boolean;
  defaultMode: PlaygroundMode;
  /** The graph on the editor's canvas (else the stored version is fetched). */
  graph?: AgentGraph;
  /** The canvas holds edits of its own: its graph is tried; otherwise the stored `versionId` (else the latest). */
  unsaved?: boolean;
  versionId?: string | null;
  persona?: Persona;
}) {
  const [values, setValues] = useState<SetupValues>(() => {
    const saved = readSettings();
    return {
      agentId: o.agentId ?? '',
      mode: o.defaultMode,
      personaId: '',
      agentModel: saved.agent,
      callerModel: saved.caller,
      startNode: '',
      variables: '',
      mocks: '',
      answersFrom: null,
    };
  });
  const { agentId, chooseAgent } = o;
  useEffect(() => {
    if (agentId && !chooseAgent) setValues((v) => ({ ...v, agentId }));
    if (agentId && chooseAgent) setValues((v) => (v.agentId ? v : { ...v, agentId }));
  }, [agentId, chooseAgent]);
  useEffect(() => {
    writeSettings({ agent: values.agentModel, caller: values.callerModel });
  }, [values.agentModel, values.callerModel]);

  const fetched = useApi(
    'agents.get',
    { id: values.agentId, ...(o.versionId ? { version_id: o.versionId } : {}) },
    { enabled: !o.graph && !!values.agentId },
  );
  const graph = o.graph ?? fetched.data?.graph;
  const suites = useApi('suites.list', {}, { enabled: !!graph });
  // once per agent: the tool answers of the suite test that mocks the agent's tools, when none are typed
  const [offeredFor, setOfferedFor] = useState<string | null>(null);
  useEffect(() => {
    if (!graph || !suites.data || offeredFor === values.agentId) return;
    setOfferedFor(values.agentId);
    const found = suggestToolAnswers(graph, suites.data);
    if (found) setValues((v) => (v.mocks.trim() || v.variables.trim() ? v : withAnswers(v, found)));
  }, [graph, suites.data, offeredFor, values.agentId]);

  const problems = setupProblems(values, chooseAgent);
  const sent = o.unsaved ? o.graph : undefined;
  const { versionId, persona } = o;
  const input = useMemo(
    () => tryStartInput(values, { problems: setupProblems(values, chooseAgent), graph: sent, versionId, persona }),
    [values, chooseAgent, sent, versionId, persona],
  );
  return { values, setValues, graph, suites: suites.data, fetchError: fetched.error, problems, input };
}
