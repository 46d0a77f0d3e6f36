import { useEffect, useState } from 'react';
import { RoutingOutcome, type RoutingPoint } from '../../../../src-shared/contract/analysis.js';
import { parseModelSpec } from '../../../../src-shared/schemas/index.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';
import { api } from '../../../api/client.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { useJob } from '../../../ui/jobs/use-job.js';
import { useRoutingOverlay } from './routing-overlay.js';

const pct = (x: number) => `${Math.round(x * 100)}%`;

/**
 * The routing ambiguity check from the editor: a model, Run, then per decision point the confusion
 * table and the misrouted lines (click a node to jump to it). Runs on the saved version.
 */
export function RoutingCheck({
  agentId,
  versionId,
  onPickNode,
}: {
  agentId: string;
  versionId: string | null;
  onPickNode(id: string): void;
}) {
  const [spec, setSpec] = useState('');
  const [perCondition, setPerCondition] = useState(8);
  const [saveTests, setSaveTests] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [out, setOut] = useState<RoutingOutcome | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const check = useJob(jobId, { result: RoutingOutcome, invalidates: ['analysis.routingHistory'] });
  const busy = starting || check.running;
  useEffect(() => {
    const r = check.result;
    if (!r) return;
    if (r.cancelled) setError('Cancelled: nothing was stored.');
    else useRoutingOverlay.getState().show(agentId, r.report);
    setOut(r);
  }, [check.result, agentId]);
  useEffect(() => {
    if (check.job?.status === 'failed') setError(check.job.error?.message ?? 'the routing check failed');
    if (check.job?.status === 'cancelled') setError('Cancelled: nothing was stored.');
  }, [check.job?.status, check.job?.error]);

  const run = async () => {
    setError(null);
    let model;
    try {
      model = parseModelSpec(spec.trim());
    } catch (e) {
      setError(`Model: ${(e as Error).message}`);
      return;
    }
    setStarting(true);
    setOut(null);
    try {
      const { job_id } = await api.call('analysis.routing', {
        agent_id: agentId,
        ...(versionId ? { agent_version_id: versionId } : {}),
        model,
        per_condition: perCondition,
        save_tests: saveTests,
      });
      setJobId(job_id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setStarting(false);
    }
  };

  return (
    <div className="ge-routing" data-testid="routing-check">
      <div className="ge-inspector__title">Routing check</div>
      <p className="muted small">
        A model writes caller lines for each condition; Parley&apos;s own router decides each one at the node.
      </p>
      <label className="small">
        Model
        <input
          value={spec}
          placeholder="ollama:llama3.2 or llama-cpp:/path/model.gguf"
          onChange={(e) => setSpec(e.target.value)}
          data-testid="routing-model"
        />
      </label>
      <ModelFitness role="agent" spec={specOrNothing(spec)} />
      <div className="ge-row small">
        <label>
          Lines per condition{' '}
          <input
            type="number"
            min={1}
            max={50}
            value={perCondition}
            onChange={(e) => setPerCondition(Math.max(1, Math.min(50, Number(e.target.value) || 1)))}
          />
        </label>
        <label>
          <input type="checkbox" checked={saveTests} onChange={(e) => setSaveTests(e.target.checked)} /> save misrouted
          lines as tests
        </label>
      </div>
      <div className="ge-row">
        <button
          type="button"
          className="primary"
          disabled={busy || !spec.trim()}
          onClick={() => void run()}
          data-testid="routing-run"
        >
          {busy ? 'Checking…' : 'Check routing'}
        </button>
      </div>
      {check.running && (
        <div data-testid="routing-progress">
          <JobProgress job={check.job} onCancel={check.cancel} label="Routing check" />
        </div>
      )}
      {error && <p className="error small">{error}</p>}
      {out && !out.cancelled && (
        <>
          <p className="small" data-testid="routing-summary">
            {out.report.points.length} decision point(s), {out.report.calls} model calls, stored with v
            {out.agent.version}.{out.suite && ` Saved ${out.suite.tests} test(s) in “${out.suite.name}”.`}
          </p>
          {out.report.points.map((p) => (
            <PointTable key={p.node_id} p={p} onPickNode={onPickNode} />
          ))}
        </>
      )}
    </div>
  );
}

function PointTable({ p, onPickNode }: { p: RoutingPoint; onPickNode(id: string): void }) {
  const wrong = p.utterances.filter((u) => u.intended !== u.chosen);
  return (
    <div className="ge-routing__point" data-testid="routing-point" data-node-id={p.node_id}>
      <button type="button" className="link" onClick={() => onPickNode(p.node_id)}>
        {p.node_id}
      </button>{' '}
      <span className={`small ${p.misrouted ? 'warn' : 'ok'}`}>
        {pct(p.accuracy)} as meant, {p.misrouted} misrouted, none rate {pct(p.none_rate)}
      </span>
      <table className="ge-routing__matrix small">
        <thead>
          <tr>
            <th>meant \ chosen</th>
            {p.keys.map((k) => (
              <th key={k}>{k}</th>
            ))}
          </tr>
        </thead>
        <tbody>
          {p.keys.map((k, i) => (
            <tr key={k}>
              <th>{k}</th>
              {p.matrix[i].map((n, j) => (
                <td key={j} className={n && i !== j ? 'is-off' : n ? 'is-on' : ''}>
                  {n}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
      {p.steals.map((s) => (
        <p key={`${s.from}-${s.to}`} className="small warn">
          {s.to} takes {s.count} line(s) meant for {s.from}
        </p>
      ))}
      {p.no_lines.length > 0 && (
        <p className="small warn" data-testid="routing-no-lines">
          The model wrote no usable caller line for {p.no_lines.join(', ')}: not tested (try another model or more lines
          per condition).
        </p>
      )}
      {p.never_wins.filter((k) => !p.no_lines.includes(k)).length > 0 && (
        <p className="small">Never chosen: {p.never_wins.filter((k) => !p.no_lines.includes(k)).join(', ')}</p>
      )}
      {wrong.length > 0 && (
        <ul className="small">
          {wrong.map((u, k) => (
            <li key={k} data-testid="routing-misrouted">
              “{u.text}”: meant {u.intended}, went to {u.chosen}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The typed spec when it parses (its readiness verdict is shown), else nothing. */
function specOrNothing(spec: string) {
  try {
    return spec.trim() ? parseModelSpec(spec.trim()) : undefined;
  } catch {
    return undefined;
  }
}
