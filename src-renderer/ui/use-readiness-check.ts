import { useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ModelSpec, ModelSpecInput, ReadinessRole } from '../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../api/hooks.js';

/**
 * The one-click readiness check beside a model (issue 24): starts models.check for one role and follows
 * it; when it ends, every stored verdict shown (pickers, run page, compare) is read again. Kept alone
 * so the shared job progress (the jobs model) can replace the polling here in one place.
 */
export function useReadinessCheck() {
  const qc = useQueryClient();
  const start = useApiMutation('models.check');
  const [checkId, setCheckId] = useState<string | null>(null);
  const progress = useApi(
    'models.checkProgress',
    { check_id: checkId ?? '' },
    {
      enabled: !!checkId,
      refetchInterval: (q) => ((q.state.data as { status?: string } | undefined)?.status === 'running' ? 400 : false),
    },
  );
  const status = checkId ? progress.data?.status : undefined;
  useEffect(() => {
    if (!status || status === 'running') return;
    for (const m of ['models.fitness', 'models.checks', 'compare.diff', 'compare.matrix'])
      void qc.invalidateQueries({ queryKey: [m] });
  }, [status, qc]);
  return {
    check: (model: ModelSpecInput, role: ReadinessRole) =>
      start.mutate({ model: model as ModelSpec, roles: [role] }, { onSuccess: (out) => setCheckId(out.check_id) }),
    running: start.isPending || status === 'running' || (!!checkId && !progress.data),
    done: progress.data?.done ?? 0,
    total: progress.data?.total ?? 0,
    error: start.error ?? (progress.data?.status === 'failed' ? new Error(`The check stopped: ${progress.data.error}`) : null),
  };
}
