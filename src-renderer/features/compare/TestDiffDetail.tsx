import { useState } from 'react';
import type { CompareRunDiff, TestComparison } from '../../../src-shared/contract/runs.js';
import { useApi } from '../../api/hooks.js';
import { StatusBadge } from '../../ui/common.js';
import type { Result } from '../../../src-shared/schemas/run.js';
import { ChangeTag } from './TestRows.js';
import { SideBySide } from './SideBySide.js';
import { TurnQualityDiff } from './TurnQualityDiff.js';
import { formatDuration } from '../../../src-shared/text/format-duration.js';
import { CheckChanges, Divergence, MetricDeltas, Paths, type Focus } from './TestDiffSections.js';
import { JUDGE_CHANGED } from '../../../src-shared/contract/compare-shapes.js';

const pick = (results: Result[] | undefined, index: number | null, repeat: number | null) =>
  index === null ? undefined : results?.find((r) => r.test_index === index && r.repeat === (repeat ?? 0));

/** One test compared: first divergence, the two paths on the graph, metric deltas with both reasonings, rule changes, transcripts. */
export function TestDiffDetail({ diff, t }: { diff: CompareRunDiff; t: TestComparison }) {
  const ra = useApi('runs.results', { id: diff.a.id });
  const rb = useApi('runs.results', { id: diff.b.id });
  const ga = useApi('agents.get', { id: diff.a.agent_id, version_id: diff.a.agent_version_id }, { retry: false });
  const gb = useApi('agents.get', { id: diff.b.agent_id, version_id: diff.b.agent_version_id }, { retry: false });
  const names = {
    a: new Map(ga.data?.graph.nodes.map((n) => [n.id, n.name || n.id]) ?? []),
    b: new Map(gb.data?.graph.nodes.map((n) => [n.id, n.name || n.id]) ?? []),
  };
  // Clicking a node of the divergence centres it on that side's graph.
  const [focus, setFocus] = useState<Focus>({});
  const notComparable = diff.comparability.scores_comparable ? undefined : JUDGE_CHANGED;
  return (
    <section className="card test-diff" aria-label={`Comparison of ${t.test}`} data-testid="test-diff">
      <header className="result-head">
        <div>
          <h3>{t.test}</h3>
          <div className="small">
            {t.status_a ? <StatusBadge status={t.status_a} /> : '—'} →{' '}
            {t.status_b ? <StatusBadge status={t.status_b} /> : '—'} <ChangeTag t={t} judgeChanged={!!notComparable} />
            <span className="muted">
              {' '}
              · turns {t.turns.a ?? '—'} → {t.turns.b ?? '—'} · {formatDuration(t.ms.a)} → {formatDuration(t.ms.b)}
            </span>
            {(t.repeats_a > 1 || t.repeats_b > 1) && (
              <span className="muted">
                {' '}
                · showing repeat {(t.repeat_a ?? 0) + 1} (A) and {(t.repeat_b ?? 0) + 1} (B)
              </span>
            )}
          </div>
        </div>
      </header>
      {(t.error_a || t.error_b) && (
        <div className="grid-2">
          {(['a', 'b'] as const).map((side) => (
            <div key={side}>
              {t[`error_${side}`] && (
                <div className="error-box">
                  <strong>{side.toUpperCase()} error:</strong> {t[`error_${side}`]}
                </div>
              )}
            </div>
          ))}
        </div>
      )}
      <Divergence t={t} names={names} focus={focus} onFocus={setFocus} />
      <Paths
        graphs={{ a: ga.data?.graph, b: gb.data?.graph }}
        visits={{
          a: pick(ra.data, t.test_index_a, t.repeat_a)?.nodes_visited ?? [],
          b: pick(rb.data, t.test_index_b, t.repeat_b)?.nodes_visited ?? [],
        }}
        focus={focus}
      />
      <MetricDeltas t={t} names={names.b} notComparable={notComparable} />
      {t.turn_quality && <TurnQualityDiff q={t.turn_quality} notComparable={notComparable} />}
      <CheckChanges t={t} />
      <h4>Transcripts</h4>
      <SideBySide entries={t.transcript_diff} names={names} />
    </section>
  );
}
