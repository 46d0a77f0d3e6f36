import { useEffect, useState } from 'react';
import type { RoleFitness } from '../../src-shared/contract/fitness-shapes.js';
import { parseModelSpec, type ModelSpecInput, type ReadinessRole, type Run } from '../../src-shared/schemas/index.js';
import { useApi } from '../api/hooks.js';
import { ErrorBox, fmtDate } from './common.js';
import { modelProblem } from './model-choice.js';
import { useReadinessCheck } from './use-readiness-check.js';
import { JobProgress } from './jobs/JobProgress.js';
import { modelLabel } from '../../src-shared/text/model-name.js';

/**
 * The stored readiness verdict of a model in a role (issue 24), shown beside every model picker and, as
 * cautions, on the run page and in compare: its figures with the 95% interval and weak spots in plain
 * words; a warning when it was judged weak or unfit; "never checked" with a one-click check.
 */

const ROLE_NOUN: Record<ReadinessRole, string> = { agent: 'the agent', caller: 'a simulated caller', judge: 'a judge' };
const TASKS: Record<ReadinessRole, number> = { agent: 50, caller: 10, judge: 20 };
const upper = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** One verdict. `onCheck`: the one-click check (absent when the model cannot be checked from here). */
export function FitnessView({
  fitness: f,
  cautionOnly,
  onCheck,
  checking,
  label,
}: {
  fitness: RoleFitness;
  /** Run page and compare: nothing for a fit model. */
  cautionOnly?: boolean;
  onCheck?: () => void;
  /** A check started here is running (its button is hidden meanwhile). */
  checking?: boolean;
  /** The model's name as the page shows it (cautions name it). */
  label?: string;
}) {
  if (f.state === 'fit' && cautionOnly) return null;
  const who = label ? `${f.role} model ${label}: ` : '';
  const testId = `model-fitness-${f.role}`;
  if (f.state === 'unchecked')
    return (
      <div
        className="model-fitness small muted"
        data-testid={testId}
        data-state="unchecked"
        data-model={f.model}
        role="status"
      >
        {who}Never checked as {ROLE_NOUN[f.role]}: nothing says its results can be trusted.{' '}
        {onCheck && !checking && (
          <button type="button" className="small-btn" onClick={onCheck}>
            Check it as {ROLE_NOUN[f.role].replace(/^(the|a) /, '')} ({TASKS[f.role]} known-answer tasks)
          </button>
        )}
      </div>
    );
  const when = f.checked_at ? ` (checked ${fmtDate(f.checked_at)}${f.cancelled ? ', cancelled: partial' : ''})` : '';
  if (f.state === 'fit')
    return (
      <div className="model-fitness small status-pass" data-testid={testId} data-state="fit" data-model={f.model}>
        {who}
        {upper(f.text)}
        {when}
      </div>
    );
  return (
    <div
      className="model-fitness warn-box small"
      data-testid={testId}
      data-state={f.state}
      data-model={f.model}
      role={f.state === 'unfit' ? 'alert' : 'status'}
    >
      {who && <strong>{who}</strong>}
      {upper(f.text)}
      {when}. Results from this model as {ROLE_NOUN[f.role]} may mislead
      {cautionOnly ? '.' : ': choose another model, or read them with care.'}
    </div>
  );
}

/** Waits until typing pauses before a spec is looked up (compared by content: callers may pass a new object each render). */
function useSettled<T>(value: T, ms = 300): T {
  const key = JSON.stringify(value ?? null);
  const [settled, setSettled] = useState<{ key: string; value: T }>({ key, value });
  useEffect(() => {
    if (key === settled.key) return;
    const t = setTimeout(() => setSettled({ key, value }), ms);
    return () => clearTimeout(t);
    // value is read through key
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, ms, settled.key]);
  return settled.value;
}

/** The verdict of the model a picker holds, in the role it is picked for (nothing until a model is chosen). */
export function ModelFitness({
  role,
  spec,
  digest,
  cautionOnly,
  label,
}: {
  role: ReadinessRole;
  spec: ModelSpecInput | undefined;
  digest?: string;
  cautionOnly?: boolean;
  label?: string;
}) {
  const settled = useSettled(spec);
  if (!settled || modelProblem(settled, true)) return null;
  // keyed by the model: a check started for one model (its progress, its error) is not shown for the next
  return (
    <StoredVerdict
      key={JSON.stringify(settled)}
      role={role}
      spec={settled}
      digest={digest}
      cautionOnly={cautionOnly}
      label={label}
    />
  );
}

function StoredVerdict({
  role,
  spec,
  digest,
  cautionOnly,
  label,
}: {
  role: ReadinessRole;
  spec: ModelSpecInput;
  digest?: string;
  cautionOnly?: boolean;
  label?: string;
}) {
  const q = useApi(
    'models.fitness',
    { role, model: spec as never, ...(digest ? { digest } : {}) },
    { retry: false, staleTime: 10_000 },
  );
  const check = useReadinessCheck();
  if (!q.data?.fitness) return null;
  return (
    <>
      <FitnessView
        fitness={q.data.fitness}
        cautionOnly={cautionOnly}
        label={label}
        onCheck={() => check.check(spec, role)}
        checking={check.running}
      />
      <CheckProgress check={check} />
    </>
  );
}

function CheckProgress({ check }: { check: ReturnType<typeof useReadinessCheck> }) {
  return (
    <>
      {check.running && (
        <div data-testid="fitness-checking">
          <JobProgress job={check.job} onCancel={check.cancel} label="Readiness check" />
        </div>
      )}
      <ErrorBox error={check.error} />
    </>
  );
}

/** The cautions of a run's models (run page): every role whose model was judged weak or unfit, or never checked. */
export function RunModelsFitness({ run }: { run: Pick<Run, 'models'> }) {
  return (
    <div className="run-fitness" data-testid="run-fitness">
      {(['agent', 'caller', 'judge'] as const).map((role) => {
        const m = run.models[role] ?? (role === 'agent' ? undefined : run.models.agent);
        if (!m) return null;
        return (
          <ModelFitness
            key={role}
            role={role}
            spec={m.spec}
            digest={m.identity?.digest}
            cautionOnly
            label={modelLabel(m.spec, m.identity)}
          />
        );
      })}
    </div>
  );
}

/** Cautions from verdicts already known (compare): the check runs on the model as stored (provider:model). */
export function FitnessCautions({ fitness }: { fitness: RoleFitness[] | undefined }) {
  const check = useReadinessCheck();
  const shown = (fitness ?? []).filter((f) => f.state !== 'fit');
  if (!shown.length) return null;
  const specOf = (model: string) => {
    try {
      return parseModelSpec(model);
    } catch {
      return null;
    }
  };
  return (
    <div className="run-fitness" data-testid="compare-fitness">
      {shown.map((f) => {
        const spec = specOf(f.model);
        return (
          <FitnessView
            key={f.role}
            fitness={f}
            cautionOnly
            label={f.model}
            onCheck={spec ? () => check.check(spec, f.role) : undefined}
            checking={check.running}
          />
        );
      })}
      <CheckProgress check={check} />
    </div>
  );
}
