import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { useApi, useAppEvents } from '../../../api/hooks.js';
import { Empty, ErrorBox, fmtDate, Loading, PageHeader, StatusBadge } from '../../../ui/common.js';
import { RUN_STATUSES, type Run } from '../../../../src-shared/schemas/run.js';
import { fullDate } from '../../../ui/dates.js';
import { DemoBadge } from '../../../ui/DemoBadge.js';
import { NewRunDialog } from '../actions/NewRunDialog.js';
import { ImportCallsDialog } from '../actions/ImportCallsDialog.js';
import { useQueryState } from '../../../ui/query-state.js';
import { filtersFromQuery, hasFilters, listInput, type RunFilters } from './run-filters.js';
import { runModelLabels } from '../../../ui/models-label.js';
import { fmtPct } from '../../../ui/run-stats.js';
import { runPassRate } from '../../../../src-shared/run/report.js';
import '../runs.css';
import { formatDuration } from '../../../../src-shared/text/duration.js';

function Counts({ run }: { run: Run }) {
  const s = run.summary;
  return (
    <span className="counts" aria-label={`${s.passed} passed, ${s.failed} failed, ${s.errored} errors`}>
      <span className={s.passed ? 'c-pass' : 'zero'} title="passed">
        {s.passed} ✓
      </span>
      <span className={s.failed ? 'c-fail' : 'zero'} title="failed">
        {s.failed} ✗
      </span>
      <span className={s.errored ? 'c-error' : 'zero'} title="errors">
        {s.errored} !
      </span>
      <PassRate run={run} />
    </span>
  );
}

/** The pass rate with its 95% interval, small, after the counts. */
function PassRate({ run }: { run: Run }) {
  const p = runPassRate(run);
  if (p.rate === null) return null;
  const pct = (x: number) => Math.round(x * 100);
  return (
    <span className="muted small pass-rate" title="pass rate (95% Wilson interval)">
      {fmtPct(p.rate)} ({pct(p.low)}–{pct(p.high)}%)
    </span>
  );
}

const duration = (r: Run) =>
  r.started_at && r.finished_at
    ? formatDuration(Date.parse(r.finished_at) - Date.parse(r.started_at))
    : r.status === 'running'
      ? 'running…'
      : '—';

/** Model filter input: typed freely, applied to the address (and the query) after a short pause. */
function ModelFilter({ value, onChange }: { value: string; onChange: (v: string) => void }) {
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);
  useEffect(() => {
    if (text === value) return;
    const t = setTimeout(() => onChange(text), 300);
    return () => clearTimeout(t);
  }, [text, value, onChange]);
  return (
    <input
      type="search"
      aria-label="Model"
      placeholder="any model"
      value={text}
      onChange={(e) => setText(e.target.value)}
    />
  );
}

export function RunsPage(_props: { params: Record<string, string> }) {
  const [query, setQuery] = useQueryState();
  const filters = filtersFromQuery(query);
  const runs = useApi('runs.list', listInput(filters));
  const agents = useApi('agents.list');
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState(false);
  const [importing, setImporting] = useState(false);
  const [selected, setSelected] = useState<string[]>([]);
  const qc = useQueryClient();
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);

  // Runs started or finished elsewhere (another window, the CLI through this app) show up without a reload.
  useAppEvents((e) => {
    if (e.type !== 'run.started' && e.type !== 'run.finished' && e.type !== 'test.finished') return;
    if (refresh.current) return;
    refresh.current = setTimeout(() => {
      refresh.current = null;
      void qc.invalidateQueries({ queryKey: ['runs.list'] });
    }, 500);
  });
  useEffect(
    () => () => {
      if (refresh.current) clearTimeout(refresh.current);
    },
    [],
  );

  const set = (k: keyof RunFilters) => (v: string) => setQuery({ [k]: v });
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const list = runs.data ?? [];

  return (
    <>
      <PageHeader
        title="Runs"
        actions={
          <>
            {selected.length >= 2 && (
              <button onClick={() => navigate(`/compare?runs=${selected.join(',')}`)}>
                Compare {selected.length} runs
              </button>
            )}
            <button onClick={() => setImporting(true)}>Import calls…</button>
            <button className="primary" onClick={() => setDialog(true)}>
              New run
            </button>
          </>
        }
      >
        Every run of a suite against an agent and a set of models, newest first.
      </PageHeader>

      <div className="filters" role="search" aria-label="Filter runs">
        <label>
          Agent
          <select aria-label="Agent" value={filters.agent} onChange={(e) => set('agent')(e.target.value)}>
            <option value="">All agents</option>
            {agents.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.name}
              </option>
            ))}
          </select>
        </label>
        <label>
          Model <ModelFilter value={filters.model} onChange={set('model')} />
        </label>
        <label>
          Status
          <select aria-label="Status" value={filters.status} onChange={(e) => set('status')(e.target.value)}>
            <option value="">Any status</option>
            {RUN_STATUSES.map((s) => (
              <option key={s} value={s}>
                {s}
              </option>
            ))}
          </select>
        </label>
        <label>
          From{' '}
          <input
            type="date"
            aria-label="From date"
            value={filters.from}
            onChange={(e) => set('from')(e.target.value)}
          />
        </label>
        <label>
          To <input type="date" aria-label="To date" value={filters.to} onChange={(e) => set('to')(e.target.value)} />
        </label>
        {hasFilters(filters) && (
          <button
            className="ghost"
            onClick={() => setQuery({ agent: null, model: null, status: null, from: null, to: null })}
          >
            Clear filters
          </button>
        )}
      </div>

      <ErrorBox error={runs.error} />
      {runs.isLoading && <Loading />}
      {runs.data &&
        list.length === 0 &&
        (hasFilters(filters) ? (
          <Empty>
            No runs match these filters.{' '}
            <button
              className="link-button"
              onClick={() => setQuery({ agent: null, model: null, status: null, from: null, to: null })}
            >
              Clear filters
            </button>
          </Empty>
        ) : (
          <Empty>
            No runs yet. Click <strong>New run</strong> to run a test suite against an agent on a model — or start from
            the example on the <Link href="/">home screen</Link>.
          </Empty>
        ))}
      {list.length > 0 && (
        <table className="runs-table">
          <thead>
            <tr>
              <th aria-label="Select for comparison" />
              <th>Started</th>
              <th>Agent</th>
              <th>Suite</th>
              <th>Models</th>
              <th>Status</th>
              <th>Results</th>
              <th>Time</th>
            </tr>
          </thead>
          <tbody>
            {list.map((r) => (
              <tr
                key={r.id}
                className="clickable"
                data-testid={`run-row-${r.id}`}
                tabIndex={0}
                aria-label={`Run of ${r.agent_name || r.agent_id}, ${r.suite_name || r.kind}, ${r.status}${r.demo ? ', demo' : ''}`}
                onClick={() => navigate(`/runs/${r.id}`)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter' && e.target === e.currentTarget) navigate(`/runs/${r.id}`);
                }}
              >
                <td onClick={(e) => e.stopPropagation()}>
                  <input
                    type="checkbox"
                    aria-label={`Select run ${r.id} for comparison`}
                    checked={selected.includes(r.id)}
                    onChange={() => toggle(r.id)}
                  />
                </td>
                <td title={`${fullDate(r.created_at)} · ${r.id}`}>
                  {/* The row's keyboard way in: Tab reaches the link, Enter opens the run. */}
                  <Link href={`/runs/${r.id}`} className="row-link" onClick={(e) => e.stopPropagation()}>
                    {fmtDate(r.created_at)}
                  </Link>
                </td>
                <td>
                  {r.agent_name || r.agent_id}
                  {r.kind !== 'simulated' && <span className="muted small"> · {r.kind}</span>}
                </td>
                <td>{r.suite_name || '—'}</td>
                <td className="models-cell">
                  {runModelLabels(r).map((m) => (
                    <div key={m.role}>
                      <span className="muted small">{m.role}</span> {m.label}
                    </div>
                  ))}
                </td>
                <td>
                  <StatusBadge status={r.status} />
                  {r.demo && <DemoBadge />}
                </td>
                <td>
                  <Counts run={r} />
                </td>
                <td>{duration(r)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {dialog && <NewRunDialog onClose={() => setDialog(false)} initialAgent={filters.agent || undefined} />}
      {importing && <ImportCallsDialog onClose={() => setImporting(false)} initialAgent={filters.agent || undefined} />}
    </>
  );
}
