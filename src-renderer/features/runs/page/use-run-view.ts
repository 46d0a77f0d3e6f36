import { useEffect, useMemo, useReducer, useRef } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import { useApi, useApiMutation, useAppEvents } from '../../../api/hooks.js';
import type { RunEvent } from '../../../../src-shared/contract/index.js';
import type { LiveRun } from '../../../../src-shared/contract/runs.js';
import {
  allTests,
  applyEvent,
  initialLive,
  liveCounts,
  runningTests,
  seedLive,
  type LiveState,
  type ResultRowLike,
} from '../../../../src-shared/run/live.js';
import { downloadText } from '../../../ui/download.js';
import { runFlags } from './run-view-state.js';

type Action = { type: 'event'; e: RunEvent } | { type: 'seed'; rows: ResultRowLike[]; live?: LiveRun | null };
const reducer = (s: LiveState, a: Action): LiveState =>
  a.type === 'event' ? applyEvent(s, a.e) : seedLive(s, a.rows, a.live);

const isRunEvent = (e: { type: string }): e is RunEvent => e.type.startsWith('run.') || e.type.startsWith('test.');

/**
 * One run, live or finished: the stored run and its rows, the live state folded from run events (the
 * shared reducer), polling for a run going on in another process, the agent version it ran (node
 * names), the copy of its suite (Run again), and the actions on it (cancel, resume, export, delete).
 */
export function useRunView(id: string) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const live = useApi('runs.live', { id }, { retry: false });
  // A run going on in another process (the command line on the same database) sends no events here: poll it.
  const run = useApi(
    'runs.get',
    { id },
    {
      refetchInterval: (q) =>
        ['running', 'queued'].includes(q.state.data?.run.status ?? '') && live.data && !live.data.active ? 3000 : false,
    },
  );
  const [state, dispatch] = useReducer(reducer, id, initialLive);
  const status = state.finished?.status ?? run.data?.run.status;
  const activeNow = status === 'running' || status === 'queued';
  const results = useApi('runs.results', { id }, { enabled: !!run.data && !activeNow });
  const suiteCopy = useApi('runs.suite', { id }, { enabled: !!run.data && !activeNow, retry: false });
  const agent = useApi(
    'agents.get',
    { id: run.data?.run.agent_id ?? '', version_id: run.data?.run.agent_version_id },
    { enabled: !!run.data, retry: false },
  );
  const graph = agent.data?.graph;
  const nodeNames = useMemo(() => new Map(graph?.nodes.map((n) => [n.id, n.name || n.id]) ?? []), [graph]);
  const refetch = useRefetch(id, qc);

  useAppEvents((e) => {
    if (!isRunEvent(e) || e.run_id !== id) return;
    dispatch({ type: 'event', e });
    if (e.type === 'test.finished') refetch();
    if (e.type === 'run.finished' || e.type === 'run.started') refetch(true);
  });
  useEffect(() => {
    if (run.data) dispatch({ type: 'seed', rows: run.data.results, live: live.data ?? null });
  }, [run.data, live.data]);

  const cancel = useApiMutation('runs.cancel', ['runs.get', 'runs.list']);
  const cancelTest = useApiMutation('runs.cancelTest');
  const resumeMutation = useApiMutation('runs.resume', ['runs.get', 'runs.list', 'runs.live']);
  const exportRun = useApiMutation('runs.export');
  const remove = useApiMutation('runs.delete', ['runs.list']);
  const r = run.data?.run;
  const flags = r
    ? runFlags(r, {
        status: status ?? r.status,
        liveHere: live.data?.active,
        finishedHere: !!state.finished,
        hasSuiteCopy: !!suiteCopy.data?.suite,
      })
    : null;

  return {
    run,
    results,
    state,
    status,
    flags,
    graph,
    nodeNames,
    counts: liveCounts(state),
    speaking: runningTests(state),
    tests: useMemo(() => allTests(state), [state]),
    rows: useMemo(() => new Map(run.data?.results.map((x) => [x.id, x]) ?? []), [run.data]),
    cancel: { run: () => cancel.mutate({ id }), pending: cancel.isPending },
    cancelTest: (test: string) => cancelTest.mutate({ id, test }),
    resume: {
      run: (force = false) =>
        resumeMutation.mutate(
          { id, ...(force ? { force: true } : {}) },
          { onSuccess: (o) => (o.run_id !== id ? navigate(`/runs/${o.run_id}`) : refetch(true)) },
        ),
      pending: resumeMutation.isPending,
    },
    exportAs: {
      run: (format: 'json' | 'junit') =>
        exportRun.mutate(
          { id, format },
          {
            onSuccess: (out) =>
              downloadText(out.filename, out.text, format === 'json' ? 'application/json' : 'application/xml'),
          },
        ),
      pending: exportRun.isPending,
    },
    remove: () => remove.mutate({ id }, { onSuccess: () => navigate('/runs') }),
    error: cancel.error ?? cancelTest.error ?? resumeMutation.error ?? exportRun.error ?? remove.error,
  };
}

/** Refetches the run after its events: the run itself at most every 400 ms, or everything about runs at once. */
function useRefetch(id: string, qc: ReturnType<typeof useQueryClient>) {
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(
    () => () => {
      if (timer.current) clearTimeout(timer.current);
    },
    [],
  );
  return (all = false) => {
    if (all) {
      for (const m of ['runs.get', 'runs.live', 'runs.results', 'runs.list', 'runs.suite'] as const)
        void qc.invalidateQueries({ queryKey: [m] });
      return;
    }
    if (timer.current) return;
    timer.current = setTimeout(() => {
      timer.current = null;
      void qc.invalidateQueries({ queryKey: ['runs.get', { id }] });
    }, 400);
  };
}

export type RunView = ReturnType<typeof useRunView>;
