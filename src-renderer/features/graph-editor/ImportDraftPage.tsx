import { useEffect, useState } from 'react';
import { Link } from 'wouter';
import { ReactFlowProvider } from '@xyflow/react';
import { Loading, PageHeader } from '../../ui/common.js';
import { useEditor } from './state/editor-store.js';
import { readImportDraft, type ImportDraft } from './state/import-drafts.js';
import { ImportDraftWorkspace } from './ImportDraftWorkspace.js';
import './graph-editor.css';

function DraftLoader({ id }: { id: string }) {
  const [draft] = useState<ImportDraft | null>(() => readImportDraft(id));
  const loaded = useEditor((s) => s.agentId);
  useEffect(() => {
    if (draft) useEditor.getState().load(`import:${id}`, '', draft.graph);
  }, [draft, id]);
  if (!draft)
    return (
      <>
        <PageHeader title="Import to fix" />
        <p>
          This import is no longer waiting to be fixed: it was saved as an agent or discarded (or it was started in
          another browser; drafts are kept in the browser that imported the file).
        </p>
        <Link href="/agents">Back to the agents list</Link>
      </>
    );
  if (loaded !== `import:${id}`) return <Loading />;
  return <ImportDraftWorkspace draft={draft} />;
}

/** /agents/import-draft/:id — an import with problems, opened in the graph editor to fix. */
export function ImportDraftPage({ params }: { params: Record<string, string> }) {
  return (
    <ReactFlowProvider>
      <DraftLoader key={params.id} id={params.id!} />
    </ReactFlowProvider>
  );
}
