import { useState } from 'react';
import type { CompareRunDiff, TestComparison } from '../../../src-shared/contract/runs.js';
import { useApi } from '../../api/hooks.js';
import { StatusBadge } from '../../ui/common.js';
import type { Result } from '../../../src-shared/schemas/run.js';
import { GraphPathView } from '../../ui/GraphPathView.js';
import { NodeBadge } from '../runs/page/Transcript.js';
import { signed, tone } from './compare-filters.js';
import { SideBySide } from './SideBySide.js';
import { ChangeTag } from './TestRows.js';
import { TurnQualityDiff } from './TurnQualityDiff.js';
import { formatDuration } from '../../../src-shared/text/duration.js';

const pick = (results: Result[] | undefined, index: number | null, repeat: number | null) =>
  index === null ? undefined : results?.find((r) => r.test_index === index && r.repeat === (repeat ?? 0));

/** One test compared: first divergence, the two paths on the graph, metric deltas with both reasonings, rule changes, transcripts. */
export function TestDiffDetail({ diff, t }: { diff: CompareRunDiff; t: TestComparison }) {
  const ra = useApi('runs.results', { id: diff.a.id });
  const rb = useApi('runs.results', { id: diff.b.id });
  const ga = useApi('agents.get', { id: diff.a.agent_id, version_id: diff.a.agent_version_id }, { retry: false });
  const gb = useApi('agents.get', { id: diff.b.agent_id, version_id: diff.b.agent_version_id }, { retry: false });
  const resA = pick(ra.data, t.test_index_a, t.repeat_a);
  const resB = pick(rb.data, t.test_index_b, t.repeat_b);
  const names = {
    a: new Map(ga.data?.graph.nodes.map((n) => [n.id, n.name || n.id]) ?? []),
    b: new Map(gb.data?.graph.nodes.map((n) => [n.id, n.name || n.id]) ?? []),
  };
  const d = t.first_divergence;
  // Clicking a node of the divergence centres it on that side's graph.
  const [focus, setFocus] = useState<{ a?: string; b?: string }>({});
  return (
    <section className="card test-diff" aria-label={`Comparison of ${t.test}`} data-testid="test-diff">
      <header className="result-head">
        <div>
          <h3>{t.test}</h3>
          <div className="small">
            {t.status_a ? <StatusBadge status={t.status_a} /> : '—'} →{' '}
            {t.status_b ? <StatusBadge status={t.status_b} /> : '—'} <ChangeTag t={t} />
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
          <div>
            {t.error_a && (
              <div className="error-box">
                <strong>A error:</strong> {t.error_a}
              </div>
            )}
          </div>
          <div>
            {t.error_b && (
              <div className="error-box">
                <strong>B error:</strong> {t.error_b}
              </div>
            )}
          </div>
        </div>
      )}

      <h4>Where the paths part</h4>
      {d ? (
        <div className="divergence" data-testid="first-divergence">
          <div>
            At turn <strong>#{d.turn}</strong>
            {d.from_node ? (
              <>
                {' '}
                after{' '}
                <NodeBadge
                  node={d.from_node}
                  name={names.a.get(d.from_node)}
                  onClick={(n) => setFocus({ a: n, b: n })}
                />
              </>
            ) : (
              ' (different entry node)'
            )}
            : <span className="muted small">(click a node to show it on the graphs)</span>
          </div>
          <div className="grid-2">
            <div className="side-a-box">
              <span className="side-tag">A</span>{' '}
              {d.node_a ? (
                <>
                  went to{' '}
                  <NodeBadge
                    node={d.node_a}
                    name={names.a.get(d.node_a)}
                    onClick={(n) => setFocus({ ...focus, a: n })}
                  />
                </>
              ) : d.from_node ? (
                <>
                  stayed on <NodeBadge node={d.from_node} name={names.a.get(d.from_node)} />{' '}
                  <span className="muted">(no further transition)</span>
                </>
              ) : (
                <em>had no node</em>
              )}
              {d.via_a && (
                <>
                  {' '}
                  via <code>{d.via_a}</code>
                </>
              )}
              <div className="small muted">{d.reason_a || 'no reason recorded'}</div>
            </div>
            <div className="side-b-box">
              <span className="side-tag">B</span>{' '}
              {d.node_b ? (
                <>
                  went to{' '}
                  <NodeBadge
                    node={d.node_b}
                    name={names.b.get(d.node_b)}
                    onClick={(n) => setFocus({ ...focus, b: n })}
                  />
                </>
              ) : d.from_node ? (
                <>
                  stayed on <NodeBadge node={d.from_node} name={names.b.get(d.from_node)} />{' '}
                  <span className="muted">(no further transition)</span>
                </>
              ) : (
                <em>had no node</em>
              )}
              {d.via_b && (
                <>
                  {' '}
                  via <code>{d.via_b}</code>
                </>
              )}
              <div className="small muted">{d.reason_b || 'no reason recorded'}</div>
            </div>
          </div>
          {(t.nodes_only_a.length > 0 || t.nodes_only_b.length > 0) && (
            <div className="small">
              Only A visited: {t.nodes_only_a.map((n) => names.a.get(n) ?? n).join(', ') || '—'} · Only B visited:{' '}
              {t.nodes_only_b.map((n) => names.b.get(n) ?? n).join(', ') || '—'}
            </div>
          )}
        </div>
      ) : (
        <div className="muted small">Both conversations took the same path through the graph.</div>
      )}
      <div className="grid-2 paths">
        <div>
          <div className="small">
            <span className="side-tag">A</span> path
          </div>
          {ga.data ? (
            <GraphPathView
              graph={ga.data.graph}
              visits={resA?.nodes_visited ?? []}
              focusNode={focus.a}
              height={300}
              label="Path of run A"
            />
          ) : (
            <div className="muted small">Graph of A not available.</div>
          )}
        </div>
        <div>
          <div className="small">
            <span className="side-tag b">B</span> path
          </div>
          {gb.data ? (
            <GraphPathView
              graph={gb.data.graph}
              visits={resB?.nodes_visited ?? []}
              focusNode={focus.b}
              height={300}
              label="Path of run B"
            />
          ) : (
            <div className="muted small">Graph of B not available.</div>
          )}
        </div>
      </div>

      <h4>Metrics</h4>
      {!t.metric_deltas.length && <div className="muted small">No judged metrics on either side.</div>}
      {t.metric_deltas.length > 0 && (
        <table className="metric-deltas">
          <thead>
            <tr>
              <th>Metric</th>
              <th className="num">A</th>
              <th className="num">B</th>
              <th className="num">Δ</th>
              <th>Reasoning A</th>
              <th>Reasoning B</th>
            </tr>
          </thead>
          <tbody>
            {t.metric_deltas.map((m) => (
              <tr key={m.criterion}>
                <td>
                  {m.criterion}
                  <div className="muted small">threshold {m.threshold_b ?? m.threshold_a ?? '—'}</div>
                </td>
                <td className={`num ${m.passed_a === false ? 'status-fail' : ''}`}>{m.score_a?.toFixed(2) ?? '—'}</td>
                <td className={`num ${m.passed_b === false ? 'status-fail' : ''}`}>{m.score_b?.toFixed(2) ?? '—'}</td>
                <td className={`num tone-${tone(m.delta, true)}`}>{signed(m.delta, (x) => x.toFixed(2))}</td>
                <td className="small">{m.reasoning_a || <span className="muted">no reasoning given</span>}</td>
                <td className="small">{m.reasoning_b || <span className="muted">no reasoning given</span>}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {t.diagnosis.length > 0 && (
        <ul className="checks diagnosis">
          {t.diagnosis.map((g, i) => (
            <li key={i} className="bad">
              <strong>{g.criterion}</strong>{' '}
              {t.metric_deltas.find((m) => m.criterion === g.criterion)?.passed_a === false
                ? 'failed in both A and B'
                : 'failed in B'}{' '}
              (B {g.score.toFixed(2)} &lt; {g.threshold.toFixed(2)})
              {g.nodes.length > 0 && (
                <>
                  {' '}
                  — points at{' '}
                  {g.nodes.map((n) => (
                    <NodeBadge key={n} node={n} name={names.b.get(n)} />
                  ))}
                </>
              )}
              {g.turns.map((x) => (
                <div key={x.index} className="small muted">
                  #{x.index} {x.role}: {x.content}
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}

      {t.turn_quality && <TurnQualityDiff q={t.turn_quality} />}

      {t.check_changes.some((c) => c.change !== 'same') && (
        <>
          <h4>Rules and assertions that changed</h4>
          <ul className="checks">
            {t.check_changes
              .filter((c) => c.change !== 'same')
              .map((c, i) => (
                <li key={i} className={c.change === 'broken' ? 'bad' : c.change === 'fixed' ? 'ok' : ''}>
                  <span className="muted small">
                    {c.group} · {c.kind}
                  </span>{' '}
                  <code>{c.target}</code> <strong>{c.change}</strong>
                  <div className="small">{c.message_b || c.message_a}</div>
                </li>
              ))}
          </ul>
        </>
      )}

      <h4>Transcripts</h4>
      <SideBySide entries={t.transcript_diff} names={names} />
    </section>
  );
}
