import type { TestComparison } from '../../../src-shared/contract/runs.js';
import type { AgentGraph, NodeVisit } from '../../../src-shared/schemas/index.js';
import { GraphPathView } from '../../ui/GraphPathView.js';
import { NodeBadge } from '../runs/page/Transcript.js';
import { signed, tone } from './compare-filters.js';
import { turnRef } from '../../../src-shared/text/turn-number.js';

export type Focus = { a?: string; b?: string };
type Names = { a: Map<string, string>; b: Map<string, string> };
type Divergence = NonNullable<TestComparison['first_divergence']>;

/** Where the two conversations' paths part: the turn, the node before, and where each side went and why. */
export function Divergence({
  t,
  names,
  focus,
  onFocus,
}: {
  t: TestComparison;
  names: Names;
  focus: Focus;
  onFocus(f: Focus): void;
}) {
  const d = t.first_divergence;
  if (!d)
    return (
      <>
        <h4>Where the paths part</h4>
        <div className="muted small">Both conversations took the same path through the graph.</div>
      </>
    );
  return (
    <>
      <h4>Where the paths part</h4>
      <div className="divergence" data-testid="first-divergence">
        <div>
          At turn <strong>{turnRef(d.turn)}</strong>
          {d.from_node ? (
            <>
              {' '}
              after{' '}
              <NodeBadge node={d.from_node} name={names.a.get(d.from_node)} onClick={(n) => onFocus({ a: n, b: n })} />
            </>
          ) : (
            ' (different entry node)'
          )}
          : <span className="muted small">(click a node to show it on the graphs)</span>
        </div>
        <div className="grid-2">
          <DivergenceSide side="a" d={d} names={names.a} onNode={(n) => onFocus({ ...focus, a: n })} />
          <DivergenceSide side="b" d={d} names={names.b} onNode={(n) => onFocus({ ...focus, b: n })} />
        </div>
        {(t.nodes_only_a.length > 0 || t.nodes_only_b.length > 0) && (
          <div className="small">
            Only A visited: {t.nodes_only_a.map((n) => names.a.get(n) ?? n).join(', ') || '—'} · Only B visited:{' '}
            {t.nodes_only_b.map((n) => names.b.get(n) ?? n).join(', ') || '—'}
          </div>
        )}
      </div>
    </>
  );
}

function DivergenceSide({
  side,
  d,
  names,
  onNode,
}: {
  side: 'a' | 'b';
  d: Divergence;
  names: Map<string, string>;
  onNode(n: string): void;
}) {
  const node = side === 'a' ? d.node_a : d.node_b;
  const via = side === 'a' ? d.via_a : d.via_b;
  const reason = side === 'a' ? d.reason_a : d.reason_b;
  return (
    <div className={`side-${side}-box`}>
      <span className={`side-tag${side === 'b' ? ' b' : ''}`}>{side.toUpperCase()}</span>{' '}
      {node ? (
        <>
          went to <NodeBadge node={node} name={names.get(node)} onClick={onNode} />
        </>
      ) : d.from_node ? (
        <>
          stayed on <NodeBadge node={d.from_node} name={names.get(d.from_node)} />{' '}
          <span className="muted">(no further transition)</span>
        </>
      ) : (
        <em>had no node</em>
      )}
      {via && (
        <>
          {' '}
          via <code>{via}</code>
        </>
      )}
      <div className="small muted">{reason || 'no reason recorded'}</div>
    </div>
  );
}

/** The two paths, each on its side's graph. */
export function Paths({
  graphs,
  visits,
  focus,
}: {
  graphs: { a?: AgentGraph; b?: AgentGraph };
  visits: { a: NodeVisit[]; b: NodeVisit[] };
  focus: Focus;
}) {
  return (
    <div className="grid-2 paths">
      {(['a', 'b'] as const).map((side) => (
        <div key={side}>
          <div className="small">
            <span className={`side-tag${side === 'b' ? ' b' : ''}`}>{side.toUpperCase()}</span> path
          </div>
          {graphs[side] ? (
            <GraphPathView
              graph={graphs[side]!}
              visits={visits[side]}
              focusNode={focus[side]}
              height={300}
              label={`Path of run ${side.toUpperCase()}`}
            />
          ) : (
            <div className="muted small">Graph of {side.toUpperCase()} not available.</div>
          )}
        </div>
      ))}
    </div>
  );
}

/** Each metric's scores and reasonings on both sides, and what B's failures point at. */
export function MetricDeltas({
  t,
  names,
  notComparable,
}: {
  t: TestComparison;
  names: Map<string, string>;
  /** Why score deltas are not given (the judge changed): said in their column, without colour. */
  notComparable?: string;
}) {
  return (
    <>
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
                {notComparable ? (
                  <td className="num tone-neutral not-comparable small">{notComparable}</td>
                ) : (
                  <td className={`num tone-${tone(m.delta, true)}`}>{signed(m.delta, (x) => x.toFixed(2))}</td>
                )}
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
                    <NodeBadge key={n} node={n} name={names.get(n)} />
                  ))}
                </>
              )}
              {g.turns.map((x) => (
                <div key={x.index} className="small muted">
                  {turnRef(x.index)} {x.role}: {x.content}
                </div>
              ))}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Rules and assertions whose outcome changed between A and B. */
export function CheckChanges({ t }: { t: TestComparison }) {
  const changed = t.check_changes.filter((c) => c.change !== 'same');
  if (!changed.length) return null;
  return (
    <>
      <h4>Rules and assertions that changed</h4>
      <ul className="checks">
        {changed.map((c, i) => (
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
  );
}
