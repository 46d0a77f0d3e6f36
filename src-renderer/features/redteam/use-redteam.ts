import { useEffect, useState } from 'react';
import type { RedteamStartInput } from '../../../src-shared/contract/redteam.js';
import { api } from '../../api/client.js';
import { useApi } from '../../api/hooks.js';
import { useJob } from '../../ui/jobs/use-job.js';

/**
 * The Red team page's state: the agent's past red-team runs (the page opens on the last one's report), a run
 * started as a job (followed with useJob, Cancel), and the report of the run shown.
 */
export function useRedteam(agentId: string) {
  const runs = useApi('redteam.runs', { agent_id: agentId, limit: 20 });
  const [picked, setPicked] = useState<string | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const [error, setError] = useState<Error | null>(null);
  const job = useJob(jobId, { invalidates: ['redteam.runs', 'redteam.report', 'runs.list'] });
  const shown = picked ?? runs.data?.runs[0]?.run_id ?? null;
  const report = useApi('redteam.report', { run_id: shown ?? '' }, { enabled: !!shown && !job.running });

  useEffect(() => {
    if (job.job?.status === 'failed') setError(new Error(job.job.error?.message ?? 'the red team failed'));
  }, [job.job]);

  const start = async (input: RedteamStartInput) => {
    setError(null);
    try {
      const started = await api.call('redteam.start', input);
      setPicked(started.run_id);
      setJobId(started.job_id);
    } catch (e) {
      setError(e as Error);
    }
  };
  return { runs, shown, pick: setPicked, job, report, start, error };
}
