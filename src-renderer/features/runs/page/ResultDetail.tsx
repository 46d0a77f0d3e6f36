import { useEffect, useRef, useState } from 'react';
import { useApi } from '../../../api/hooks.js';
import { ErrorBox, Loading, StatusBadge } from '../../../ui/common.js';
import type { AgentGraph } from '../../../../src-shared/schemas/graph.js';
import type { Result } from '../../../../src-shared/schemas/run.js';
import { PathPanel } from './PathPanel.js';
import { ReviewTranscript } from '../review/ReviewTranscript.js';
import { fmtInt } from '../../../ui/run-stats.js';
import { TurnQualitySection } from './TurnQualitySection.js';
import { HeardSection } from './HeardSection.js';
import { specLabel } from '../../../ui/models-label.js';
import { endReasonText } from '../../../../src-shared/text/end-reason.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';
import { DiagnoseButton } from '../../fix/index.js';
import { Checks, Metrics, ToolCalls } from './ResultVerdicts.js';
import { ModelCalls } from './ResultModelCalls.js';
import { CheckpointSection } from './CheckpointSection.js';
import { PinTurnButton } from './PinTurn.js';
import { scrollBehavior } from '../../../ui/scroll-behavior.js';
import { leakFindings, leaksByTurn } from './leak-findings.js';

/** Everything about one conversation: transcript, tools, metrics, checks, model calls, path on the graph. */
export function ResultDetail({
  id,
  graph,
  runResults,
  onClose,
  agentId,
  openTurn,
}: {
  id: string;
  graph?: AgentGraph;
  runResults?: Result[];
  onClose: () => void;
  /** The run's agent: node badges open that node in the editor. */
  agentId?: string;
  /** A turn (stored index) to jump to once the result is loaded: a link to a finding's turn (`?turn=N`, from 1). */
  openTurn?: number | null;
}) {
  const res = useApi('runs.result', { id });
  const [focus, setFocus] = useState<string | null>(null);
  const [jump, setJump] = useState<{ turn: number; n: number } | null>(null);
  const headRef = useRef<HTMLHeadingElement>(null);
  const loaded = !!res.data;
  // A result picked from the table opens below it: bring it into view and move the focus to it.
  useEffect(() => {
    if (!loaded) return;
    headRef.current?.scrollIntoView({ behavior: scrollBehavior(), block: 'start' });
    headRef.current?.focus({ preventScroll: true });
  }, [id, loaded]);
  // A link to one turn (the Red team page's finding): jump to it once the result is there.
  useEffect(() => {
    if (loaded && openTurn !== undefined && openTurn !== null) setJump((j) => ({ turn: openTurn, n: (j?.n ?? 0) + 1 }));
  }, [id, loaded, openTurn]);
  // After a jump the turn is rendered (unfolded): scroll to it.
  useEffect(() => {
    if (!jump) return;
    const el = document.querySelector<HTMLElement>(`[data-result-detail] [data-turn="${jump.turn}"]`);
    el?.scrollIntoView({ behavior: scrollBehavior(), block: 'center' });
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
  const findings = leakFindings(r.assertions);
  // turns failed metrics rest on, and the turns of red-team findings (a leak is a failed check at its turn)
  const flagged = [
    ...r.metrics.filter((m) => !m.passed).flatMap((m) => m.turns ?? []),
    ...findings.flatMap((f) => (f.index === null ? [] : [f.index])),
  ];
  const given = r.checkpoint?.given_turns ?? 0;
  // a checkpoint's given history is marked; every agent turn the agent took can become a checkpoint test
  const turnAction = (i: number, t: { role: string }) =>
    i < given ? (
      <span className="muted small" data-testid="given-turn">
        given
      </span>
    ) : t.role === 'agent' && r.status !== 'imported' ? (
      <PinTurnButton runId={r.run_id} resultId={r.id} index={i} />
    ) : null;
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

      <CheckpointSection r={r} names={names} />

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
            turnAction={turnAction}
            leaks={leaksByTurn(findings)}
          />
        </section>
        <section>
          <Metrics r={r} names={names} onTurn={showTurn} nodeHref={nodeHref} />
          <Checks title="Rules" items={r.rules} empty="No rule checks in this test." names={names} />
          <Checks
            title="Assertions"
            items={r.assertions}
            empty="No path or tool-call assertions in this test."
            names={names}
            onTurn={showTurn}
          />
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
          <pre>{JSON.stringify(r.variables, null, 2)}</pre>
        </details>
      )}
    </section>
  );
}
