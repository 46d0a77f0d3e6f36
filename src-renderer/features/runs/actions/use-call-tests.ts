import { useEffect, useState } from 'react';
import { CallTestsOutcome } from '../../../../src-shared/contract/calls.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import type { TestCase } from '../../../../src-shared/schemas/index.js';
import { api } from '../../../api/client.js';
import { useApiMutation } from '../../../api/hooks.js';
import { useJob } from '../../../ui/jobs/use-job.js';

export type ClusterDraft = CallTestsOutcome['clusters'][number] & { keep: boolean };

export type CallTestsStep =
  | { kind: 'choose' }
  | { kind: 'review'; out: CallTestsOutcome; drafts: ClusterDraft[] }
  | { kind: 'saved'; suite: string; added: string[] };

/** A draft's test with its name or its caller's goal edited (pure: the review step's edits). */
export function editClusterTest(d: ClusterDraft, edit: { name?: string; goal?: string }): TestCase {
  const persona = typeof d.test.persona === 'object' ? d.test.persona : undefined;
  return {
    ...d.test,
    ...(edit.name !== undefined ? { name: edit.name } : {}),
    ...(edit.goal !== undefined && persona ? { persona: { ...persona, goal: edit.goal } } : {}),
  };
}

/**
 * "Tests from calls" as steps: group the run's calls and propose one test per group (calls.proposeTests, a job
 * followed with useJob), review (keep, rename, edit the goal), save the kept ones into a suite
 * (analysis.saveGapTests, as Cover the gaps).
 */
export function useCallTests(runId: string) {
  const [step, setStep] = useState<CallTestsStep>({ kind: 'choose' });
  const [jobId, setJobId] = useState<string | null>(null);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<Error | null>(null);
  const proposing = useJob(jobId, { result: CallTestsOutcome });
  const save = useApiMutation('analysis.saveGapTests', ['suites.get', 'suites.list']);

  useEffect(() => {
    const out = proposing.result;
    if (out && step.kind === 'choose') {
      setJobId(null);
      if (out.cancelled) setError(new Error('Cancelled: nothing was proposed or saved.'));
      else setStep({ kind: 'review', out, drafts: out.clusters.map((c) => ({ ...c, keep: true })) });
    }
    if (proposing.job?.status === 'failed') {
      setJobId(null);
      setError(new Error(proposing.job.error?.message ?? 'grouping the calls failed'));
    }
  }, [proposing.result, proposing.job, step.kind]);

  const propose = async (groups: number | undefined, model: ModelSpecInput | undefined) => {
    setError(null);
    setStarting(true);
    try {
      const { job_id } = await api.call('calls.proposeTests', {
        run_id: runId,
        ...(groups ? { groups } : {}),
        ...(model ? { model } : {}),
      });
      setJobId(job_id);
    } catch (e) {
      setError(e as Error);
    } finally {
      setStarting(false);
    }
  };
  const edit = (i: number, change: { keep?: boolean; name?: string; goal?: string }) => {
    if (step.kind !== 'review') return;
    const drafts = step.drafts.map((d, j) =>
      j === i ? { ...d, keep: change.keep ?? d.keep, test: editClusterTest(d, change) } : d,
    );
    setStep({ ...step, drafts });
  };
  const saveKept = (suiteId: string, suiteName: string) => {
    if (step.kind !== 'review') return;
    save.mutate(
      { suite_id: suiteId, tests: step.drafts.filter((d) => d.keep).map((d) => d.test) },
      {
        onSuccess: (r) => setStep({ kind: 'saved', suite: suiteName, added: r.added }),
        onError: (e) => setError(e as Error),
      },
    );
  };
  return {
    step,
    proposing,
    busy: starting || proposing.running,
    saving: save.isPending,
    error,
    propose,
    edit,
    saveKept,
    back: () => setStep({ kind: 'choose' }),
  };
}
export type CallTests = ReturnType<typeof useCallTests>;
