import { useRef, type KeyboardEvent, type ReactNode } from 'react';
import type { Result, Run } from '../../../../src-shared/schemas/run.js';
import { ErrorBox } from '../../../ui/common.js';
import { ReviewCard } from '../review/ReviewCard.js';
import { EndpointLoad } from './EndpointLoad.js';
import { InvalidCallersCard } from './InvalidCallersCard.js';
import { JudgeRepeatsCard } from './JudgeRepeatsCard.js';
import { JudgementsCard } from './JudgementsCard.js';
import { LatencyCard } from './LatencyCard.js';
import { ProblemsCard } from './ProblemsCard.js';
import { RUN_TABS, type RunTab } from './run-view-state.js';

/**
 * What comes after the summary and the tests, one part at a time: Problems (failures grouped), Latency
 * (and the endpoints' load), Trust (judge repeats, caller checks, re-judgements) and Review (human labels).
 * A tablist with the arrow keys; the open tab is kept in the address.
 */
export function RunTabs({
  run,
  results,
  resultsError,
  tab,
  onTab,
  onOpenResult,
}: {
  run: Run;
  results: Result[] | undefined;
  resultsError: unknown;
  tab: RunTab;
  onTab(t: RunTab): void;
  onOpenResult(id: string): void;
}) {
  const list = useRef<HTMLDivElement>(null);
  const onKey = (e: KeyboardEvent) => {
    const i = RUN_TABS.findIndex((t) => t.id === tab);
    const d = e.key === 'ArrowRight' ? 1 : e.key === 'ArrowLeft' ? -1 : 0;
    if (!d) return;
    e.preventDefault();
    const next = RUN_TABS[(i + d + RUN_TABS.length) % RUN_TABS.length].id;
    onTab(next);
    list.current?.querySelector<HTMLElement>(`#run-tab-${next}`)?.focus();
  };
  return (
    <section className="run-tabs" aria-label="Problems, latency, trust and review">
      <div className="run-tabs__list" role="tablist" ref={list} onKeyDown={onKey}>
        {RUN_TABS.map((t) => (
          <button
            key={t.id}
            id={`run-tab-${t.id}`}
            type="button"
            role="tab"
            aria-selected={tab === t.id}
            aria-controls={`run-panel-${t.id}`}
            tabIndex={tab === t.id ? 0 : -1}
            className={tab === t.id ? 'is-on' : ''}
            onClick={() => onTab(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div className="run-tabs__panel" role="tabpanel" id={`run-panel-${tab}`} aria-labelledby={`run-tab-${tab}`}>
        <ErrorBox error={resultsError} />
        {tab === 'problems' && <ProblemsTab run={run} onOpenResult={onOpenResult} />}
        {tab === 'latency' && (
          <Fallback text="No agent turn of this run was timed.">
            {results && <LatencyCard run={run} results={results} />}
            <EndpointLoad stats={run.endpoint_stats} live={false} />
          </Fallback>
        )}
        {tab === 'trust' && (
          <Fallback text="Nothing measured yet about how far these verdicts can be trusted: run with Judge repeats or “Check the simulated caller”, or Re-judge… with other judges; the figures appear here.">
            {results && <JudgeRepeatsCard run={run} results={results} />}
            {results && <InvalidCallersCard results={results} onOpenResult={onOpenResult} />}
            <JudgementsCard runId={run.id} onOpenResult={onOpenResult} />
          </Fallback>
        )}
        {tab === 'review' &&
          (results?.some((r) => r.metrics.length) ? (
            <ReviewCard runId={run.id} results={results} onOpenResult={onOpenResult} />
          ) : (
            <p className="muted small">{results ? 'No metric verdicts to review in this run.' : 'Loading…'}</p>
          ))}
      </div>
    </section>
  );
}

function ProblemsTab({ run, onOpenResult }: { run: Run; onOpenResult(id: string): void }) {
  if (!run.summary.failed && !run.summary.errored && !run.problems)
    return <p className="muted small">No conversation failed: there is nothing to group into problems.</p>;
  return <ProblemsCard run={run} onOpenResult={onOpenResult} />;
}

/** The cards of a tab, or a sentence when none of them has anything to show (each card hides itself then). */
function Fallback({ text, children }: { text: string; children: ReactNode }) {
  return (
    <div className="run-tabs__cards">
      {children}
      <p className="muted small run-tabs__empty">{text}</p>
    </div>
  );
}
