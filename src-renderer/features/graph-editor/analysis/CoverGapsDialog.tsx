import { useEffect, useState } from 'react';
import { ProposeOutcomeShape, type GapProposalShape } from '../../../../src-shared/contract/analysis-coverage.js';
import { coverageLine, type GraphCoverage } from '../../../../src-shared/coverage.js';
import type { Persona } from '../../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { api } from '../../../api/client.js';
import { useApiMutation } from '../../../api/hooks.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { useJob } from '../../../ui/jobs/use-job.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';

interface Draft extends GapProposalShape {
  keep: boolean;
}

type Step =
  | { kind: 'choose' }
  | { kind: 'review'; out: ProposeOutcomeShape; drafts: Draft[] }
  | { kind: 'saved'; out: ProposeOutcomeShape; added: string[] }
  | { kind: 'running'; out: ProposeOutcomeShape; added: string[]; runId: string; jobId: string }
  | { kind: 'ran'; out: ProposeOutcomeShape; added: string[]; runId: string; after: GraphCoverage };

const personaOf = (d: Draft) => (typeof d.test.persona === 'object' ? d.test.persona : undefined);

/**
 * "Cover the gaps": a model proposes one test per edge or global node no run of the suite reached; you
 * review them (uncheck, rename, edit the goal), save the ones you keep into the suite, run them and see
 * the new coverage. Proposing shows progress and can be cancelled.
 */
export function CoverGapsDialog({
  agentId,
  suiteId,
  suiteName,
  coverage,
  initialModel,
  onClose,
}: {
  agentId: string;
  suiteId: string;
  suiteName: string;
  coverage: GraphCoverage;
  initialModel?: ModelSpecInput;
  onClose(): void;
}) {
  const [model, setModel] = useState<ModelSpecInput | undefined>(initialModel);
  const [step, setStep] = useState<Step>({ kind: 'choose' });
  const [starting, setStarting] = useState(false);
  const [proposeJob, setProposeJob] = useState<string | null>(null);
  const proposing = useJob(proposeJob, { result: ProposeOutcomeShape });
  const busy = starting || proposing.running;
  const [error, setError] = useState<Error | null>(null);
  const save = useApiMutation('analysis.saveGapTests', ['suites.get', 'suites.list', 'analysis.coverage']);
  const problem = modelProblem(model, true);
  const gaps = coverage.uncovered_edges.length + coverage.uncovered_globals.length;

  useEffect(() => {
    const out = proposing.result;
    if (out && step.kind === 'choose') {
      setProposeJob(null);
      if (out.cancelled) setError(new Error('Cancelled: nothing was proposed or saved.'));
      else setStep({ kind: 'review', out, drafts: out.proposals.map((p) => ({ ...p, keep: true })) });
    }
    if (proposing.job?.status === 'failed') {
      setProposeJob(null);
      setError(new Error(proposing.job.error?.message ?? 'proposing tests failed'));
    }
  }, [proposing.result, proposing.job, step.kind]);

  const running = useJob(step.kind === 'running' ? step.jobId : null, { invalidates: ['runs.list'] });
  const finished = step.kind === 'running' && !!running.job && running.job.status !== 'running';
  useEffect(() => {
    if (!finished || step.kind !== 'running') return;
    const { out, added, runId: id } = step;
    void api
      .call('analysis.coverage', { agent_id: agentId, suite_id: suiteId })
      .then((c) => setStep({ kind: 'ran', out, added, runId: id, after: c.coverage }))
      .catch((err: Error) => setError(err));
  }, [finished, step, agentId, suiteId]);

  const propose = async () => {
    setError(null);
    setStarting(true);
    try {
      const { job_id } = await api.call('analysis.proposeGapTests', {
        agent_id: agentId,
        suite_id: suiteId,
        model: model!,
      });
      setProposeJob(job_id);
    } catch (e) {
      setError(e as Error);
    } finally {
      setStarting(false);
    }
  };

  const edit = (i: number, patch: Partial<Draft>, persona?: Partial<Persona>) =>
    setStep((s) =>
      s.kind !== 'review'
        ? s
        : {
            ...s,
            drafts: s.drafts.map((d, k) =>
              k !== i
                ? d
                : {
                    ...d,
                    ...patch,
                    test: {
                      ...d.test,
                      ...(patch.test ?? {}),
                      ...(persona && personaOf(d) ? { persona: { ...personaOf(d)!, ...persona } } : {}),
                    },
                  },
            ),
          },
    );

  const saveKept = () => {
    if (step.kind !== 'review') return;
    const kept = step.drafts.filter((d) => d.keep);
    save.mutate(
      { suite_id: suiteId, tests: kept.map((d) => d.test) },
      { onSuccess: (r) => setStep({ kind: 'saved', out: step.out, added: r.added }) },
    );
  };

  const runThem = async () => {
    if (step.kind !== 'saved') return;
    setError(null);
    try {
      const { run_id, job_id } = await api.call('runs.start', {
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: model ?? step.out.model_spec },
        options: { tests: step.added },
      });
      setStep({ kind: 'running', out: step.out, added: step.added, runId: run_id, jobId: job_id });
    } catch (e) {
      setError(e as Error);
    }
  };

  const kept = step.kind === 'review' ? step.drafts.filter((d) => d.keep).length : 0;
  const actions =
    step.kind === 'choose' ? (
      <>
        <button type="button" onClick={onClose} disabled={busy}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void propose()}
          disabled={!!problem || busy || !gaps}
          data-testid="cover-gaps-propose"
        >
          {busy ? 'Proposing…' : `Propose ${gaps} test${gaps === 1 ? '' : 's'}`}
        </button>
      </>
    ) : step.kind === 'review' ? (
      <>
        <button type="button" onClick={() => setStep({ kind: 'choose' })} disabled={save.isPending}>
          Back
        </button>
        <button
          type="button"
          className="primary"
          onClick={saveKept}
          disabled={!kept || save.isPending}
          data-testid="cover-gaps-save"
        >
          {save.isPending ? 'Saving…' : `Save ${kept} test${kept === 1 ? '' : 's'} into “${suiteName}”`}
        </button>
      </>
    ) : step.kind === 'saved' ? (
      <>
        <button type="button" onClick={onClose}>
          Close
        </button>
        <button
          type="button"
          className="primary"
          onClick={() => void runThem()}
          disabled={!!problem}
          data-testid="cover-gaps-run"
        >
          Run them
        </button>
      </>
    ) : step.kind === 'running' ? null : (
      <button type="button" className="primary" onClick={onClose}>
        Done
      </button>
    );

  return (
    <Dialog
      title="Cover the gaps"
      testId="cover-gaps"
      size="wide"
      onClose={onClose}
      dismissable={!busy && step.kind !== 'running'}
      description={`Suite “${suiteName}”: ${coverageLine(coverage)}.`}
      actions={actions}
    >
      {step.kind === 'choose' && (
        <>
          <p className="muted small">
            For each edge and global node no run of this suite reached, a model proposes one test (a caller with a goal
            and a path assertion that reaches it): one model call per gap. You review them before anything is saved.
          </p>
          {gaps === 0 ? (
            <p role="status">Nothing to cover: every edge and global node was reached.</p>
          ) : (
            <ul className="small" data-testid="cover-gaps-list">
              {coverage.uncovered_edges.map((e) => (
                <li key={e.key}>
                  edge {e.from} → {e.to} <span className="muted">({e.transition_id})</span>
                </li>
              ))}
              {coverage.uncovered_globals.map((g) => (
                <li key={g.node}>global node {g.node}</li>
              ))}
            </ul>
          )}
          <ModelPicker
            label="Model that writes the tests"
            testId="model-cover-gaps"
            value={model}
            onChange={setModel}
          />
          {problem && model && (
            <div className="muted small" role="status">
              To propose: {problem}.
            </div>
          )}
          {proposing.running && <JobProgress job={proposing.job} onCancel={proposing.cancel} label="Proposing tests" />}
        </>
      )}
      {step.kind === 'review' && (
        <>
          <ul className="generated-personas">
            {step.drafts.length === 0 && (
              <li className="muted">The model proposed nothing usable. Go back and try another model.</li>
            )}
            {step.drafts.map((d, i) => (
              <li key={d.gap.key} className={`card generated ${d.keep ? '' : 'dropped'}`} data-testid="gap-proposal">
                <label className="checkbox">
                  <input
                    type="checkbox"
                    checked={d.keep}
                    onChange={(e) => edit(i, { keep: e.target.checked })}
                    aria-label={`Keep ${d.test.name}`}
                  />
                  <input
                    aria-label={`Name of test ${i + 1}`}
                    value={d.test.name}
                    onChange={(e) => edit(i, { test: { ...d.test, name: e.target.value } })}
                  />
                </label>
                <div className="small">
                  <strong>Aims at:</strong>{' '}
                  {d.gap.kind === 'edge' ? `${d.gap.from} → ${d.gap.to}` : `global node ${d.gap.to}`} when “
                  {d.gap.condition}” · asserts it visits {d.test.assertions?.path?.must_visit.join(', ')}
                </div>
                {d.why && <div className="small muted">{d.why}</div>}
                {personaOf(d) && (
                  <label className="small">
                    Caller {personaOf(d)!.name}: goal
                    <textarea
                      rows={3}
                      aria-label={`Goal of test ${i + 1}`}
                      value={personaOf(d)!.goal}
                      onChange={(e) => edit(i, {}, { goal: e.target.value })}
                    />
                  </label>
                )}
              </li>
            ))}
          </ul>
          {step.out.failures.map((f) => (
            <p key={f.gap.key} className="warn small" data-testid="gap-failure">
              No proposal for {f.gap.kind === 'edge' ? `${f.gap.from} → ${f.gap.to}` : `global node ${f.gap.to}`}:{' '}
              {f.error}
            </p>
          ))}
        </>
      )}
      {step.kind === 'saved' && (
        <p role="status" data-testid="cover-gaps-saved">
          Added {step.added.length} test{step.added.length === 1 ? '' : 's'} to “{suiteName}”: {step.added.join(', ')}.
          Run them now with the model above to see the new coverage.
        </p>
      )}
      {step.kind === 'saved' && (
        <ModelPicker label="Model to run them with" testId="model-cover-gaps-run" value={model} onChange={setModel} />
      )}
      {step.kind === 'running' && (
        <JobProgress job={running.job} onCancel={running.cancel} label={`Running them as run ${step.runId}`} />
      )}
      {step.kind === 'ran' && (
        <div role="status" data-testid="cover-gaps-after">
          <p>Before: {coverageLine(step.out.coverage)}</p>
          <p>
            <strong>After: {coverageLine(step.after)}</strong>
          </p>
          <NewlyCovered before={step.out.coverage} after={step.after} />
          <p className="small">
            <a href={`#/runs/${step.runId}`}>Open the run</a>
          </p>
        </div>
      )}
      <ErrorBox error={error ?? save.error} />
    </Dialog>
  );
}

function NewlyCovered({ before, after }: { before: GraphCoverage; after: GraphCoverage }) {
  const still = new Set(after.uncovered_edges.map((e) => e.key));
  const newly = before.uncovered_edges.filter((e) => !still.has(e.key));
  const stillGlobals = new Set(after.uncovered_globals.map((g) => g.node));
  const newlyGlobals = before.uncovered_globals.filter((g) => !stillGlobals.has(g.node));
  if (!newly.length && !newlyGlobals.length) return <p className="warn">No gap was reached by the new tests.</p>;
  return (
    <p>
      Newly covered:{' '}
      {[...newly.map((e) => `${e.from} → ${e.to}`), ...newlyGlobals.map((g) => `global ${g.node}`)].join(', ')}
    </p>
  );
}
