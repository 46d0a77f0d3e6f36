import { useEffect, useState } from 'react';
import type { ProposeOutcomeShape } from '../../../../src-shared/contract/analysis-coverage.js';
import type { GraphCoverage } from '../../../../src-shared/coverage.js';
import type { Persona } from '../../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { api } from '../../../api/client.js';
import { useApi, useApiMutation, useAppEvents } from '../../../api/hooks.js';
import { editDraft, type GapDraft } from './cover-gaps-state.js';

export type CoverStep =
  | { kind: 'choose' }
  | { kind: 'review'; out: ProposeOutcomeShape; drafts: GapDraft[] }
  | { kind: 'saved'; out: ProposeOutcomeShape; added: string[] }
  | { kind: 'running'; out: ProposeOutcomeShape; added: string[]; runId: string; done: number; total: number }
  | { kind: 'ran'; out: ProposeOutcomeShape; added: string[]; runId: string; after: GraphCoverage };

/**
 * "Cover the gaps" as steps: propose (one model call per gap, with progress, cancellable), review, save
 * the kept tests into the suite, run them and measure the coverage again. The long work (proposing,
 * running) starts and reports progress here only, so the job model can replace it in one place.
 */
export function useCoverGaps(agentId: string, suiteId: string, model: ModelSpecInput | undefined) {
  const [step, setStep] = useState<CoverStep>({ kind: 'choose' });
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const save = useApiMutation('analysis.saveGapTests', ['suites.get', 'suites.list', 'analysis.coverage']);

  // the run's status, polled too: a short run can finish before its events are listened to
  const runId = step.kind === 'running' ? step.runId : '';
  const run = useApi('runs.get', { id: runId }, { enabled: !!runId, refetchInterval: 1000, staleTime: 0 });
  const finished = !!runId && !!run.data && !['running', 'queued'].includes(run.data.run.status);
  useEffect(() => {
    if (!finished || step.kind !== 'running') return;
    const { out, added, runId: id } = step;
    void api
      .call('analysis.coverage', { agent_id: agentId, suite_id: suiteId })
      .then((c) => setStep({ kind: 'ran', out, added, runId: id, after: c.coverage }))
      .catch((err: Error) => setError(err));
  }, [finished, step, agentId, suiteId]);

  useAppEvents((e) => {
    if (e.type === 'analysis.progress' && e.kind === 'gap_tests' && e.agent_id === agentId)
      setProgress({ done: e.done, total: e.total });
    if (step.kind === 'running' && 'run_id' in e && e.run_id === step.runId) {
      if (e.type === 'test.finished') setStep({ ...step, done: step.done + 1 });
      if (e.type === 'run.finished') void run.refetch();
    }
  });

  const propose = async () => {
    setError(null);
    setBusy(true);
    setProgress(null);
    try {
      const out = await api.call('analysis.proposeGapTests', { agent_id: agentId, suite_id: suiteId, model: model! });
      if (out.cancelled) setError(new Error('Cancelled: nothing was proposed or saved.'));
      else setStep({ kind: 'review', out, drafts: out.proposals.map((p) => ({ ...p, keep: true })) });
    } catch (e) {
      setError(e as Error);
    } finally {
      setBusy(false);
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
      const { run_id } = await api.call('runs.start', {
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: model ?? step.out.model_spec },
        options: { tests: step.added },
      });
      setStep({ kind: 'running', out: step.out, added: step.added, runId: run_id, done: 0, total: step.added.length });
    } catch (e) {
      setError(e as Error);
    }
  };
  return {
    step,
    back: () => setStep({ kind: 'choose' }),
    progress,
    busy,
    saving: save.isPending,
    error: error ?? save.error,
    propose,
    cancelPropose: () => void api.call('analysis.cancelGapTests', { agent_id: agentId }),
    edit: (i: number, patch: Partial<GapDraft>, persona?: Partial<Persona>) =>
      setStep((s) => (s.kind !== 'review' ? s : { ...s, drafts: editDraft(s.drafts, i, patch, persona) })),
    saveKept,
    runThem,
    cancelRun: () => step.kind === 'running' && void api.call('runs.cancel', { id: step.runId }),
  };
}

export type CoverGaps = ReturnType<typeof useCoverGaps>;
