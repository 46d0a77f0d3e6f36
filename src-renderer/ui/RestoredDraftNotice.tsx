/** Shown when an editor (useDraft) brought back unsaved work from the last visit: keep it or discard it. */
export function RestoredDraftNotice({ onKeep, onDiscard }: { onKeep: () => void; onDiscard: () => void }) {
  return (
    <div className="info-box" role="status">
      Your unsaved changes from last time were restored.{' '}
      <button type="button" className="linkish" onClick={onKeep}>
        Keep them
      </button>
      {' · '}
      <button type="button" className="linkish" onClick={onDiscard}>
        Discard them
      </button>
    </div>
  );
}
