import type { z } from 'zod';
import type { AgentVersionMeta } from '../../../../src-shared/contract/agents.js';
import { Dialog } from '../../../ui/Dialog.js';
import { useEditor } from '../state/editor-store.js';
import { clearDraft } from '../state/use-draft.js';

type Version = z.infer<typeof AgentVersionMeta>;

/** "Restore vN?": an old version is saved again as a new one; nothing is deleted. */
export function RestoreDialog({
  version,
  dirty,
  onCancel,
  onRestore,
}: {
  version: Version;
  dirty: boolean;
  onCancel(): void;
  onRestore(): void;
}) {
  return (
    <Dialog
      title={`Restore v${version.version}?`}
      onClose={onCancel}
      testId="restore-dialog"
      actions={
        <>
          <button type="button" onClick={onCancel}>
            Cancel
          </button>
          <button type="button" className="primary" onClick={onRestore}>
            Restore as a new version
          </button>
        </>
      }
    >
      The graph of v{version.version} is saved as a new version; no version is deleted.
      {dirty && <p className="error">Your unsaved changes will be replaced (you can still undo).</p>}
    </Dialog>
  );
}

/** Asked when leaving the editor with unsaved changes. */
export function LeaveDialog({
  onStay,
  onDiscard,
  onSaveAndLeave,
}: {
  onStay(): void;
  onDiscard(): void;
  onSaveAndLeave(): void;
}) {
  return (
    <Dialog
      title="Leave without saving?"
      onClose={onStay}
      testId="leave-dialog"
      actions={
        <>
          <button type="button" onClick={onStay}>
            Stay
          </button>
          <button type="button" className="danger" onClick={onDiscard}>
            Discard changes
          </button>
          <button type="button" className="primary" onClick={onSaveAndLeave}>
            Save and leave
          </button>
        </>
      }
    >
      This agent has changes that are not saved as a version yet.
    </Dialog>
  );
}

/** The leave dialog wired to the editor: discard drops the draft and the edits, save leaves once saved. */
export function EditorLeaveDialog({
  agentId,
  guard,
  save,
}: {
  agentId: string;
  guard: { stay(): void; leave(): void };
  save(): Promise<boolean>;
}) {
  return (
    <LeaveDialog
      onStay={guard.stay}
      onDiscard={() => {
        clearDraft(agentId);
        const s = useEditor.getState();
        s.markSaved(s.history.present, s.baseVersionId ?? '');
        guard.leave();
      }}
      onSaveAndLeave={() =>
        void save().then((ok) => {
          if (ok) guard.leave();
          else guard.stay();
        })
      }
    />
  );
}
