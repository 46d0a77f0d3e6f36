import { useState } from 'react';
import type { ModelSpec, ModelSpecInput, ReadinessRole } from '../../src-shared/schemas/index.js';
import { useApiMutation } from '../api/hooks.js';
import { useJob } from './jobs/use-job.js';

/**
 * The one-click readiness check beside a model (issue 24): starts models.check for one role and follows
 * its job; when it ends, every stored verdict shown (pickers, run page, compare) is read again.
 */
export function useReadinessCheck() {
  const start = useApiMutation('models.check');
  const [jobId, setJobId] = useState<string | null>(null);
  const followed = useJob(jobId, {
    invalidates: ['models.fitness', 'models.checks', 'compare.diff', 'compare.matrix'],
  });
  const job = followed.job;
  return {
    check: (model: ModelSpecInput, role: ReadinessRole) =>
      start.mutate({ model: model as ModelSpec, roles: [role] }, { onSuccess: (out) => setJobId(out.job_id) }),
    running: start.isPending || followed.running,
    job,
    cancel: followed.cancel,
    error:
      start.error ??
      (job?.status === 'failed' ? new Error(`The check stopped: ${job.error?.message ?? 'unknown error'}`) : null),
  };
}
