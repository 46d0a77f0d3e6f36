import { useState } from 'react';
import { Dialog } from '../../../ui/Dialog.js';

/** "Save with a note": the note is stored with the new version and shown in the version history. */
export function SaveNoteDialog({
  onSave,
  onClose,
  saving,
}: {
  onSave: (note: string) => void;
  onClose: () => void;
  saving: boolean;
}) {
  const [note, setNote] = useState('');
  return (
    <Dialog
      title="Save a new version"
      onClose={onClose}
      testId="save-note-dialog"
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={saving} onClick={() => onSave(note.trim())}>
            {saving ? 'Saving…' : 'Save version'}
          </button>
        </>
      }
    >
      <label>
        What changed (optional, shown in the version history)
        <textarea
          data-autofocus
          aria-label="Version note"
          rows={3}
          maxLength={500}
          value={note}
          placeholder="e.g. Ask for the date of birth before the reason for the call"
          onChange={(e) => setNote(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) onSave(note.trim());
          }}
        />
      </label>
    </Dialog>
  );
}
