import { fmtDate } from '../../../ui/common.js';
import type { Draft } from '../state/use-draft.js';

/** Unsaved work found in the browser on opening the editor: restore it or discard it. */
export function DraftBanner({ draft, onRestore, onDiscard }: { draft: Draft; onRestore(): void; onDiscard(): void }) {
  return (
    <div className="ge-banner" role="alert">
      Unsaved changes from {fmtDate(draft.saved_at)} were found for this agent.
      <button type="button" className="small primary" onClick={onRestore}>
        Restore them
      </button>
      <button type="button" className="small" onClick={onDiscard}>
        Discard
      </button>
    </div>
  );
}
