import { useEffect, useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Link, useLocation } from 'wouter';
import { useApi, useAppEvents } from '../../../api/hooks.js';
import { Empty, ErrorBox, Loading, PageHeader } from '../../../ui/common.js';
import { NewRunDialog } from '../actions/NewRunDialog.js';
import { ImportCallsDialog } from '../actions/ImportCallsDialog.js';
import { useQueryState } from '../../../ui/query-state.js';
import { filtersFromQuery, hasFilters, listInput, type RunFilters } from './run-filters.js';
import { RunsFilters } from './RunsFilters.js';
import { RunsTable } from './RunsTable.js';
import '../runs.css';

const NO_FILTERS = { agent: null, model: null, status: null, from: null, to: null };

/** Runs started or finished elsewhere (another window, the CLI through this app) show up without a reload. */
function useRefreshOnRunEvents() {
  const qc = useQueryClient();
  const refresh = useRef<ReturnType<typeof setTimeout> | null>(null);
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
}

/** Every run, newest first, filtered by what the address says; runs to compare; New run and Import calls. */
export function RunsPage(_props: { params: Record<string, string> }) {
  const [query, setQuery] = useQueryState();
  const filters = filtersFromQuery(query);
  const runs = useApi('runs.list', listInput(filters));
  const agents = useApi('agents.list');
  const [, navigate] = useLocation();
  const [dialog, setDialog] = useState<'new' | 'import' | null>(null);
  const [selected, setSelected] = useState<string[]>([]);
  useRefreshOnRunEvents();
  const toggle = (id: string) => setSelected((s) => (s.includes(id) ? s.filter((x) => x !== id) : [...s, id]));
  const clear = () => setQuery(NO_FILTERS);
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
            <button onClick={() => setDialog('import')}>Import calls…</button>
            <button className="primary" onClick={() => setDialog('new')}>
              New run
            </button>
          </>
        }
      >
        Every run of a suite against an agent and a set of models, newest first.
      </PageHeader>
      <RunsFilters
        filters={filters}
        agents={agents.data}
        onSet={(k: keyof RunFilters, v) => setQuery({ [k]: v })}
        onClear={clear}
      />
      <ErrorBox error={runs.error} />
      {runs.isLoading && <Loading />}
      {runs.data &&
        list.length === 0 &&
        (hasFilters(filters) ? (
          <Empty>
            No runs match these filters.{' '}
            <button className="link-button" onClick={clear}>
              Clear filters
            </button>
          </Empty>
        ) : (
          <Empty>
            No runs yet. Click <strong>New run</strong> to run a test suite against an agent on a model — or start from
            the example on the <Link href="/">home screen</Link>.
          </Empty>
        ))}
      {list.length > 0 && <RunsTable runs={list} selected={selected} onToggle={toggle} />}
      {dialog === 'new' && <NewRunDialog onClose={() => setDialog(null)} initialAgent={filters.agent || undefined} />}
      {dialog === 'import' && (
        <ImportCallsDialog onClose={() => setDialog(null)} initialAgent={filters.agent || undefined} />
      )}
    </>
  );
}
