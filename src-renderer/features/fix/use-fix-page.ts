import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { FixIteration, FixUntil } from '../../../src-shared/schemas/fix.js';
import { useApi, useApiMutation, useAppEvents } from '../../api/hooks.js';
import { draftOf, editsToApply, type EditDraft } from './fix-view.js';

/** The fix is read again at most this often while its job goes on. */
const READ_GAP_MS = 500;

/**
 * Calls `read` soon: at once when the last call is older than the gap, else once when it has passed
 * (however many asked in between). Cleared with the page.
 */
function useThrottled(read: () => void, gapMs: number): () => void {
  const latest = useRef(read);
  const lastAt = useRef(-Infinity);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => {
    latest.current = read;
  });
  useEffect(() => () => clearTimeout(timer.current), []);
  return () => {
    if (timer.current !== undefined) return;
    timer.current = setTimeout(
      () => {
        timer.current = undefined;
        lastAt.current = Date.now();
        latest.current();
      },
      Math.max(0, lastAt.current + gapMs - Date.now()),
    );
  };
}

/**
 * The fix review's state: the stored fix, the iteration on screen (the latest by default), the fault
 * picked in it, the user's draft of the latest proposal, and the job working on the fix (followed
 * until it ends; the fix is read again as the job's progress changes, at most twice a second, so the
 * failing tests' scores show while the rest of the suite runs, and once more at the end). Every action
 * answers with its job at once.
 */
export function useFixPage(id: string) {
  const qc = useQueryClient();
  const fix = useApi('fixes.get', { id });
  const [shown, setShown] = useState<number | null>(null);
  const [fault, setFault] = useState<{ d: number; f: number }>({ d: 0, f: 0 });
  const [jobId, setJobId] = useState<string | null>(null);
  const [draft, setDraft] = useState<EditDraft[]>([]);
  const data = fix.data;
  const last = data?.iterations.at(-1);
  const readSoon = useThrottled(() => void fix.refetch(), READ_GAP_MS);
  useAppEvents((e) => {
    if (e.type === 'job.progress' && jobId && e.job.id === jobId && e.job.status === 'running') readSoon();
  });

  // a fix opened while its job runs (a reload, the Diagnose button): follow that job
  useEffect(() => {
    if (data?.status === 'running' && data.job_id) setJobId(data.job_id);
  }, [data?.status, data?.job_id]);
  // a new proposal: the draft starts from it
  const proposalKey = last?.proposal ? `${last.n}:${last.proposal.created_at}` : '';
  useEffect(() => {
    if (last?.proposal) setDraft(draftOf(last.proposal.edits));
    // the key says when the proposal changed
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [proposalKey]);

  const started = (o: { job_id: string }) => {
    setJobId(o.job_id);
    setShown(null);
    void qc.invalidateQueries({ queryKey: ['fixes.get'] });
  };
  const apply = useApiMutation('fixes.apply');
  const retry = useApiMutation('fixes.retry');
  const auto = useApiMutation('fixes.auto');
  const keep = useApiMutation('fixes.keep');
  const resume = useApiMutation('fixes.resume');
  const it: FixIteration | undefined =
    (shown !== null ? data?.iterations.find((i) => i.n === shown) : undefined) ?? last;

  return {
    fix,
    it,
    isLatest: !!it && it.n === last?.n,
    showIteration: (n: number) => {
      setShown(n);
      setFault({ d: 0, f: 0 });
    },
    fault,
    setFault,
    draft,
    setDraft,
    jobId,
    jobEnded: () => {
      setJobId(null);
      void fix.refetch();
      void qc.invalidateQueries({ queryKey: ['agents.get'] });
    },
    error: apply.error ?? retry.error ?? auto.error ?? keep.error ?? resume.error,
    pending: apply.isPending || retry.isPending || auto.isPending || keep.isPending || resume.isPending,
    applyAndTest: () => apply.mutate({ id, edits: editsToApply(draft) }, { onSuccess: started }),
    tryAgain: () => retry.mutate({ id }, { onSuccess: started }),
    autoFix: (maxIterations: number, until: FixUntil) =>
      auto.mutate({ id, max_iterations: maxIterations, until }, { onSuccess: started }),
    keepVersion: (versionId: string) => keep.mutate({ id, version_id: versionId }, { onSuccess: started }),
    resumeFix: () => resume.mutate({ id }, { onSuccess: started }),
  };
}

export type FixPageState = ReturnType<typeof useFixPage>;
