import { create } from 'zustand';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { edgeKey, stableJson } from '../model/edge-key.js';
import { createHistory, push, redo, undo, type History } from '../model/history.js';
import { needsLayout, withLayout } from '../model/layout.js';

export interface Selection {
  nodes: string[];
  edges: string[];
}

export interface EditorState {
  agentId: string | null;
  /** Version the editor started from (the latest saved one). */
  baseVersionId: string | null;
  history: History<AgentGraph>;
  /** The graph as last saved, and its stable JSON (for the unsaved-changes check). */
  saved: AgentGraph | null;
  savedJson: string;
  selection: Selection;
  /** Puts a graph in the editor (laying it out when nodes have no positions); `draft` replaces it as unsaved work. */
  load(agentId: string, versionId: string, graph: AgentGraph, draft?: AgentGraph): void;
  /** Applies an edit. Edits with the same `key` in quick succession form one undo step. */
  apply(fn: (g: AgentGraph) => AgentGraph, key?: string): void;
  undo(): void;
  redo(): void;
  select(sel: Partial<Selection>): void;
  markSaved(graph: AgentGraph, versionId: string): void;
}

const EMPTY: AgentGraph = {
  schema_version: 1,
  name: '',
  entry_node_id: '-',
  first_speaker: 'agent',
  global_prompt: '',
  snippets: {},
  tools: [],
  default_variables: {},
  nodes: [],
  metrics: [],
  source: { format: 'parley', meta: {} },
};

function prune(sel: Selection, g: AgentGraph): Selection {
  const nodes = new Set(g.nodes.map((n) => n.id));
  const edges = new Set(g.nodes.flatMap((n) => n.transitions.map((t) => edgeKey(n.id, t.id))));
  const next = { nodes: sel.nodes.filter((id) => nodes.has(id)), edges: sel.edges.filter((k) => edges.has(k)) };
  return next.nodes.length === sel.nodes.length && next.edges.length === sel.edges.length ? sel : next;
}

export const useEditor = create<EditorState>((set, get) => ({
  agentId: null,
  baseVersionId: null,
  history: createHistory(EMPTY),
  saved: null,
  savedJson: '',
  selection: { nodes: [], edges: [] },
  load(agentId, versionId, graph, draft) {
    const shown = needsLayout(graph) ? withLayout(graph) : graph;
    const present = draft ? (needsLayout(draft) ? withLayout(draft) : draft) : shown;
    set({
      agentId,
      baseVersionId: versionId,
      history: createHistory(present),
      saved: shown,
      savedJson: stableJson(shown),
      selection: { nodes: [], edges: [] },
    });
  },
  apply(fn, key) {
    const { history, selection } = get();
    const next = fn(history.present);
    if (next === history.present) return;
    set({ history: push(history, next, { key }), selection: prune(selection, next) });
  },
  undo() {
    const { history, selection } = get();
    const h = undo(history);
    if (h !== history) set({ history: h, selection: prune(selection, h.present) });
  },
  redo() {
    const { history, selection } = get();
    const h = redo(history);
    if (h !== history) set({ history: h, selection: prune(selection, h.present) });
  },
  select(sel) {
    const cur = get().selection;
    const next = { nodes: sel.nodes ?? cur.nodes, edges: sel.edges ?? cur.edges };
    const same = next.nodes.join('\n') === cur.nodes.join('\n') && next.edges.join('\n') === cur.edges.join('\n');
    if (!same) set({ selection: next });
  },
  markSaved(graph, versionId) {
    set({ saved: graph, savedJson: stableJson(graph), baseVersionId: versionId });
  },
}));

export const useGraph = () => useEditor((s) => s.history.present);

/** Whether the graph differs from the last saved one (by content, not by object identity). */
export function isDirty(s: Pick<EditorState, 'history' | 'saved' | 'savedJson'>): boolean {
  if (!s.saved) return false;
  if (s.history.present === s.saved) return false;
  return stableJson(s.history.present) !== s.savedJson;
}
