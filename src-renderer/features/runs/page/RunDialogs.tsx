import type { Run } from '../../../../src-shared/schemas/run.js';
import { plural } from '../../../../src-shared/text/plural.js';
import { ConfirmDialog } from '../../../ui/widgets.js';
import { CallTestsDialog } from '../actions/CallTestsDialog.js';
import { EvaluateDialog } from '../actions/EvaluateDialog.js';
import { NewRunDialog } from '../actions/NewRunDialog.js';
import { RejudgeDialog } from '../actions/RejudgeDialog.js';
import { ReplayDialog } from '../actions/ReplayDialog.js';
import { setupFromRun } from '../actions/run-setup.js';

export type RunDialog = 'evaluate' | 'replay' | 'rejudge' | 'delete' | 'again' | 'another' | 'call-tests' | null;

/** The dialog a run page action opened (one at a time). */
export function RunDialogs({
  run,
  dialog,
  onClose,
  onDelete,
  onRejudged,
}: {
  run: Run;
  dialog: RunDialog;
  onClose(): void;
  onDelete(): void;
  /** The re-judgements are stored: show them (the Trust tab). */
  onRejudged(): void;
}) {
  switch (dialog) {
    case 'again':
    case 'another':
      return (
        <NewRunDialog
          onClose={onClose}
          initial={setupFromRun(run, dialog === 'another')}
          chooseModel={dialog === 'another'}
        />
      );
    case 'evaluate':
      return <EvaluateDialog run={run} onClose={onClose} />;
    case 'replay':
      return <ReplayDialog run={run} onClose={onClose} />;
    case 'call-tests':
      return <CallTestsDialog run={run} onClose={onClose} />;
    case 'rejudge':
      return <RejudgeDialog run={run} onClose={onClose} onDone={onRejudged} />;
    case 'delete':
      return (
        <ConfirmDialog
          title="Delete this run?"
          danger
          confirmLabel="Delete run"
          onCancel={onClose}
          onConfirm={onDelete}
          message={
            <>
              The run and its {plural(run.summary.total, 'conversation')} are deleted from the database. Runs made from
              it (replays, evaluations) stay.
            </>
          }
        />
      );
    default:
      return null;
  }
}
