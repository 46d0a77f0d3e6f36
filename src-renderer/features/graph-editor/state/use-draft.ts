import { useEffect, useRef } from 'react';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';

const key = (agentId: string) => `parley.editor-draft.${agentId}`;

export interface Draft {
  base_version_id: string;
  saved_at: string;
  graph: AgentGraph;
}

export function readDraft(agentId: string): Draft | null {
  try {
    const raw = localStorage.getItem(key(agentId));
    return raw ? (JSON.parse(raw) as Draft) : null;
  } catch {
    return null;
  }
}

export const clearDraft = (agentId: string) => localStorage.removeItem(key(agentId));

/** Keeps unsaved work in localStorage (a second after the last edit) so a crash or a closed tab loses nothing. */
export function useDraftAutosave(
  agentId: string | null,
  baseVersionId: string | null,
  graph: AgentGraph,
  dirty: boolean,
) {
  // a draft found on opening stays until the user restores or discards it (or saves)
  const wasDirty = useRef(false);
  useEffect(() => {
    if (!agentId || !baseVersionId) return;
    if (!dirty) {
      if (wasDirty.current) clearDraft(agentId);
      wasDirty.current = false;
      return;
    }
    wasDirty.current = true;
    const t = setTimeout(() => {
      try {
        localStorage.setItem(
          key(agentId),
          JSON.stringify({ base_version_id: baseVersionId, saved_at: new Date().toISOString(), graph } satisfies Draft),
        );
      } catch {
        /* storage full: the unsaved-changes warning still protects the work */
      }
    }, 1000);
    return () => clearTimeout(t);
  }, [agentId, baseVersionId, graph, dirty]);
}
