import type { CheckResult, Result } from '../../../../src-shared/schemas/run.js';
import { NodeBadge } from './Transcript.js';
import { MetricLabel } from './MetricLabel.js';
import { turnRef } from '../../../../src-shared/text/turn-number.js';
import { checkKindMeta, checkKindVerdict, targetsNode } from '../../../../src-shared/checks/check-kinds.js';
import { leakFinding, type LeakFinding } from './leak-findings.js';

const json = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v, null, 2));

/** The verdicts of one conversation: judged metrics (with the turns and nodes they rest on), rules, assertions, tool calls. */
export function Metrics({
  r,
  names,
  onTurn,
  nodeHref,
}: {
  r: Result;
  names: Map<string, string>;
  onTurn: (i: number) => void;
  nodeHref?: (node: string) => string;
}) {
  return (
    <>
      <h4>Metrics</h4>
      {!r.metrics.length && <div className="muted small">No judged metrics in this test.</div>}
      <ul className="checks">
        {r.metrics.map((m, i) => (
          <li key={i} className={m.passed ? 'ok' : 'bad'} data-testid="metric">
            <div className="check-head">
              <span className="mark" aria-label={m.passed ? 'passed' : 'failed'}>
                {m.passed ? '✓' : '✗'}
              </span>
              <strong>{m.criterion}</strong>
              {m.global && <span className="muted small"> (agent-level)</span>}
            </div>
            <div className="score-line">
              <span className="score-bar" aria-hidden>
                <span className="fill" style={{ width: `${m.score * 100}%` }} />
                <span className="threshold" style={{ left: `${m.threshold * 100}%` }} />
              </span>
              <span className="small">
                score <strong>{m.score.toFixed(2)}</strong> / threshold {m.threshold.toFixed(2)}
              </span>
            </div>
            {m.reasoning && <div className="small reasoning">{m.reasoning}</div>}
            <MetricLabel result={r} metric={m} />
            {m.turns?.length || m.nodes?.length ? (
              <div className="small muted">
                Rests on{' '}
                {m.turns?.map((t) => (
                  <button key={t} type="button" className="link-button" onClick={() => onTurn(t)}>
                    turn {turnRef(t)}
                  </button>
                ))}
                {m.nodes?.map((n) => (
                  <NodeBadge key={n} node={n} name={names.get(n)} href={nodeHref?.(n)} />
                ))}
              </div>
            ) : null}
          </li>
        ))}
      </ul>
    </>
  );
}

export function Checks({
  title,
  items,
  empty,
  names,
  onTurn,
}: {
  title: string;
  items: CheckResult[];
  empty: string;
  names: Map<string, string>;
  /** Jumps to a turn (a red-team finding's). */
  onTurn?: (i: number) => void;
}) {
  return (
    <>
      <h4>{title}</h4>
      {!items.length && <div className="muted small">{empty}</div>}
      <ul className="checks">
        {items.map((c, i) => {
          // a check naming a node (the path assertions) shows it as on the canvas, the id in a tooltip
          const node = targetsNode(c.kind) ? names.get(c.target) : undefined;
          const finding = leakFinding(c);
          return (
            <li key={i} className={c.passed ? 'ok' : 'bad'}>
              <span className="mark" aria-label={c.passed ? 'passed' : 'failed'}>
                {c.passed ? '✓' : '✗'}
              </span>
              <span className="muted small" title={checkKindMeta(c.kind)?.help}>
                {checkKindVerdict(c.kind)}
              </span>{' '}
              <code title={node && node !== c.target ? `node ${c.target}` : undefined}>{node ?? c.target}</code>
              {finding ? (
                <FindingLine f={finding} onTurn={onTurn} />
              ) : (
                c.message && <div className="small">{c.message}</div>
              )}
            </li>
          );
        })}
      </ul>
    </>
  );
}

/** A red-team finding: "detector · turn #N · evidence", the turn a button that jumps to it. */
function FindingLine({ f, onTurn }: { f: LeakFinding; onTurn?: (i: number) => void }) {
  return (
    <div className="small leak-finding" data-testid="leak-finding">
      <strong>{f.detector}</strong>
      {f.index !== null && (
        <>
          {' · '}
          {onTurn ? (
            <button type="button" className="link-button" onClick={() => onTurn(f.index!)}>
              turn {turnRef(f.index)}
            </button>
          ) : (
            `turn ${turnRef(f.index)}`
          )}
        </>
      )}
      {' · '}
      <span className="leak-evidence">“{f.evidence}”</span>
    </div>
  );
}

export function ToolCalls({ r, names }: { r: Result; names: Map<string, string> }) {
  return (
    <>
      <h4>Tool calls</h4>
      {!r.tools_called.length && <div className="muted small">No tools were called.</div>}
      <ul className="checks">
        {r.tools_called.map((t, i) => (
          <li key={i} className={t.error || !t.mocked ? 'bad' : ''}>
            <strong>{t.name}</strong> {t.node && <NodeBadge node={t.node} name={names.get(t.node)} />}
            {!t.mocked && <span className="error small"> no mock matched these arguments</span>}
            <div className="tool-io">
              <div>
                <span className="muted small">arguments</span>
                <pre>{json(t.args)}</pre>
              </div>
              <div>
                <span className="muted small">{t.error ? 'error' : 'mock result'}</span>
                <pre>{t.error ?? json(t.result)}</pre>
              </div>
            </div>
          </li>
        ))}
      </ul>
    </>
  );
}
