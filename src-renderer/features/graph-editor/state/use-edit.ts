import { useCallback, useMemo } from 'react';
import type { AgentGraph, GraphNode, Transition } from '../../../../src-shared/schemas/index.js';
import { stableJson } from '../model/edge-key.js';
import { updateNode, updateTransition } from '../model/graph-ops.js';
import { useEditor } from './editor-store.js';

/** Edits one node; `key` groups quick successive edits of one field into one undo step. */
export function useNodeEdit(id: string) {
  const apply = useEditor((s) => s.apply);
  return useCallback(
    (fn: (n: GraphNode) => GraphNode, key?: string) => apply((g) => updateNode(g, id, fn), key && `${id}:${key}`),
    [apply, id],
  );
}

export function useTransitionEdit(nodeId: string, tid: string) {
  const apply = useEditor((s) => s.apply);
  return useCallback(
    (fn: (t: Transition) => Transition, key?: string) =>
      apply((g) => updateTransition(g, nodeId, tid, fn), key && `${nodeId}:${tid}:${key}`),
    [apply, nodeId, tid],
  );
}

export function useGraphEdit() {
  const apply = useEditor((s) => s.apply);
  return useCallback((fn: (g: AgentGraph) => AgentGraph, key?: string) => apply(fn, key && `graph:${key}`), [apply]);
}

/** Whether the graph in the editor differs from the last saved version. */
export function useDirty(): boolean {
  const present = useEditor((s) => s.history.present);
  const saved = useEditor((s) => s.saved);
  const savedJson = useEditor((s) => s.savedJson);
  return useMemo(() => !!saved && present !== saved && stableJson(present) !== savedJson, [present, saved, savedJson]);
}
