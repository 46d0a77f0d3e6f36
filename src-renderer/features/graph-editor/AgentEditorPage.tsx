import { useEffect, useRef, useState } from 'react';
import { Link } from 'wouter';
import { ReactFlowProvider } from '@xyflow/react';
import { useApi } from '../../api/hooks.js';
import { currentHashSearch } from '../../app/hash-location.js';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import { stableJson } from './model/edge-key.js';
import { useEditor } from './state/editor-store.js';
import { clearDraft, readDraft, type Draft } from './state/use-draft.js';
import { EditorWorkspace } from './EditorWorkspace.js';
import './graph-editor.css';

function EditorLoader({ id }: { id: string }) {
  // always fresh from the store: the editor must start from the latest saved version
  const q = useApi('agents.get', { id }, { staleTime: 0, refetchOnMount: 'always' });
  const load = useEditor((s) => s.load);
  const loadedAgent = useEditor((s) => s.agentId);
  const [draft, setDraft] = useState<Draft | null>(null);
  const loadedRef = useRef<string | null>(null);
  // state, not only the ref: the store may already hold this agent from an earlier visit, so loading it
  // again does not re-render by itself
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (!q.data || !q.isFetchedAfterMount || loadedRef.current === id) return;
    loadedRef.current = id;
    load(id, q.data.version.id, q.data.graph);
    // `#/agents/ID?node=NODE` (a run's node badge): open with that node selected, its form in the inspector
    const node = new URLSearchParams(currentHashSearch()).get('node');
    if (node && q.data.graph.nodes.some((n) => n.id === node))
      useEditor.getState().select({ nodes: [node], edges: [] });
    setLoaded(true);
    const d = readDraft(id);
    if (d && stableJson(d.graph) !== useEditor.getState().savedJson) setDraft(d);
    else if (d) clearDraft(id);
  }, [q.data, q.isFetchedAfterMount, id, load]);
  if (q.error) {
    return (
      <>
        <PageHeader title="Agent" />
        <ErrorBox error={q.error} />
        <Link href="/agents">Back to the agents list</Link>
      </>
    );
  }
  if (!q.data || !loaded || loadedAgent !== id) return <Loading />;
  return (
    <EditorWorkspace
      id={id}
      agent={q.data.agent}
      versions={q.data.versions}
      draft={draft}
      onDraftHandled={() => setDraft(null)}
    />
  );
}

/** /agents/:id — the graph editor of one agent. */
export function AgentEditorPage({ params }: { params: Record<string, string> }) {
  return (
    <ReactFlowProvider>
      <EditorLoader key={params.id} id={params.id!} />
    </ReactFlowProvider>
  );
}
