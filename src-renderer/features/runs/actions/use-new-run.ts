import { useCallback, useEffect, useState } from 'react';
import { useLocation } from 'wouter';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import type { ModelSpec } from '../../../../src-shared/schemas/model.js';
import {
  bundledScriptOnOther,
  draftOf,
  draftProblems,
  modelsCheckable,
  runOfSuiteChoice,
  setupToRemember,
  startInputOf,
  suiteFromRun,
  type NewRunDraft,
  type RoleModels,
} from './new-run-form.js';
import { emptySetup, loadLastSetup, saveLastSetup, suiteToOffer, type RunSetup } from './run-setup.js';

const EXAMPLE_MARKER = 'parley-example';

/** The first set-up: the one given ("Run again"), else the remembered one, with the page's agent winning. */
function firstSetup(initial: RunSetup | undefined, remembered: RunSetup | null, initialAgent?: string): RunSetup {
  if (initial) return initial;
  const last = remembered ?? emptySetup();
  return initialAgent && initialAgent !== last.agent ? { ...last, agent: initialAgent, suite: '' } : last;
}

/**
 * Starting a run, in one place (the job model will replace this with its own start + progress): sends
 * `runs.start` and opens the run page. A changed model clears the last start error.
 */
function useStartRun() {
  const [, navigate] = useLocation();
  const start = useApiMutation('runs.start', ['runs.list']);
  return {
    start: (input: Parameters<typeof start.mutate>[0]) =>
      start.mutate(input, { onSuccess: (out) => navigate(`/runs/${out.run_id}`) }),
    pending: start.isPending,
    error: start.error,
    reset: start.reset,
  };
}

/**
 * The New run dialog's state: one draft, the lists it offers (fresh when it opens), the suite it
 * offers once, the agent and suite chosen for the user when there is one obvious choice, the pre-run
 * model check (after typing pauses), the problems that keep it from starting, and the start.
 */
export function useNewRun({ initial, initialAgent }: { initial?: RunSetup; initialAgent?: string }) {
  const agents = useApi('agents.list', {}, { staleTime: 0 });
  const suites = useApi('suites.list', {}, { staleTime: 0 });
  const personas = useApi('personas.list', {}, { staleTime: 0 });
  const starter = useStartRun();
  const [remembered] = useState(() => (initial ? null : loadLastSetup()));
  const [draft, setDraft] = useState<NewRunDraft>(() => draftOf(firstSetup(initial, remembered, initialAgent)));
  const [suiteOffered, setSuiteOffered] = useState(!!initial);
  const patch = useCallback((p: Partial<NewRunDraft>) => setDraft((d) => ({ ...d, ...p })), []);
  const set = (p: Partial<NewRunDraft>) => {
    // a changed model makes the last start error stale (issue 17: errors stayed after switching provider)
    if (p.models) starter.reset();
    patch(p);
  };
  const setModels = (models: RoleModels) => set({ models });

  const agentDoc = useApi('agents.get', { id: draft.agent }, { enabled: !!draft.agent, retry: false });
  const isExample = agentDoc.data?.graph.source.meta?.[EXAMPLE_MARKER] === true;
  const modelList = useApi('models.list', { refresh: false }, { retry: false, staleTime: 30_000 });
  const hasLocal = (modelList.data?.models ?? []).some((m) => m.provider === 'llama-cpp' || m.provider === 'ollama');
  // The bundled script was written for the example agent: anywhere else its passes would be false.
  const bundled = new Set(
    (modelList.data?.models ?? [])
      .filter((m) => m.provider === 'scripted')
      .map((m) => m.spec.replace(/^scripted:/, '')),
  );
  const scriptOnOther = !!draft.agent && !!agentDoc.data && bundledScriptOnOther(draft.models, bundled, isExample);

  // the copy of a run's suite ("Run again" of a run with no stored suite)
  const fromRun = runOfSuiteChoice(draft.suite) ?? initial?.sourceRunId;
  const copy = useApi('runs.suite', { id: fromRun ?? '' }, { enabled: !!fromRun, retry: false });
  useChoicesThatStayValid(draft, patch, {
    agents: agents.data,
    suites,
    remembered,
    suiteOffered,
    setSuiteOffered,
    initial,
  });

  const storedSuite = suites.data?.find((s) => s.id === draft.suite);
  const suiteData = runOfSuiteChoice(draft.suite) ? (copy.data?.suite ?? undefined) : storedSuite?.data;
  const ownModels = [...new Set(suiteData?.tests.flatMap((t) => (t.llm_model ? [t.llm_model] : [])) ?? [])];
  const check = usePreRunCheck(draft, modelsCheckable(draft, scriptOnOther));
  const problems = draftProblems(draft, {
    scriptOnOther,
    checkFailed: check.problems.some((p) => p.severity === 'error'),
  });

  const submit = () => {
    if (problems.length || !draft.models.agent) return;
    saveLastSetup(setupToRemember(draft));
    const input = startInputOf(draft, ownModels.length > 0, initial?.sourceRunId);
    // the dialog's check of these models: Start does not make its model calls again
    starter.start(check.preflightId ? { ...input, preflight_id: check.preflightId } : input);
  };

  return {
    draft,
    set,
    setModels,
    agents,
    suites,
    personas,
    agentDoc,
    isExample,
    hasLocal,
    scriptOnOther,
    fromRun: fromRun && copy.data?.suite ? { runId: fromRun, suite: copy.data.suite } : null,
    suiteData,
    ownModels,
    check,
    problems,
    submit,
    starter,
  };
}

/** The pre-run check (issue 14): each model loads and each endpoint answers once, after typing pauses. */
function usePreRunCheck(draft: NewRunDraft, checkable: boolean) {
  const [checkedModels, setCheckedModels] = useState(draft.models);
  useEffect(() => {
    const t = setTimeout(() => setCheckedModels(draft.models), 400);
    return () => clearTimeout(t);
  }, [draft.models]);
  const fromRun = runOfSuiteChoice(draft.suite);
  const q = useApi(
    'models.preflight',
    {
      models: {
        agent: checkedModels.agent as ModelSpec,
        ...(checkedModels.caller ? { caller: checkedModels.caller as ModelSpec } : {}),
        ...(checkedModels.judge ? { judge: checkedModels.judge as ModelSpec } : {}),
      },
      ...(draft.agent ? { agent_id: draft.agent } : {}),
      ...(draft.suite && !fromRun ? { suite_id: draft.suite } : {}),
    },
    { enabled: checkable && checkedModels === draft.models, retry: false, staleTime: 0 },
  );
  const settled = checkedModels === draft.models;
  return {
    checking: checkable && (q.isFetching || !settled),
    problems: settled ? (q.data?.problems ?? []) : [],
    /** The check of the models as they are now (`runs.start` accepts it instead of checking again). */
    preflightId: checkable && settled && !q.isFetching ? q.data?.preflight_id : undefined,
    error: q.error,
  };
}

/**
 * The agent and suite choices: the only agent chosen; a remembered agent or suite deleted since
 * forgotten (a run's stored suite deleted since: its copy instead); the suite to offer once (one created
 * since the last run, else the remembered one), after the fresh list arrived.
 */
function useChoicesThatStayValid(
  draft: NewRunDraft,
  set: (patch: Partial<NewRunDraft>) => void,
  o: {
    agents: { id: string }[] | undefined;
    suites: { data?: Parameters<typeof suiteToOffer>[0]; isFetching: boolean };
    remembered: RunSetup | null;
    suiteOffered: boolean;
    setSuiteOffered(v: boolean): void;
    initial?: RunSetup;
  },
) {
  const { agents, suites, remembered, suiteOffered, setSuiteOffered } = o;
  const fromRun = o.initial?.sourceRunId;
  useEffect(() => {
    if (!agents) return;
    if (draft.agent && !agents.some((a) => a.id === draft.agent)) set({ agent: '' });
    else if (!draft.agent && agents.length === 1) set({ agent: agents[0].id });
  }, [agents, draft.agent, set]);
  useEffect(() => {
    // wait for the fresh list (a cached one would not hold a suite made a moment ago)
    if (!suites.data || suites.isFetching || suiteOffered) return;
    setSuiteOffered(true);
    const offered = suiteToOffer(
      suites.data,
      remembered ?? (draft.suite ? { ...emptySetup(), suite: draft.suite } : null),
    );
    if (offered) set({ suite: offered });
  }, [suites.data, suites.isFetching, suiteOffered, setSuiteOffered, remembered, draft.suite, set]);
  useEffect(() => {
    if (!suites.data || !draft.suite || runOfSuiteChoice(draft.suite)) return;
    if (!suites.data.some((s) => s.id === draft.suite)) set({ suite: fromRun ? suiteFromRun(fromRun) : '' });
  }, [suites.data, draft.suite, fromRun, set]);
}
