import { useState } from 'react';
import { create } from 'zustand';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { api } from '../../../api/client.js';
import { useApi } from '../../../api/hooks.js';
import { JobProgress } from '../../../ui/jobs/JobProgress.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';
import { ModelPicker } from '../../models/index.js';
import { lastJudgeModel } from './cover-gaps-state.js';
import { useEditor } from '../state/editor-store.js';
import { routingSignature, useRoutingOverlay } from './routing-overlay.js';
import { RoutingPointTable } from './RoutingPointTable.js';
import { useRunningRoutingCheck } from './use-routing-job.js';

/** The model chosen for the routing check, per agent, for this session (the Checks tab unmounts on a tab switch). */
const usePickedModel = create<{ byAgent: Record<string, { model: ModelSpecInput | undefined }> }>(() => ({
  byAgent: {},
}));

/**
 * The routing ambiguity check from the editor: a model (the provider/model picker with its readiness
 * verdict, offered as Cover the gaps does: the agent's last judge model that is not the scripted one),
 * Run, then per decision point the confusion table and the misrouted lines in the canvas's names. Runs
 * on the saved version. The result and its badges go with Clear result, a new check or leaving the editor;
 * an edit hides them (routing-overlay.ts). A running check outlasts this tab: its progress shows again when
 * the tab reopens, and its result lands even while another tab is open (use-routing-job.ts).
 */
export function RoutingCheck({
  agentId,
  versionId,
  graph,
  onPickNode,
}: {
  agentId: string;
  versionId: string | null;
  /** The graph being edited: the results name nodes as it does. */
  graph: AgentGraph;
  onPickNode(id: string): void;
}) {
  const runs = useApi('runs.list', { agent_id: agentId, limit: 20, offset: 0 });
  // not chosen yet: the offered model shows (and follows the runs as they load); a choice outlasts a tab switch
  const chosen = usePickedModel((s) => s.byAgent[agentId]);
  const setPicked = (m: ModelSpecInput | undefined) =>
    usePickedModel.setState((s) => ({ byAgent: { ...s.byAgent, [agentId]: { model: m } } }));
  const model = chosen ? chosen.model : lastJudgeModel(runs.data ?? []);
  const [perCondition, setPerCondition] = useState(8);
  const [saveTests, setSaveTests] = useState(false);
  const [starting, setStarting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  // the running check and the result live in the overlay store (routing-overlay.ts), with the canvas's
  // badges: a switch of tabs loses neither (coming back shows the progress, then the result)
  const check = useRunningRoutingCheck(agentId);
  const busy = starting || check.running;
  const out = useRoutingOverlay((s) => (s.agentId === agentId ? s.outcome : null));
  const stale = useRoutingOverlay((s) => s.agentId === agentId && s.stale);
  const failure = useRoutingOverlay((s) => (s.failure?.agentId === agentId ? s.failure.text : null));

  const problem = modelProblem(model, true);
  const run = async () => {
    if (!model || problem) return;
    setError(null);
    setStarting(true);
    // a new check: the last one's result and badges go
    useRoutingOverlay.getState().clear();
    // its result describes the graph as it is now
    const signature = routingSignature(useEditor.getState().history.present);
    try {
      const { job_id } = await api.call('analysis.routing', {
        agent_id: agentId,
        ...(versionId ? { agent_version_id: versionId } : {}),
        model,
        per_condition: perCondition,
        save_tests: saveTests,
      });
      useRoutingOverlay.getState().started(agentId, job_id, signature);
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
      <ModelPicker label="Routing model" testId="routing-model" value={model} onChange={setPicked} />
      <ModelFitness role="agent" spec={model} />
      {problem && model && (
        <div className="muted small" role="status">
          To check: {problem}.
        </div>
      )}
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
          disabled={busy || !!problem}
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
      {(error ?? failure) && <p className="error small">{error ?? failure}</p>}
      {out && !out.cancelled && (
        <>
          <p className="small" data-testid="routing-summary">
            {plural(out.report.points.length, 'decision point')}, {plural(out.report.calls, 'model call')}, stored with
            v{out.agent.version}.{out.suite && ` Saved ${plural(out.suite.tests, 'test')} in “${out.suite.name}”.`}
          </p>
          {stale && (
            <p className="muted small" role="status" data-testid="routing-stale">
              The graph changed since this check: its badges are off the canvas (undo brings them back). Save and check
              again to see the new routing.
            </p>
          )}
          <button
            type="button"
            className="small"
            onClick={() => useRoutingOverlay.getState().clear()}
            data-testid="routing-clear"
          >
            Clear result
          </button>
          {out.report.points.map((p) => (
            <RoutingPointTable key={p.node_id} p={p} nodes={graph.nodes} onPickNode={onPickNode} />
          ))}
        </>
      )}
    </div>
  );
}
