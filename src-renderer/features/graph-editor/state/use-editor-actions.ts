import { useCallback, useState } from 'react';
import { useReactFlow } from '@xyflow/react';
import { useQueryClient } from '@tanstack/react-query';
import type { NodeType } from '../../../../src-shared/schemas/index.js';
import { api, ApiClientError } from '../../../api/client.js';
import { edgeKey } from '../model/edge-key.js';
import { addNode, deleteElements, duplicateNodes, moveNodes } from '../model/graph-ops.js';
import { layoutGraph } from '../model/layout.js';
import { useEditor } from './editor-store.js';
import { clearDraft } from './use-draft.js';

export interface Status {
  text: string;
  kind: 'ok' | 'error' | 'info';
}

/** The editor's commands (toolbar, shortcuts, panels share them). */
export function useEditorActions(agentId: string) {
  const rf = useReactFlow();
  const qc = useQueryClient();
  const [status, setStatusRaw] = useState<Status | null>(null);
  const [saving, setSaving] = useState(false);
  const setStatus = useCallback((s: Status | null) => {
    setStatusRaw(s);
    if (s && s.kind !== 'error') setTimeout(() => setStatusRaw((cur) => (cur === s ? null : cur)), 5000);
  }, []);

  const centreOn = useCallback(
    (id: string) => {
      const n = rf.getNode(id);
      if (!n) return;
      void rf.setCenter(n.position.x + (n.measured?.width ?? 240) / 2, n.position.y + (n.measured?.height ?? 110) / 2, {
        zoom: Math.max(rf.getZoom(), 0.9),
        duration: 300,
      });
    },
    [rf],
  );

  const focusNode = useCallback(
    (id: string) => {
      useEditor.getState().select({ nodes: [id], edges: [] });
      centreOn(id);
    },
    [centreOn],
  );

  const focusEdge = useCallback(
    (source: string, tid: string) => {
      useEditor.getState().select({ nodes: [], edges: [edgeKey(source, tid)] });
      centreOn(source);
    },
    [centreOn],
  );

  const fit = useCallback(() => void rf.fitView({ padding: 0.15, duration: 300, maxZoom: 1 }), [rf]);

  const add = useCallback(
    (type: NodeType) => {
      const el = document.querySelector('.ge-main .ge-canvas');
      const r = el?.getBoundingClientRect();
      const p = r ? rf.screenToFlowPosition({ x: r.left + r.width / 2, y: r.top + r.height / 2 }) : { x: 0, y: 0 };
      let id = '';
      useEditor.getState().apply((g) => {
        // at the centre of the view, or the free spot nearest to it
        const res = addNode(g, type, { x: Math.round(p.x - 120), y: Math.round(p.y - 50) });
        id = res.id;
        return res.graph;
      });
      useEditor.getState().select({ nodes: [id], edges: [] });
    },
    [rf],
  );

  const deleteSelection = useCallback(() => {
    const { selection, apply } = useEditor.getState();
    if (!selection.nodes.length && !selection.edges.length) return;
    apply((g) => deleteElements(g, selection.nodes, selection.edges));
  }, []);

  const duplicate = useCallback(() => {
    const { selection, apply, select } = useEditor.getState();
    if (!selection.nodes.length) return;
    let ids: string[] = [];
    apply((g) => {
      const r = duplicateNodes(g, selection.nodes);
      ids = r.ids;
      return r.graph;
    });
    select({ nodes: ids, edges: [] });
  }, []);

  const tidy = useCallback(() => {
    // One undoable step like any edit: the new layout is kept only when the graph is saved.
    useEditor.getState().apply((g) => moveNodes(g, layoutGraph(g)));
    setStatus({ text: 'Tidied up: Undo puts the nodes back; Save keeps this layout', kind: 'info' });
    setTimeout(fit, 60);
  }, [fit, setStatus]);

  const save = useCallback(
    async (note = ''): Promise<boolean> => {
      const { history, markSaved } = useEditor.getState();
      const graph = history.present;
      setSaving(true);
      try {
        const r = await api.call('agents.save', { id: agentId, graph, note });
        markSaved(graph, r.version.id);
        clearDraft(agentId);
        setStatus({
          text: r.created ? `v${r.version.version} saved` : 'No changes to save',
          kind: r.created ? 'ok' : 'info',
        });
        void qc.invalidateQueries({ queryKey: ['agents.get'] });
        void qc.invalidateQueries({ queryKey: ['agents.list'] });
        return true;
      } catch (e) {
        const err = e instanceof ApiClientError ? e.error : undefined;
        setStatus({
          text: `Not saved: ${err?.path ? `${err.path.replace(/^graph\./, '')}: ` : ''}${err?.issues?.[0]?.message ?? (e as Error).message}`,
          kind: 'error',
        });
        return false;
      } finally {
        setSaving(false);
      }
    },
    [agentId, qc, setStatus],
  );

  return {
    status,
    setStatus,
    saving,
    save,
    add,
    deleteSelection,
    duplicate,
    tidy,
    fit,
    focusNode,
    focusEdge,
    centreOn,
  };
}
