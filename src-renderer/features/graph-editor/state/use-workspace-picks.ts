import { useEffect, useRef } from 'react';
import type { ValidationIssue } from '../../../../src-shared/contract/agents.js';
import type { PlaygroundMove } from '../../../../src-shared/contract/playground.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import type { useEditorActions } from './use-editor-actions.js';
import type { useSideDrawer } from './use-side-drawer.js';

type Actions = ReturnType<typeof useEditorActions>;
type Drawer = ReturnType<typeof useSideDrawer>;

/** A new selection opens the inspector (not a change of overlay with the selection unchanged). */
export function useInspectOnSelect(selection: { nodes: string[]; edges: string[] }, overlay: unknown, drawer: Drawer) {
  const { setTab, setSideOpen } = drawer;
  const selCount = selection.nodes.length + selection.edges.length;
  const inspected = useRef(selection);
  useEffect(() => {
    if (inspected.current === selection) return;
    inspected.current = selection;
    if (selCount && !overlay) {
      setTab('inspect');
      setSideOpen(true);
    }
  }, [selection, selCount, overlay, setTab, setSideOpen]);
}

/**
 * What clicking a problem or a step of Try it shows: its way out, else its node, else (a problem of the
 * agent as a whole) the agent's settings with the problem in the status line.
 */
export function workspacePicks(graph: AgentGraph, a: Actions, drawer: Drawer) {
  const hasNode = (id: string) => graph.nodes.some((n) => n.id === id);
  const pickIssue = (i: ValidationIssue) => {
    if (
      i.node_id &&
      i.transition_id &&
      graph.nodes.some((n) => n.id === i.node_id && n.transitions.some((t) => t.id === i.transition_id))
    )
      a.focusEdge(i.node_id, i.transition_id);
    else if (i.node_id && hasNode(i.node_id)) a.focusNode(i.node_id);
    else {
      drawer.showTab('settings');
      a.setStatus({ text: `${i.message} (${i.path || 'agent'})`, kind: 'info' });
    }
  };
  const pickMove = (m: PlaygroundMove) => {
    const from = m.from ? graph.nodes.find((n) => n.id === m.from) : undefined;
    if (from && m.via && from.transitions.some((t) => t.id === m.via)) a.focusEdge(from.id, m.via);
    else if (hasNode(m.to)) a.focusNode(m.to);
  };
  const pickNode = (id: string) => {
    if (hasNode(id)) a.focusNode(id);
  };
  return { pickIssue, pickMove, pickNode };
}
