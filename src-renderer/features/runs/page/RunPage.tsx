import { useState } from 'react';
import { Link, useLocation } from 'wouter';
import { useApi } from '../../../api/hooks.js';
import { ErrorBox, Loading, PageHeader } from '../../../ui/common.js';
import { useQueryState } from '../../../ui/query-state.js';
import { compareAsB } from '../list/compare-link.js';
import { LiveSection } from './LiveSection.js';
import { ResultDetail } from './ResultDetail.js';
import { ResultsTable } from './ResultsTable.js';
import { RunDialogs, type RunDialog } from './RunDialogs.js';
import { RunHeader } from './RunHeader.js';
import { RerunBar } from './RerunBar.js';
import { RunNotices } from './RunNotices.js';
import { RunSummary } from './RunSummary.js';
import { SpeechCard } from './SpeechCard.js';
import { RunTabs } from './RunTabs.js';
import { openRunTab } from './run-view-state.js';
import { useRunView } from './use-run-view.js';
import { turnIndex } from '../../../../src-shared/text/turn-number.js';
import './latency.css';
import '../runs.css';

export function RunPage({ params }: { params: Record<string, string> }) {
  return <RunView key={params.id} id={params.id} />;
}

/**
 * One run, top to bottom: its title, state and actions; notices; while it runs, the live progress; then
 * the summary, the tests (a selected one opens below them), and the rest in tabs (problems, latency,
 * trust, review). State lives in use-run-view.ts; the decisions in run-view-state.ts.
 */
function RunView({ id }: { id: string }) {
  const [, navigate] = useLocation();
  const [query, setQuery] = useQueryState();
  const view = useRunView(id);
  const [dialog, setDialog] = useState<RunDialog>(null);
  const [picked, setPicked] = useState<ReadonlySet<string>>(new Set());
  const toggle = (test: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (!next.delete(test)) next.add(test);
      return next;
    });
  // "Compare…" makes this run B; the baseline A is the previous run of the same suite and agent.
  const r0 = view.run.data?.run;
  const sameSuite = useApi(
    'runs.list',
    { suite_id: r0?.suite_id ?? undefined, limit: 50, offset: 0 },
    { enabled: !!r0?.suite_id },
  );
  if (view.run.isLoading) return <Loading />;
  if (view.run.error || !r0 || !view.flags)
    return (
      <>
        <PageHeader title="Run" />
        <ErrorBox error={view.run.error} />
        <Link href="/runs">Back to runs</Link>
      </>
    );
  const r = r0;
  const { active, elsewhere, canRunAgain } = view.flags;
  const selected = query.get('result');
  const open = (rid: string) => setQuery({ result: rid, turn: null });
  // `?turn=N` (from 1, as on screen): a link to one turn of the result (the Red team page's findings), jumped to
  // once the summary and the tests above it are laid out (their arrival would push the turn out of view)
  const turnParam = Number(query.get('turn'));
  const openTurn = Number.isInteger(turnParam) && turnParam >= 1 ? turnIndex(turnParam) : null;
  return (
    <>
      <RunHeader view={view} onDialog={setDialog} onCompare={() => navigate(compareAsB(r, sameSuite.data ?? []))} />
      <RunNotices view={view} onRealModel={view.flags.canRunAgain ? () => setDialog('another') : undefined} />
      <LiveSection view={view} />
      {!active && view.results.data && <RunSummary run={r} results={view.results.data} />}
      {!active && view.results.data && <SpeechCard results={view.results.data} />}
      {canRunAgain && <RerunBar runId={r.id} tests={view.tests} picked={picked} onClear={() => setPicked(new Set())} />}
      <ResultsTable
        tests={view.tests}
        {...(canRunAgain ? { pick: { picked, toggle } } : {})}
        {...(active && !elsewhere ? { onCancelTest: view.cancelTest } : {})}
        rows={view.rows}
        selected={selected}
        show={query.get('show') ?? 'all'}
        onShow={(v) => setQuery({ show: v === 'all' ? null : v })}
        onSelect={open}
      />
      {selected && (
        <ResultDetail
          id={selected}
          graph={view.graph}
          runResults={view.results.data}
          agentId={r.agent_id}
          openTurn={view.results.data ? openTurn : null}
          onClose={() => setQuery({ result: null, turn: null })}
        />
      )}
      {!active && (
        <RunTabs
          run={r}
          results={view.results.data}
          resultsError={view.results.error}
          tab={openRunTab(query.get('tab'), r)}
          onTab={(tab) => setQuery({ tab })}
          onOpenResult={open}
        />
      )}
      <RunDialogs
        run={r}
        dialog={dialog}
        onClose={() => setDialog(null)}
        onDelete={view.remove}
        onRejudged={() => setQuery({ tab: 'trust' })}
      />
    </>
  );
}
