import { useEffect, useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { JobInfo, MethodName } from '../../../src-shared/contract/index.js';
import { api } from '../../api/client.js';
import { useAppEvents } from '../../api/hooks.js';

export interface JobView<T> {
  /** The job as last heard of (null before the first answer). */
  job: JobInfo | null;
  /** Its outcome once done, read with the starting method's result schema. */
  result: T | undefined;
  running: boolean;
  cancel: () => void;
}

/**
 * Follows one job (app/jobs in main): its `job.progress` events, and `jobs.get` for the start and the
 * outcome. When it ends, the queries in `invalidates` are refetched (what the job wrote). One hook for
 * every long job of the app.
 */
export function useJob<T = unknown>(
  jobId: string | null | undefined,
  opts: { result?: z.ZodType<T>; invalidates?: MethodName[] } = {},
): JobView<T> {
  const qc = useQueryClient();
  const [job, setJob] = useState<JobInfo | null>(null);
  // what the job wrote is refetched the moment its end is heard: a dialog that closes on "done" unmounts
  // this hook right after, so waiting for the outcome's jobs.get would lose the refetch
  const refetchWritten = () => {
    for (const m of opts.invalidates ?? []) void qc.invalidateQueries({ queryKey: [m] });
  };

  useAppEvents((e) => {
    if (e.type !== 'job.progress' || e.job.id !== jobId) return;
    if (e.job.status !== 'running') refetchWritten();
    setJob((prev) => (prev?.status !== 'running' && prev?.id === e.job.id ? prev : { ...e.job, result: prev?.result }));
  });

  // the job as it is now (events may have gone out before this page listened), and its outcome at the end
  const ended = job && job.status !== 'running';
  useEffect(() => {
    if (!jobId) {
      setJob(null);
      return;
    }
    let live = true;
    void api.call('jobs.get', { id: jobId }).then(
      (j) => {
        if (!live) return;
        setJob(j);
        if (j.status !== 'running') refetchWritten();
      },
      () => undefined,
    );
    return () => {
      live = false;
    };
    // refetched once more when the job ends, for its outcome
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, ended]);

  // read once per outcome: a fresh object on every render would re-run every effect that depends on it
  const schema = opts.result;
  const outcome = job?.result;
  const parsed = useMemo(
    () => (outcome !== undefined && schema ? schema.safeParse(outcome) : undefined),
    [outcome, schema],
  );
  return {
    job: jobId ? job : null,
    result: parsed?.success ? parsed.data : undefined,
    running: !!jobId && (job === null || job.status === 'running'),
    cancel: () => {
      if (jobId) void api.call('jobs.cancel', { id: jobId });
    },
  };
}
