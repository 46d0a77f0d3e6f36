import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/hooks.js';
import { ErrorBox, Loading, StatusBadge } from '../../../ui/common.js';
import type { AgentGraph } from '../../../../src-shared/schemas/graph.js';
import type { CheckResult, Result } from '../../../../src-shared/schemas/run.js';
import { PathPanel } from './PathPanel.js';
import { NodeBadge } from './Transcript.js';
import { ReviewTranscript } from '../review/ReviewTranscript.js';
import { fmtInt, modelCallTotals } from '../../../ui/run-stats.js';
import { MetricLabel } from './MetricLabel.js';
import { TurnQualitySection } from './TurnQualitySection.js';
import { HeardSection } from './HeardSection.js';
import { specLabel } from '../../../ui/models-label.js';
import { endReasonText } from '../../../../src-shared/text/end-reason.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';
import { DiagnoseButton } from '../../fix/index.js';
import { turnRef } from '../../../../src-shared/text/turn-number.js';

const json = (v: unknown) => (v === undefined ? '—' : JSON.stringify(v, null, 2));

/** Everything about one conversation: transcript, tools, metrics, checks, model calls, path on the graph. */
export function ResultDetail({
  id,
  graph,
  runResults,
  onClose,
  agentId,
}: {
  id: string;
  graph?: AgentGraph;
  runResults?: Result[];
  onClose: () => void;
  /** The run's agent: node badges open that node in the editor. */
  agentId?: string;
}) {
  const res = useApi('runs.result', { id });
  const [focus, setFocus] = useState<string | null>(null);
  const [jump, setJump] = useState<{ turn: number; n: number } | null>(null);
  const headRef = useRef<HTMLHeadingElement>(null);
  const loaded = !!res.data;
  // A result picked from the table opens below it: bring it into view and move the focus to it.
  useEffect(() => {
    if (!loaded) return;
    headRef.current?.scrollIntoView({ behavior: 'smooth', block: 'start' });
    headRef.current?.focus({ preventScroll: true });
  }, [id, loaded]);
  // After a jump the turn is rendered (unfolded): scroll to it.
  useEffect(() => {
    if (!jump) return;
    const el = document.querySelector<HTMLElement>(`[data-result-detail] [data-turn="${jump.turn}"]`);
    el?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    el?.focus({ preventScroll: true });
  }, [jump]);
  if (res.isLoading)
    return (
      <div className="card">
        <Loading />
      </div>
    );
  if (res.error)
    return (
      <div className="card">
        <ErrorBox error={res.error} />
      </div>
    );
  const r = res.data!;
  const names = new Map(graph?.nodes.map((n) => [n.id, n.name || n.id]) ?? []);
  const showTurn = (i: number) => setJump({ turn: i, n: (jump?.n ?? 0) + 1 });
  const nodeHref = agentId ? (n: string) => `/agents/${agentId}?node=${encodeURIComponent(n)}` : undefined;
  const flagged = r.metrics.filter((m) => !m.passed).flatMap((m) => m.turns ?? []);
  return (
    <section className="card result-detail" data-result-detail aria-label={`Result of ${r.test}`}>
      <header className="result-head">
        <div>
          <h3 ref={headRef} tabIndex={-1}>
            {r.test}
            {r.repeat > 0 || runResults?.some((x) => x.test_index === r.test_index && x.repeat > 0) ? (
              <span className="muted"> · repeat {r.repeat + 1}</span>
            ) : null}
          </h3>
          <div className="muted small">
            <StatusBadge status={r.status} /> ended: <strong>{endReasonText(r.end_reason)}</strong> ·{' '}
            {plural(r.turns, 'caller turn')} · {formatDuration(r.duration_ms)} · {fmtInt(r.tokens.prompt)} prompt (
            {fmtInt(r.tokens.cached_prompt)} cached) + {fmtInt(r.tokens.completion)} completion tokens
          </div>
          {r.agent_model && (
            <div className="muted small" data-testid="result-agent-model">
              Agent model chosen by the test:{' '}
              <strong title={`${r.agent_model.spec.provider}:${r.agent_model.spec.model}`}>
                {specLabel(r.agent_model.spec)}
              </strong>
              {r.agent_model.identity?.digest ? ` (${r.agent_model.identity.digest.slice(0, 19)})` : ''}
            </div>
          )}
        </div>
        <div className="actions">
          {(r.status === 'fail' || r.status === 'error') && <DiagnoseButton runId={r.run_id} resultId={r.id} />}
          <button className="ghost" onClick={onClose} aria-label="Close result">
            Close
          </button>
        </div>
      </header>
      {r.error && (
        <div className="error-box" role="alert">
          <strong>Error:</strong> {r.error}
        </div>
      )}

      <div className="result-grid">
        <section>
          <h4>Transcript</h4>
          <ReviewTranscript
            turns={r.transcript}
            nodeNames={names}
            onNode={setFocus}
            flagged={flagged}
            jumpTo={jump?.turn ?? null}
            onJump={showTurn}
          />
        </section>
        <section>
          <Metrics r={r} names={names} onTurn={showTurn} nodeHref={nodeHref} />
          <Checks title="Rules" items={r.rules} empty="No rule checks in this test." />
          <Checks title="Assertions" items={r.assertions} empty="No path or tool-call assertions in this test." />
          <ToolCalls r={r} names={names} />
        </section>
      </div>

      <HeardSection r={r} onTurn={showTurn} />
      {r.turn_quality && <TurnQualitySection q={r.turn_quality} names={names} onTurn={showTurn} />}

      <section>
        <h4>Path on the graph</h4>
        <PathPanel graph={graph} result={r} runResults={runResults} focusNode={focus} />
      </section>

      <section>
        <h4>Model calls</h4>
        <ModelCalls r={r} names={names} />
      </section>

      {Object.keys(r.variables).length > 0 && (
        <details>
          <summary>Variables at the end of the call</summary>
          <pre>{json(r.variables)}</pre>
        </details>
      )}
    </section>
  );
}

function Metrics({
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

function Checks({ title, items, empty }: { title: string; items: CheckResult[]; empty: string }) {
  return (
    <>
      <h4>{title}</h4>
      {!items.length && <div className="muted small">{empty}</div>}
      <ul className="checks">
        {items.map((c, i) => (
          <li key={i} className={c.passed ? 'ok' : 'bad'}>
            <span className="mark" aria-label={c.passed ? 'passed' : 'failed'}>
              {c.passed ? '✓' : '✗'}
            </span>
            <span className="muted small">{c.kind}</span> <code>{c.target}</code>
            {c.message && <div className="small">{c.message}</div>}
          </li>
        ))}
      </ul>
    </>
  );
}

function ToolCalls({ r, names }: { r: Result; names: Map<string, string> }) {
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

function ModelCalls({ r, names }: { r: Result; names: Map<string, string> }) {
  if (!r.model_calls.length)
    return (
      <div className="muted small">
        No model calls recorded (static replies and equations only, or an imported call).
      </div>
    );
  const totals = modelCallTotals(r.model_calls);
  return (
    <>
      <table className="compact" aria-label="Model calls by role and purpose">
        <thead>
          <tr>
            <th>Role</th>
            <th>Purpose</th>
            <th className="num">Calls</th>
            <th className="num">Prompt</th>
            <th className="num">Cached</th>
            <th className="num">Completion</th>
            <th className="num">Time</th>
          </tr>
        </thead>
        <tbody>
          {totals.map((t) => (
            <tr key={`${t.role}:${t.purpose}`}>
              <td>{t.role}</td>
              <td>{t.purpose}</td>
              <td className="num">{t.calls}</td>
              <td className="num">{fmtInt(t.prompt)}</td>
              <td className="num">{fmtInt(t.cached)}</td>
              <td className="num">{fmtInt(t.completion)}</td>
              <td className="num">{formatDuration(t.ms)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <details>
        <summary>Every call ({r.model_calls.length})</summary>
        <table className="compact">
          <thead>
            <tr>
              <th>#</th>
              <th>Role</th>
              <th>Purpose</th>
              <th>Node</th>
              <th className="num">Prompt</th>
              <th className="num">Cached</th>
              <th className="num">Completion</th>
              <th className="num">Time</th>
              <th>Endpoint</th>
            </tr>
          </thead>
          <tbody>
            {r.model_calls.map((c, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{c.role}</td>
                <td>{c.purpose}</td>
                <td>{c.node ? (names.get(c.node) ?? c.node) : ''}</td>
                <td className="num">{fmtInt(c.tokens.prompt)}</td>
                <td className="num">{fmtInt(c.tokens.cached_prompt)}</td>
                <td className="num">{fmtInt(c.tokens.completion)}</td>
                <td className="num">{formatDuration(c.ms)}</td>
                <td className="small">{c.endpoint ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </>
  );
}
