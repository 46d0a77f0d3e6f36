import { ErrorBox } from '../../../ui/common.js';
import { Dialog } from '../../../ui/Dialog.js';
import { RunModelFields } from './RunModelFields.js';
import { RunMoreOptions } from './RunMoreOptions.js';
import { RunTargetFields } from './RunTargetFields.js';
import type { RunSetup } from './run-setup.js';
import { useNewRun } from './use-new-run.js';

/**
 * "New run": agent, suite, a model per role with the Models page's picker (caller and judge default to the agent model),
 * repeats, concurrency, max turns. Opens with `initial` ("Run again" / "Run on another model"), else with the last
 * set-up (remembered in this browser), offering a suite created since then. The bundled example script is offered only
 * for the bundled example agent; for any other agent, a guided "get a small local model" step. State and start live in
 * use-new-run.ts; Start run stays in the dialog's footer, visible however long the form is.
 */
export function NewRunDialog({
  onClose,
  initialAgent,
  initial,
  chooseModel,
}: {
  onClose: () => void;
  initialAgent?: string;
  /** A set-up to start from (a run's, for "Run again"); without it, the last one. */
  initial?: RunSetup;
  /** "Run on another model": the agent model is left to choose and its provider gets the focus. */
  chooseModel?: boolean;
}) {
  const s = useNewRun({ initial, initialAgent });
  const { draft, starter, check } = s;
  const showGuide =
    !!draft.agent &&
    !!s.agentDoc.data &&
    !s.isExample &&
    (!s.hasLocal || s.scriptOnOther || draft.models.agent?.provider === 'scripted');
  const waiting = check.checking && !!draft.models.agent;
  return (
    <Dialog
      title={chooseModel ? 'Run on another model' : initial ? 'Run again' : 'New run'}
      description="Runs every test of a suite against the agent, with a simulated caller and a judge. Results are stored as each conversation finishes."
      size="large"
      className="rn-modal"
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        s.submit();
      }}
      dismissable={!starter.pending}
      actions={
        <>
          {s.problems.length > 0 && (draft.agent || draft.suite || draft.models.agent) && (
            <div className="muted small rn-problems" role="status">
              To start: {s.problems.join('; ')}.
            </div>
          )}
          <button type="button" onClick={onClose} disabled={starter.pending}>
            Cancel
          </button>
          <button type="submit" className="primary" disabled={s.problems.length > 0 || starter.pending || waiting}>
            {starter.pending ? 'Starting…' : waiting ? 'Checking models…' : 'Start run'}
          </button>
        </>
      }
    >
      <RunTargetFields
        draft={draft}
        set={s.set}
        agents={s.agents.data}
        suites={s.suites.data}
        personas={s.personas.data}
        suiteData={s.suiteData}
        fromRun={s.fromRun}
        autoFocusAgent={!chooseModel}
      />
      <RunModelFields
        models={draft.models}
        setModels={s.setModels}
        isExample={s.isExample}
        showGuide={showGuide}
        chooseModel={chooseModel}
        check={check}
        setup={initial}
      />
      <RunMoreOptions draft={draft} set={s.set} suite={s.suiteData} ownModels={s.ownModels} />
      <ErrorBox error={starter.error} />
    </Dialog>
  );
}
