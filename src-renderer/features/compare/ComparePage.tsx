import { useMemo } from 'react';
import { Link } from 'wouter';
import { useApi } from '../../api/hooks.js';
import { Empty, ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import type { CompareRunDiff } from '../../../src-shared/contract/runs.js';
import { downloadText } from '../../ui/download.js';
import { useQueryState } from '../../ui/query-state.js';
import { FILTERS, filterCounts, filterTests, parseFilter, parseKind, parseRuns, testKeyOf } from './compare-filters.js';
import { DiffSummaryHeader } from './DiffSummaryHeader.js';
import { AttackSuccessCard } from './AttackSuccessCard.js';
import { MatrixView } from './MatrixView.js';
import { UnstableJudges } from './UnstableJudges.js';
import { ModelChart } from './ModelChart.js';
import { LatencyDiff, LatencyRanking } from './LatencyCompare.js';
import { runLetters } from './run-letters.js';
import { RunPicker } from './RunPicker.js';
import { TestDiffDetail } from './TestDiffDetail.js';
import { TestRows } from './TestRows.js';
import { JUDGE_CHANGED } from '../../../src-shared/contract/compare-shapes.js';
import '../runs/runs.css';
import '../runs/page/latency.css';
import './compare.css';

const FILTER_LABEL = { all: 'All tests', failures: 'Failures', changed: 'Changed', errors: 'Errors' } as const;

export function ComparePage(_props: { params: Record<string, string> }) {
  const [query, setQuery] = useQueryState();
  const runs = parseRuns(query.get('runs'));
  const setRuns = (ids: string[]) => setQuery({ runs: ids.join(','), b: null, test: null, pair: null, kind: null });
  // "Compare…" on a run with no earlier run to compare with: that run is B, A is to choose
  const pendingB = runs.length === 0 ? query.get('b') : null;
  const nway = runs.length >= 3;
  const pair = nway ? (runs.includes(query.get('pair') ?? '') ? query.get('pair') : null) : null;
  const diffIds = runs.length === 2 ? [runs[0], runs[1]] : pair ? [runs[0], pair] : null;
  const matrix = useApi('compare.matrix', { runs }, { enabled: nway, retry: false });

  return (
    <>
      <PageHeader
        title="Compare runs"
        actions={
          <>
            {matrix.data && nway && (
              <button
                onClick={() =>
                  downloadText(`parley-matrix-${runs.length}-runs.json`, JSON.stringify(matrix.data, null, 2))
                }
              >
                Export matrix JSON
              </button>
            )}
          </>
        }
      >
        What changes when you swap the model or edit the agent: pick a baseline run (A) and the run to compare (B), or
        more runs for a matrix.
      </PageHeader>
      <RunPicker selected={runs} onChange={setRuns} pendingB={pendingB} />
      <UnstableJudges runs={runs.map((id, i) => ({ id, label: runs.length === 2 ? 'AB'[i] : String(i + 1) }))} />
      {runs.length < 2 && <NotEnough />}
      {nway && (
        <>
          <ErrorBox error={matrix.error} />
          {matrix.isLoading && <Loading />}
          {matrix.data && (
            <>
              <ModelChart chart={matrix.data.chart} />
              <LatencyRanking
                rank={matrix.data.latency_rank}
                letters={runLetters(matrix.data.runs.map((c) => c.run.id))}
              />
              <MatrixView
                matrix={matrix.data}
                pair={pair}
                onPair={(id) => setQuery({ pair: id, test: null })}
                onlyDiffering={query.get('differs') === '1'}
                onOnlyDiffering={(v) => setQuery({ differs: v ? '1' : null })}
              />
            </>
          )}
        </>
      )}
      {diffIds && <DiffView a={diffIds[0]} b={diffIds[1]} />}
    </>
  );
}

function NotEnough() {
  const runs = useApi('runs.list', { limit: 3, offset: 0 });
  if (runs.data && runs.data.length < 2) {
    return (
      <Empty>
        Comparing needs at least two runs. Run the same suite on two models (or two agent versions) from the{' '}
        <Link href="/runs">Runs</Link> page, then come back.
      </Empty>
    );
  }
  return (
    <Empty>
      Choose a baseline run (A) and a run to compare (B) above — or tick runs on the <Link href="/runs">Runs</Link> page
      and press Compare.
    </Empty>
  );
}

function DiffView({ a, b }: { a: string; b: string }) {
  const [query, setQuery] = useQueryState();
  const diff = useApi('compare.diff', { a, b }, { retry: false });
  const filter = parseFilter(query.get('filter'));
  const kind = parseKind(query.get('kind'));
  const selected = query.get('test');
  if (diff.isLoading) return <Loading />;
  if (diff.error) return <ErrorBox error={diff.error} />;
  const d = diff.data!;
  return <DiffBody d={d} filter={filter} kind={kind} selected={selected} query={query} setQuery={setQuery} />;
}

function DiffBody({
  d,
  filter,
  kind,
  selected,
  query,
  setQuery,
}: {
  d: CompareRunDiff;
  filter: ReturnType<typeof parseFilter>;
  kind: ReturnType<typeof parseKind>;
  selected: string | null;
  query: URLSearchParams;
  setQuery: (p: Record<string, string | null>) => void;
}) {
  const counts = useMemo(() => filterCounts(d.tests), [d]);
  const shown = useMemo(() => filterTests(d.tests, filter, kind), [d, filter, kind]);
  const current = d.tests.find((t) => testKeyOf(t) === selected) ?? null;
  const criteria = Object.keys(d.summary.delta.mean_scores);
  const metric = criteria.includes(query.get('metric') ?? '') ? query.get('metric') : null;
  return (
    <>
      <DiffSummaryHeader diff={d} kind={kind} onKind={(k) => setQuery({ kind: k })} />
      {d.attack_success && d.attack_success.length > 0 && <AttackSuccessCard rows={d.attack_success} />}
      <LatencyDiff diff={d} />
      {d.graph_changes && d.graph_changes.length > 0 && (
        <details className="card graph-changes" open={d.graph_changes.length <= 8}>
          <summary>
            <strong>The agent changed between these runs</strong> ({d.graph_changes.length} changes)
          </summary>
          <ul>
            {d.graph_changes.map((c, i) => (
              <li key={i} className={`gc-${c.kind}`}>
                {c.text}
              </li>
            ))}
          </ul>
        </details>
      )}
      <div className="table-head">
        <h3>Tests</h3>
        <div className="actions">
          {criteria.length > 0 && (
            <select
              aria-label="Metric"
              value={metric ?? ''}
              onChange={(e) => setQuery({ metric: e.target.value || null })}
            >
              <option value="">Metric: largest drop</option>
              {criteria.map((c) => (
                <option key={c} value={c}>
                  {c}
                </option>
              ))}
            </select>
          )}
          <div className="rn-segmented" role="group" aria-label="Filter tests">
            {FILTERS.map((f) => (
              <button
                key={f}
                type="button"
                aria-pressed={filter === f}
                className={filter === f ? 'on' : ''}
                onClick={() => setQuery({ filter: f === 'all' ? null : f })}
              >
                {FILTER_LABEL[f]} ({counts[f]})
              </button>
            ))}
          </div>
          <button
            type="button"
            onClick={() => downloadText(`parley-compare-${d.a.id}-${d.b.id}.json`, JSON.stringify(d, null, 2))}
          >
            Export comparison JSON
          </button>
        </div>
      </div>
      {kind && (
        <div className="muted small">
          Showing only “{kind}” tests.{' '}
          <button className="link-button" onClick={() => setQuery({ kind: null })}>
            Show all kinds
          </button>
        </div>
      )}
      {shown.length ? (
        <TestRows
          tests={shown}
          metric={metric}
          notComparable={d.comparability.scores_comparable ? undefined : JUDGE_CHANGED}
          selected={selected}
          onSelect={(k) => setQuery({ test: k === selected ? null : k })}
        />
      ) : (
        <Empty>No tests match this filter.</Empty>
      )}
      {current && <TestDiffDetail key={selected} diff={d} t={current} />}
      {!current && shown.length > 0 && (
        <div className="muted small hint">
          Click a test to see its transcripts side by side, where the paths part and how each metric moved.
        </div>
      )}
    </>
  );
}
