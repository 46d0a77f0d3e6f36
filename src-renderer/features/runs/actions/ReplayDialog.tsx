import { useState } from 'react';
import { useLocation } from 'wouter';
import type { Run } from '../../../../src-shared/schemas/run.js';
import { isCopiedRun } from '../../../../src-shared/run/copied.js';
import type { ModelSpecInput } from '../../../../src-shared/schemas/model.js';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { ModelPicker } from '../../models/index.js';
import { modelProblem } from '../../../ui/model-choice.js';
import { DialogActions } from '../../../ui/DialogActions.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';

/** "Replay": the recorded caller turns, said again to an agent version (default: the latest), as a new run to compare with this one. */
export function ReplayDialog({ run, onClose }: { run: Run; onClose: () => void }) {
  const [, navigate] = useLocation();
  const versions = useApi('agents.get', { id: run.agent_id });
  const replay = useApiMutation('runs.replay', ['runs.list']);
  const [version, setVersion] = useState('');
  // a run copied from another database does not offer its author's model as the default
  const [agentModel, setAgentModel] = useState<ModelSpecInput | undefined>(
    isCopiedRun(run) ? undefined : run.models.agent?.spec,
  );
  const problem = modelProblem(agentModel, true);
  const submit = () =>
    replay.mutate(
      {
        id: run.id,
        ...(version ? { agent_version_id: version } : {}),
        ...(agentModel ? { agent_model: agentModel } : {}),
      },
      { onSuccess: (out) => navigate(`/runs/${out.run_id}`) },
    );
  const list = versions.data?.versions ?? [];

  return (
    <Dialog
      title="Replay against the agent"
      testId="replay-run"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          pending={replay.isPending}
          disabled={!!problem}
          label={'Replay'}
          pendingLabel={'Starting…'}
        />
      }
    >
      <p className="muted small">
        The caller says exactly what it said in this run, turn by turn, and the agent answers again. The replay is a new
        run: compare it with this one to see what a change to the agent did.
      </p>
      <label>
        Agent version
        <select aria-label="Agent version" value={version} onChange={(e) => setVersion(e.target.value)}>
          <option value="">Latest{list.length ? ` (v${Math.max(...list.map((v) => v.version))})` : ''}</option>
          {list.map((v) => (
            <option key={v.id} value={v.id}>
              v{v.version}
              {v.id === run.agent_version_id ? " (this run's)" : ''}
              {v.note ? ` · ${v.note}` : ''}
            </option>
          ))}
        </select>
      </label>
      <ModelPicker label="Agent model" testId="model-replay-agent" value={agentModel} onChange={setAgentModel} />
      <ModelFitness role="agent" spec={agentModel} />
      {problem && (
        <div className="muted small" role="status">
          Agent model: {problem}.
        </div>
      )}
      <ErrorBox error={replay.error} />
    </Dialog>
  );
}
