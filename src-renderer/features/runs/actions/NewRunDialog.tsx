import { MAX_JUDGE_REPEATS } from '../../../../src-shared/limits.js';
import { NumberOption, OptionCheckbox } from './RunOptionFields.js';
import { NO_SPEECH, RunSpeechFields, speechOptionsOf, type SpeechDraft } from './RunSpeechFields.js';
import { useEffect, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { ErrorBox } from '../../../ui/common.js';
import { Dialog } from '../../../ui/Dialog.js';
import type { ModelSpec, ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { ModelCheck, type RunRole } from './ModelCheck.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { LocalModelGuide } from './LocalModelGuide.js';
import { emptySetup, loadLastSetup, saveLastSetup, suiteToOffer, type RunSetup } from './run-setup.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';
import { PinnedRolesNote } from './PinnedRolesNote.js';

const EXAMPLE_MARKER = 'parley-example';

const intOrUndef = (s: string): number | undefined => (s.trim() === '' ? undefined : Number(s));
const badInt = (s: string, min: number) => s.trim() !== '' && (!Number.isInteger(Number(s)) || Number(s) < min);

/**
 * "New run": agent, suite, a model per role with the Models page's picker (caller and judge default to the agent model),
 * repeats, concurrency, max turns. Opens with `initial` ("Run again" / "Run on another model"), else with the last
 * set-up (remembered in this browser), offering a suite created since then. The bundled example script is offered only
 * for the bundled example agent; for any other agent, a guided "get a small local model" step.
 */
export function NewRunDialog({
  onClose,
  initialAgent,
  initial,
  chooseModel,
}: {
  onClose: () => void;
  initialAgent?: string;
  /** A set-up to start from (a run's, for "Run again"); without it, the last one. */
  initial?: RunSetup;
  /** "Run on another model": the agent model is left to choose and its provider gets the focus. */
  chooseModel?: boolean;
}) {
  const [, navigate] = useLocation();
  // always fresh when the dialog opens: an agent or suite may have been added a moment ago
  const agents = useApi('agents.list', {}, { staleTime: 0 });
  const suites = useApi('suites.list', {}, { staleTime: 0 });
  const personas = useApi('personas.list', {}, { staleTime: 0 });
  const start = useApiMutation('runs.start', ['runs.list']);
  // a changed model makes the last start error stale (issue 17: errors stayed after switching provider)
  const setModels = (m: { agent?: ModelSpecInput; caller?: ModelSpecInput; judge?: ModelSpecInput }) => {
    start.reset();
    setModelsState(m);
  };
  const [remembered] = useState(() => (initial ? null : loadLastSetup()));
  const [start0] = useState<RunSetup>(() => {
    if (initial) return initial;
    const last = remembered ?? emptySetup();
    // a page that names an agent (the runs list filtered by agent) wins over the remembered one
    return initialAgent && initialAgent !== last.agent ? { ...last, agent: initialAgent, suite: '' } : last;
  });
  const [agent, setAgent] = useState(start0.agent);
  const [suite, setSuite] = useState(start0.suite);
  const [suiteOffered, setSuiteOffered] = useState(!!initial);
  const [models, setModelsState] = useState<{
    agent?: ModelSpecInput;
    caller?: ModelSpecInput;
    judge?: ModelSpecInput;
  }>(start0.models);
  const [repeats, setRepeats] = useState(start0.repeats);
  const [concurrency, setConcurrency] = useState(start0.concurrency);
  const [maxTurns, setMaxTurns] = useState(start0.maxTurns);
  const [judgeRepeats, setJudgeRepeats] = useState('');
  const [callerFidelity, setCallerFidelity] = useState(false);
  const [testModels, setTestModels] = useState(start0.testModels);
  const [turnQuality, setTurnQuality] = useState(start0.turnQuality);
  const [judgeReasoningFull, setJudgeReasoningFull] = useState(start0.judgeReasoningFull === true);
  const [speech, setSpeech] = useState<SpeechDraft>(NO_SPEECH);
  const [matrix, setMatrix] = useState<string[]>(start0.personas);
  const agentDoc = useApi('agents.get', { id: agent }, { enabled: !!agent, retry: false });
  const isExample = agentDoc.data?.graph.source.meta?.[EXAMPLE_MARKER] === true;
  const modelList = useApi('models.list', { refresh: false }, { retry: false, staleTime: 30_000 });
  const hasLocal = (modelList.data?.models ?? []).some((m) => m.provider === 'llama-cpp' || m.provider === 'ollama');
  // The bundled script was written for the example agent: anywhere else its passes would be false.
  // (A script of one's own is allowed: such runs are marked demo.)
  const bundled = new Set(
    (modelList.data?.models ?? [])
      .filter((m) => m.provider === 'scripted')
      .map((m) => m.spec.replace(/^scripted:/, '')),
  );
  const scriptOnOther =
    !!agent &&
    !!agentDoc.data &&
    !isExample &&
    (['agent', 'caller', 'judge'] as const).some(
      (r) => models[r]?.provider === 'scripted' && bundled.has(models[r]!.model.trim()),
    );

  // One agent: choose it. A remembered agent or suite that was deleted since: forget it.
  useEffect(() => {
    if (!agents.data) return;
    if (agent && !agents.data.some((a) => a.id === agent)) setAgent('');
    else if (!agent && agents.data.length === 1) setAgent(agents.data[0].id);
  }, [agents.data, agent]);
  // The suite to offer once: one created since the last run (the user just made it), else the remembered one.
  useEffect(() => {
    // wait for the fresh list (a cached one would not hold a suite made a moment ago)
    if (!suites.data || suites.isFetching || suiteOffered) return;
    setSuiteOffered(true);
    const offered = suiteToOffer(suites.data, remembered ?? (suite ? { ...emptySetup(), suite } : null));
    if (offered) setSuite(offered);
  }, [suites.data, suites.isFetching, suiteOffered, remembered, suite]);
  useEffect(() => {
    if (suites.data && suite && !suites.data.some((s) => s.id === suite)) setSuite('');
  }, [suites.data, suite]);

  const problems: string[] = [];
  if (!agent) problems.push('choose an agent');
  if (!suite) problems.push('choose a test suite');
  for (const role of ['agent', 'caller', 'judge'] as const) {
    const p = modelProblem(models[role], role === 'agent');
    if (p) problems.push(`${role} model: ${p}`);
  }
  if (badInt(repeats, 1)) problems.push('repeats must be a whole number of 1 or more');
  if (badInt(concurrency, 1)) problems.push('concurrency must be a whole number of 1 or more');
  if (badInt(maxTurns, 1)) problems.push('max turns must be a whole number of 1 or more');
  if (badInt(judgeRepeats, 1) || Number(judgeRepeats) > MAX_JUDGE_REPEATS)
    problems.push(`judge repeats must be a whole number from 1 to ${MAX_JUDGE_REPEATS}`);
  if (scriptOnOther)
    problems.push(
      'the bundled example script was written for the example agent, so its passes here would be false: choose a real model (see "Get a small local model")',
    );
  // The pre-run check (issue 14): each model loads and each endpoint answers once, before the run exists
  // (after typing pauses, so a model name typed by hand is not checked at every key).
  const [checkedModels, setCheckedModels] = useState(models);
  useEffect(() => {
    const t = setTimeout(() => setCheckedModels(models), 400);
    return () => clearTimeout(t);
  }, [models]);
  // nothing to check while a model is missing or refused for another reason
  const checkable = !!models.agent && !scriptOnOther && !problems.some((p) => p.includes('model:'));
  const check = useApi(
    'models.preflight',
    {
      models: {
        agent: checkedModels.agent as ModelSpec,
        ...(checkedModels.caller ? { caller: checkedModels.caller as ModelSpec } : {}),
        ...(checkedModels.judge ? { judge: checkedModels.judge as ModelSpec } : {}),
      },
      ...(agent ? { agent_id: agent } : {}),
      ...(suite ? { suite_id: suite } : {}),
    },
    {
      enabled: checkable && checkedModels === models,
      retry: false,
      staleTime: 0,
    },
  );
  const checking = checkable && (check.isFetching || checkedModels !== models);
  const checked = checkedModels === models ? (check.data?.problems ?? []) : [];
  if (checked.some((p) => p.severity === 'error')) problems.push('fix the model problems shown above');
  const fix = (role: RunRole, spec: ModelSpecInput) => setModels({ ...models, [role]: spec });
  const suiteDoc = suites.data?.find((s) => s.id === suite);
  const ownModels = [...new Set(suiteDoc?.data.tests.flatMap((t) => (t.llm_model ? [t.llm_model] : [])) ?? [])];

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (problems.length || !models.agent) return;
    saveLastSetup({
      agent,
      suite,
      models,
      repeats,
      concurrency,
      maxTurns,
      testModels,
      turnQuality,
      ...(judgeReasoningFull ? { judgeReasoningFull: true } : {}),
      personas: matrix,
    });
    start.mutate(
      {
        agent_id: agent,
        suite_id: suite,
        ...(initial?.sourceRunId ? { source_run_id: initial.sourceRunId } : {}),
        models: {
          agent: models.agent,
          ...(models.caller ? { caller: models.caller } : {}),
          ...(models.judge ? { judge: models.judge } : {}),
        },
        options: {
          ...(intOrUndef(repeats) ? { repeats: intOrUndef(repeats) } : {}),
          ...(intOrUndef(concurrency) ? { concurrency: intOrUndef(concurrency) } : {}),
          ...(intOrUndef(maxTurns) ? { max_turns: intOrUndef(maxTurns) } : {}),
          ...(intOrUndef(judgeRepeats) ? { judge_repeats: intOrUndef(judgeRepeats) } : {}),
          ...(testModels && ownModels.length ? { test_model_precedence: true } : {}),
          ...(turnQuality ? { turn_quality: true } : {}),
          ...(callerFidelity ? { caller_fidelity: true } : {}),
          ...(judgeReasoningFull ? { judge_reasoning: 'full' as const } : {}),
          ...(matrix.length ? { personas: matrix } : {}),
          ...(speechOptionsOf(speech) ? { speech: speechOptionsOf(speech) } : {}),
        },
      },
      { onSuccess: (out) => navigate(`/runs/${out.run_id}`) },
    );
  };

  return (
    <Dialog
      title={chooseModel ? 'Run on another model' : initial ? 'Run again' : 'New run'}
      description="Runs every test of a suite against the agent, with a simulated caller and a judge. Results are stored as each conversation finishes."
      size="large"
      className="rn-modal"
      onClose={onClose}
      onSubmit={submit}
      dismissable={!start.isPending}
    >
      <>
        <div className="grid-2 run-fields">
          <label>
            Agent
            <select
              data-autofocus={chooseModel ? undefined : true}
              value={agent}
              onChange={(e) => setAgent(e.target.value)}
              aria-label="Agent"
            >
              <option value="">Choose an agent…</option>
              {agents.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name} (v{a.version})
                </option>
              ))}
            </select>
            {agents.data?.length === 0 && (
              <span className="muted small">No agents yet: import one on the Agents page.</span>
            )}
          </label>
          <label>
            Test suite
            <select value={suite} onChange={(e) => setSuite(e.target.value)} aria-label="Test suite">
              <option value="">Choose a suite…</option>
              {suites.data?.map((s) => (
                <option key={s.id} value={s.id}>
                  {s.name || s.id} ({s.data.tests.length} tests)
                </option>
              ))}
            </select>
            {suites.data?.length === 0 && (
              <span className="muted small">No suites yet: create one on the Suites page.</span>
            )}
            {suiteDoc && (
              <span className="muted small">
                {suiteDoc.data.tests
                  .map((t) => t.name)
                  .slice(0, 4)
                  .join(', ')}
                {suiteDoc.data.tests.length > 4 ? '…' : ''}
              </span>
            )}
          </label>
        </div>
        {(personas.data?.length ?? 0) > 0 && (
          <details className="persona-matrix" open={matrix.length > 0}>
            <summary>Personas × scenarios{matrix.length ? ` (${matrix.length} chosen)` : ''}</summary>
            <p className="muted small">
              Every test (the scenario: goal, checks) runs once with each chosen persona (who calls and how they behave)
              {suiteDoc
                ? `: ${suiteDoc.data.tests.filter((t) => !t.caller_script).length} tests × ${matrix.length || '…'} personas`
                : ''}
              . Tests with fixed caller lines run once as they are.
            </p>
            <div className="persona-choices">
              {personas.data!.map((p) => (
                <label key={p.id} className="checkbox">
                  <input
                    type="checkbox"
                    checked={matrix.includes(p.id)}
                    aria-label={`Persona ${p.name}`}
                    onChange={(e) => setMatrix(e.target.checked ? [...matrix, p.id] : matrix.filter((x) => x !== p.id))}
                  />{' '}
                  {p.name}
                </label>
              ))}
            </div>
          </details>
        )}
        {agent &&
          agentDoc.data &&
          !isExample &&
          (!hasLocal || scriptOnOther || models.agent?.provider === 'scripted') && (
            <LocalModelGuide onUse={(spec) => setModels({ ...models, agent: spec })} />
          )}
        {isExample && (
          <p className="muted small" data-testid="example-script-hint">
            This is the bundled example agent: the bundled example script (Scripted provider) was written for it and
            runs it offline. Runs on it are marked <strong>demo</strong>: they show how Parley works, not how good a
            model is.
          </p>
        )}
        <ModelPicker
          label="Agent model"
          testId="model-agent"
          value={models.agent}
          hideBundledScript={!isExample}
          autoFocus={chooseModel}
          onChange={(v) => setModels({ ...models, agent: v })}
        />
        <ModelCheck role="agent" problems={checked} checking={checking} onFix={fix} />
        <ModelFitness role="agent" spec={models.agent} />
        <PinnedRolesNote setup={initial} />
        {check.error && <ErrorBox error={check.error} />}
        <div className="grid-2">
          <div>
            <ModelPicker
              label="Simulated caller model"
              testId="model-caller"
              emptyLabel="Same as the agent model"
              hideBundledScript={!isExample}
              value={models.caller}
              onChange={(v) => setModels({ ...models, caller: v })}
            />
            <ModelCheck role="caller" problems={checked} checking={checking} onFix={fix} />
            <ModelFitness role="caller" spec={models.caller ?? models.agent} />
          </div>
          <div>
            <ModelPicker
              label="Judge model"
              testId="model-judge"
              emptyLabel="Same as the agent model"
              hideBundledScript={!isExample}
              value={models.judge}
              onChange={(v) => setModels({ ...models, judge: v })}
            />
            <ModelCheck role="judge" problems={checked} checking={checking} onFix={fix} />
            <ModelFitness role="judge" spec={models.judge ?? models.agent} />
          </div>
        </div>
        <div className="grid-3 run-fields">
          <NumberOption label="Repeats" value={repeats} placeholder="as in the suite" onChange={setRepeats} />
          <NumberOption label="Concurrency" value={concurrency} onChange={setConcurrency} />
          <NumberOption label="Max turns" value={maxTurns} placeholder="as in each test" onChange={setMaxTurns} />
          <NumberOption
            label="Judge repeats"
            title="Judge every conversation this many times and keep the majority verdict; metrics whose verdicts flip are marked unstable"
            max={MAX_JUDGE_REPEATS}
            value={judgeRepeats}
            placeholder="1"
            onChange={setJudgeRepeats}
          />
        </div>
        <OptionCheckbox label="Check the simulated caller" checked={callerFidelity} onChange={setCallerFidelity}>
          : one judge call per conversation scores whether the caller stayed in character and pursued its goal; a caller
          that broke character is marked &quot;invalid caller&quot; and not counted as an agent failure.
        </OptionCheckbox>
        <OptionCheckbox
          label="Score every agent turn"
          checked={turnQuality || suiteDoc?.data.turn_quality === true}
          disabled={suiteDoc?.data.turn_quality === true}
          onChange={setTurnQuality}
        >
          {' '}
          (helpfulness, coherence, relevance, faithfulness, verbosity): one judge call per turn.
          {suiteDoc?.data.turn_quality === true && <span className="muted"> The suite asks for it.</span>}
        </OptionCheckbox>
        <OptionCheckbox label="Long judge reasoning" checked={judgeReasoningFull} onChange={setJudgeReasoningFull}>
          : up to 300 characters per verdict instead of one short sentence (120). The judge then writes (and costs)
          more.
        </OptionCheckbox>
        <RunSpeechFields value={speech} onChange={setSpeech} />
        {ownModels.length > 0 && (
          <OptionCheckbox label="Use the tests' own agent models" checked={testModels} onChange={setTestModels}>
            {' '}
            ({ownModels.join(', ')}): tests that name one run on it, the others on the agent model above.
            {!testModels && <span className="muted"> Off: every test runs on the agent model above.</span>}
          </OptionCheckbox>
        )}
        <ErrorBox error={start.error} />
        {problems.length > 0 && (agent || suite || models.agent) && (
          <div className="muted small" role="status">
            To start: {problems.join('; ')}.
          </div>
        )}
        <div className="rn-actions">
          <button type="button" onClick={onClose} disabled={start.isPending}>
            Cancel
          </button>
          <button
            type="submit"
            className="primary"
            disabled={problems.length > 0 || start.isPending || (checking && !!models.agent)}
          >
            {start.isPending ? 'Starting…' : checking && models.agent ? 'Checking models…' : 'Start run'}
          </button>
        </div>
      </>
    </Dialog>
  );
}
