import { useEffect, useState } from 'react';
import { ProposeOutcomeShape } from '../../../../src-shared/contract/analysis-coverage.js';
import type { GraphCoverage } from '../../../../src-shared/coverage.js';
import type { Persona } from '../../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { api } from '../../../api/client.js';
import { useApiMutation } from '../../../api/hooks.js';
import { useJob } from '../../../ui/jobs/use-job.js';
import { editDraft, type GapDraft } from './cover-gaps-state.js';

export type CoverStep =
  | { kind: 'choose' }
  | { kind: 'review'; out: ProposeOutcomeShape; drafts: GapDraft[] }
  | { kind: 'saved'; out: ProposeOutcomeShape; added: string[] }
  | { kind: 'running'; out: ProposeOutcomeShape; added: string[]; runId: string; jobId: string }
  | { kind: 'ran'; out: ProposeOutcomeShape; added: string[]; runId: string; after: GraphCoverage };

/**
 * "Cover the gaps" as steps: propose (a job: one model call per gap), review, save the kept tests into
 * the suite, run them (a run job) and measure the coverage again. Both long pieces are followed with
 * useJob; the dialog shows them with <JobProgress> (done/total, ETA, Cancel).
 */
export function useCoverGaps(agentId: string, suiteId: string, model: ModelSpecInput | undefined) {
  const [step, setStep] = useState<CoverStep>({ kind: 'choose' });
  const [starting, setStarting] = useState(false);
  const [proposeJob, setProposeJob] = useState<string | null>(null);
  const proposing = useJob(proposeJob, { result: ProposeOutcomeShape });
  const [error, setError] = useState<Error | null>(null);
  const save = useApiMutation('analysis.saveGapTests', ['suites.get', 'suites.list', 'analysis.coverage']);

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
  const saveKept = () => {
    if (step.kind !== 'review') return;
    save.mutate(
      { suite_id: suiteId, tests: step.drafts.filter((d) => d.keep).map((d) => d.test) },
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
  return {
    step,
    back: () => setStep({ kind: 'choose' }),
    /** The proposing job (its progress and Cancel). */
    proposing,
    /** The run of the saved tests (its progress and Cancel). */
    running,
    busy: starting || proposing.running,
    saving: save.isPending,
    error: error ?? save.error,
    propose,
    edit: (i: number, patch: Partial<GapDraft>, persona?: Partial<Persona>) =>
      setStep((s) => (s.kind !== 'review' ? s : { ...s, drafts: editDraft(s.drafts, i, patch, persona) })),
    saveKept,
    runThem,
  };
}

export type CoverGaps = ReturnType<typeof useCoverGaps>;
