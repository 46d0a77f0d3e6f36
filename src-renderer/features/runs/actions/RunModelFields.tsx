import type { ModelProblem } from '../../../../src-shared/contract/preflight.js';
import { ErrorBox } from '../../../ui/common.js';
import { ModelPicker } from '../../models/index.js';
import { LocalModelGuide } from './LocalModelGuide.js';
import { ModelCheck, type RunRole } from './ModelCheck.js';
import type { RoleModels } from './new-run-form.js';
import { ModelFitness } from '../../../ui/ModelFitness.js';
import { PinnedRolesNote } from './PinnedRolesNote.js';
import type { RunSetup } from './run-setup.js';

/**
 * A model per role (caller and judge default to the agent model), each with its pre-run check and its
 * readiness fitness for the role; "Run on another model" says which caller and judge stay pinned.
 */
export function RunModelFields({
  models,
  setModels,
  isExample,
  showGuide,
  chooseModel,
  check,
  setup,
}: {
  models: RoleModels;
  setModels(m: RoleModels): void;
  isExample: boolean;
  /** Offer "Get a small local model" (no local model yet, or the example script chosen for another agent). */
  showGuide: boolean;
  chooseModel?: boolean;
  check: { checking: boolean; problems: ModelProblem[]; error: Error | null };
  /** The set-up the dialog was opened with (its pinned caller and judge, if any). */
  setup?: RunSetup;
}) {
  const fix = (role: RunRole, spec: RoleModels['agent']) => setModels({ ...models, [role]: spec });
  const role = (r: 'caller' | 'judge', label: string) => (
    <div>
      <ModelPicker
        label={label}
        testId={`model-${r}`}
        emptyLabel="Same as the agent model"
        hideBundledScript={!isExample}
        value={models[r]}
        onChange={(v) => setModels({ ...models, [r]: v })}
      />
      <ModelCheck role={r} problems={check.problems} checking={check.checking} onFix={fix} />
      <ModelFitness role={r} spec={models[r] ?? models.agent} />
    </div>
  );
  return (
    <>
      {showGuide && <LocalModelGuide onUse={(spec) => setModels({ ...models, agent: spec })} />}
      {isExample && (
        <p className="muted small" data-testid="example-script-hint">
          This is the bundled example agent: the bundled example script (Scripted provider) was written for it and runs
          it offline. Runs on it are marked <strong>demo</strong>: they show how Parley works, not how good a model is.
        </p>
      )}
      <ModelPicker
        label="Agent model"
        testId="model-agent"
        value={models.agent}
        hideBundledScript={!isExample}
        autoFocus={chooseModel}
        onChange={(v) => setModels({ ...models, agent: v })}
      />
      <ModelCheck role="agent" problems={check.problems} checking={check.checking} onFix={fix} />
      <ModelFitness role="agent" spec={models.agent} />
      <PinnedRolesNote setup={setup} />
      {check.error && <ErrorBox error={check.error} />}
      <div className="grid-2">
        {role('caller', 'Simulated caller model')}
        {role('judge', 'Judge model')}
      </div>
    </>
  );
}
