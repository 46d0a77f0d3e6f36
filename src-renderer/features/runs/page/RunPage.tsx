import { useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { useApi, useApiMutation, useAppEvents } from '../../../api/hooks.js';
import { ErrorBox, fmtDate, Loading, PageHeader, StatusBadge } from '../../../ui/common.js';
import type { RunEvent } from '../../../../src-shared/contract/index.js';
import type { LiveRun } from '../../../../src-shared/contract/runs.js';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { copiedFromText, isCopiedRun } from '../../../../src-shared/run/copied.js';
import { downloadText } from '../../../ui/download.js';
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
import { roleModelLabel } from '../../../ui/models-label.js';
import { useQueryState } from '../../../ui/query-state.js';
import { ResultDetail } from './ResultDetail.js';
import { RunProgress } from './RunProgress.js';
import { RunSummary } from './RunSummary.js';
import { LatencyCard } from './LatencyCard.js';
import { SpeechCard } from './SpeechCard.js';
import './latency.css';
import { ResultsTable } from './ResultsTable.js';
import { Transcript } from './Transcript.js';
import '../runs.css';
import { ProblemsCard } from './ProblemsCard.js';
import { EndpointLoad } from './EndpointLoad.js';
import { EvaluateDialog } from '../actions/EvaluateDialog.js';
import { ReplayDialog } from '../actions/ReplayDialog.js';
import { ConfirmDialog } from '../../../ui/widgets.js';
import { DemoBadge, DemoNotice } from '../../../ui/DemoBadge.js';
import { NewRunDialog } from '../actions/NewRunDialog.js';
import { setupFromRun } from '../actions/run-setup.js';
import { compareAsB } from '../list/compare-link.js';
import { RunModelsFitness } from '../../../ui/ModelFitness.js';
import { SpeechLabel } from '../../../ui/SpeechLabel.js';
import { RejudgeDialog } from '../actions/RejudgeDialog.js';
import { AudioEvalButton } from '../actions/AudioEvalButton.js';
import { JudgementsCard } from './JudgementsCard.js';
import { ReviewCard } from '../review/ReviewCard.js';
import { JudgeRepeatsCard } from './JudgeRepeatsCard.js';
import { InvalidCallersCard } from './InvalidCallersCard.js';

type Action = { type: 'event'; e: RunEvent } | { type: 'seed'; rows: ResultRowLike[]; live?: LiveRun | null };
const reducer = (s: LiveState, a: Action): LiveState =>
  a.type === 'event' ? applyEvent(s, a.e) : seedLive(s, a.rows, a.live);

const isRunEvent = (e: { type: string }): e is RunEvent => e.type.startsWith('run.') || e.type.startsWith('test.');

export function RunPage({ params }: { params: Record<string, string> }) {
  return <RunView key={params.id} id={params.id} />;
}

function RunView({ id }: { id: string }) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [query, setQuery] = useQueryState();
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
  const refetchTimer = useRef<ReturnType<typeof setTimeout> | null>(null);

  const status = state.finished?.status ?? run.data?.run.status;
  const active = status === 'running' || status === 'queued';
  const results = useApi('runs.results', { id }, { enabled: !!run.data && !active });
  const agent = useApi(
    'agents.get',
    { id: run.data?.run.agent_id ?? '', version_id: run.data?.run.agent_version_id },
    { enabled: !!run.data, retry: false },
  );
  const graph = agent.data?.graph;
  const nodeNames = useMemo(() => new Map(graph?.nodes.map((n) => [n.id, n.name || n.id]) ?? []), [graph]);

  const refetch = (all = false) => {
    if (all) {
      for (const m of ['runs.get', 'runs.live', 'runs.results', 'runs.list'] as const)
        void qc.invalidateQueries({ queryKey: [m] });
      return;
    }
    if (refetchTimer.current) return;
    refetchTimer.current = setTimeout(() => {
      refetchTimer.current = null;
      void qc.invalidateQueries({ queryKey: ['runs.get', { id }] });
    }, 400);
  };
  useEffect(
    () => () => {
      if (refetchTimer.current) clearTimeout(refetchTimer.current);
    },
    [],
  );

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
  const resume = useApiMutation('runs.resume', ['runs.get', 'runs.list', 'runs.live']);
  const exportRun = useApiMutation('runs.export');
  const remove = useApiMutation('runs.delete', ['runs.list']);
  const [dialog, setDialog] = useState<'evaluate' | 'replay' | 'rejudge' | 'delete' | 'again' | 'another' | null>(null);
  // "Compare…" makes this run B; the baseline A is the previous run of the same suite and agent.
  const sameSuite = useApi(
    'runs.list',
    { suite_id: run.data?.run.suite_id ?? undefined, limit: 50, offset: 0 },
    { enabled: !!run.data?.run.suite_id },
  );

  const counts = liveCounts(state);
  const speaking = runningTests(state);
  const tests = useMemo(() => allTests(state), [state]);
  const rows = useMemo(() => new Map(run.data?.results.map((r) => [r.id, r]) ?? []), [run.data]);
  const selected = query.get('result');

  if (run.isLoading) return <Loading />;
  if (run.error)
    return (
      <>
        <PageHeader title="Run" />
        <ErrorBox error={run.error} />
        <Link href="/runs">Back to runs</Link>
      </>
    );
  const r = run.data!.run;
  // Running, but not in this app: started from the command line on the same database.
  const elsewhere = active && !!live.data && !live.data.active && !state.finished;
  const resumable =
    !active &&
    (r.status === 'interrupted' || r.status === 'cancelled' || r.status === 'failed') &&
    r.kind === 'simulated';

  const doExport = (format: 'json' | 'junit') =>
    exportRun.mutate(
      { id, format },
      {
        onSuccess: (out) =>
          downloadText(out.filename, out.text, format === 'json' ? 'application/json' : 'application/xml'),
      },
    );

  return (
    <>
      <PageHeader
        title={`Run · ${r.agent_name || r.agent_id}`}
        actions={
          <>
            {active && !elsewhere && (
              <button className="danger" onClick={() => cancel.mutate({ id })} disabled={cancel.isPending}>
                {cancel.isPending ? 'Cancelling…' : 'Cancel run'}
              </button>
            )}
            {resumable && (
              <button
                className="primary"
                onClick={() =>
                  resume.mutate(
                    { id },
                    {
                      onSuccess: (o) => {
                        if (o.run_id !== id) navigate(`/runs/${o.run_id}`);
                        else refetch(true);
                      },
                    },
                  )
                }
                disabled={resume.isPending}
              >
                Resume
              </button>
            )}
            {!active && (
              <button onClick={() => doExport('json')} disabled={exportRun.isPending}>
                Export JSON
              </button>
            )}
            {!active && (
              <button onClick={() => doExport('junit')} disabled={exportRun.isPending}>
                Export JUnit
              </button>
            )}
            {!active && r.kind === 'simulated' && r.suite_id && (
              <button className="primary" onClick={() => setDialog('again')}>
                Run again
              </button>
            )}
            {!active && r.kind === 'simulated' && r.suite_id && (
              <button onClick={() => setDialog('another')}>Run on another model</button>
            )}
            {!active && <button onClick={() => navigate(compareAsB(r, sameSuite.data ?? []))}>Compare…</button>}
            {!active && <button onClick={() => setDialog('evaluate')}>Evaluate…</button>}
            {!active && <button onClick={() => setDialog('replay')}>Replay…</button>}
            {!active && <button onClick={() => setDialog('rejudge')}>Re-judge…</button>}
            {!active && <AudioEvalButton run={r} />}
            {!active && (
              <button className="danger" onClick={() => setDialog('delete')}>
                Delete
              </button>
            )}
          </>
        }
      >
        <RunHeaderLine run={r} status={status ?? r.status} />
      </PageHeader>
      <ErrorBox error={cancel.error ?? resume.error ?? exportRun.error ?? remove.error} />
      {r.demo && <DemoNotice onRealModel={r.suite_id ? () => setDialog('another') : undefined} />}
      <RunModelsFitness run={r} />
      {r.error && (
        <div className="error-box" role="alert">
          <strong>Run error:</strong> {state.finished?.error ?? r.error}
        </div>
      )}
      {resumable && r.status === 'interrupted' && (
        <div className="notice" role="status">
          This run stopped before it finished ({counts.done} conversations stored). <strong>Resume</strong> runs only
          the missing ones.
        </div>
      )}

      {r.kind === 'imported' && !r.parent_run_id && !active && (
        <div className="notice" role="status" data-testid="imported-hint">
          These are imported real calls: nothing was judged yet. <strong>Evaluate…</strong> judges them with a suite's
          metrics and rules; <strong>Replay…</strong> says their caller turns to the agent again, to see what a new
          version would answer.
        </div>
      )}
      {elsewhere && (
        <div className="notice" role="status">
          This run is going on in another Parley process (the command line?). Its progress is refreshed every few
          seconds; cancel it where it was started. If that process is hung, you can take the run over here: the
          conversations it finished are kept and the rest run in this app.{' '}
          <button
            onClick={() =>
              resume.mutate(
                { id, force: true },
                {
                  onSuccess: (o) => {
                    if (o.run_id !== id) navigate(`/runs/${o.run_id}`);
                    else refetch(true);
                  },
                },
              )
            }
            disabled={resume.isPending}
          >
            Take over
          </button>
        </div>
      )}
      {active || counts.queued ? <RunProgress counts={counts} active={active} startedAt={r.started_at} /> : null}
      {active && <EndpointLoad stats={state.endpoints} live />}

      {active && speaking.length > 0 && (
        <section aria-label="Conversations in progress">
          <h3>Now speaking</h3>
          <div className="speaking-grid">
            {speaking.slice(0, 6).map((t) => (
              <div key={t.key} className="card live-conv" data-testid="live-conversation">
                <div className="live-head">
                  <strong>{t.test}</strong>
                  {t.repeat > 0 && <span className="muted"> · repeat {t.repeat + 1}</span>}{' '}
                  <span className="badge status-running">running</span>
                </div>
                <Transcript turns={t.transcript} partial={t.partial} nodeNames={nodeNames} emptyText="Starting…" />
              </div>
            ))}
          </div>
          {speaking.length > 6 && (
            <div className="muted small">…and {speaking.length - 6} more conversations running.</div>
          )}
        </section>
      )}
      {active && speaking.length === 0 && counts.done === 0 && (
        <div className="muted" role="status">
          Loading models and starting the first conversations…
        </div>
      )}

      {!active && results.data && <RunSummary run={r} results={results.data} />}
      {!active && results.data && <LatencyCard run={r} results={results.data} />}
      {!active && results.data && <SpeechCard results={results.data} />}
      {!active && <EndpointLoad stats={r.endpoint_stats ?? state.endpoints} live={false} />}
      {!active && r.status !== 'running' && <ProblemsCard run={r} onOpenResult={(rid) => setQuery({ result: rid })} />}
      {!active && results.data && <JudgeRepeatsCard run={r} results={results.data} />}
      {!active && results.data && (
        <InvalidCallersCard results={results.data} onOpenResult={(rid) => setQuery({ result: rid })} />
      )}
      {!active && <JudgementsCard runId={id} onOpenResult={(rid) => setQuery({ result: rid })} />}
      {!active && results.data && (
        <ReviewCard runId={id} results={results.data} onOpenResult={(rid) => setQuery({ result: rid })} />
      )}
      {!active && results.error && <ErrorBox error={results.error} />}

      <ResultsTable
        tests={tests}
        rows={rows}
        selected={selected}
        show={query.get('show') ?? 'all'}
        onShow={(v) => setQuery({ show: v === 'all' ? null : v })}
        onSelect={(rid) => setQuery({ result: rid })}
      />

      {selected && (
        <ResultDetail
          id={selected}
          graph={graph}
          runResults={results.data}
          agentId={r.agent_id}
          onClose={() => setQuery({ result: null })}
        />
      )}
      {(dialog === 'again' || dialog === 'another') && (
        <NewRunDialog
          onClose={() => setDialog(null)}
          initial={setupFromRun(r, dialog === 'another')}
          chooseModel={dialog === 'another'}
        />
      )}
      {dialog === 'evaluate' && <EvaluateDialog run={r} onClose={() => setDialog(null)} />}
      {dialog === 'replay' && <ReplayDialog run={r} onClose={() => setDialog(null)} />}
      {dialog === 'rejudge' && <RejudgeDialog run={r} onClose={() => setDialog(null)} />}
      {dialog === 'delete' && (
        <ConfirmDialog
          title="Delete this run?"
          danger
          confirmLabel="Delete run"
          onCancel={() => setDialog(null)}
          onConfirm={() => remove.mutate({ id }, { onSuccess: () => navigate('/runs') })}
          message={
            <>
              The run and its {r.summary.total} conversation(s) are deleted from the database. Runs made from it
              (replays, evaluations) stay.
            </>
          }
        />
      )}
    </>
  );
}

function RunHeaderLine({ run, status }: { run: Run; status: string }) {
  const roles = (['agent', 'caller', 'judge'] as const).filter((k) => run.models[k]);
  return (
    <div className="run-meta">
      <div>
        <span data-testid="run-status">
          <StatusBadge status={status} />
        </span>
        {run.demo && <DemoBadge />}
        <SpeechLabel speech={run.options.speech} /> suite <strong>{run.suite_name || '—'}</strong> · agent{' '}
        <Link href={`/agents/${run.agent_id}`}>{run.agent_name || run.agent_id}</Link> · started{' '}
        {fmtDate(run.started_at ?? run.created_at)}
        {run.finished_at ? ` · finished ${fmtDate(run.finished_at)}` : ''}
        {run.source_run_id && (
          <>
            {' '}
            · started from <Link href={`/runs/${run.source_run_id}`}>run {run.source_run_id}</Link>
          </>
        )}
      </div>
      <div className="small">
        {roles.map((k) => {
          const m = run.models[k]!;
          const ident = m.identity;
          return (
            <span
              key={k}
              className="model-chip"
              title={ident ? JSON.stringify(ident, null, 1) : `${m.spec.provider}:${m.spec.model}`}
            >
              <span className="muted">{k}</span> {roleModelLabel(m)}
              {ident?.digest ? (
                <span className="muted"> · {ident.digest.replace(/^sha256:/, '').slice(0, 10)}</span>
              ) : null}
            </span>
          );
        })}
        <span className="muted">
          {' '}
          · concurrency {run.options.concurrency}
          {run.options.repeats ? ` · repeats ${run.options.repeats}` : ''}
          {run.options.max_turns ? ` · max turns ${run.options.max_turns}` : ''}
        </span>
      </div>
      {isCopiedRun(run) && (
        <div className="small muted" data-testid="run-copied-from">
          {copiedFromText(run)}: its stored models and speech engines are not offered or used unless you choose them
        </div>
      )}
    </div>
  );
}
