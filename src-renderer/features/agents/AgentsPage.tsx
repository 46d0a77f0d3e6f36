import { useRef, useState, type DragEvent } from 'react';
import { Link, useLocation } from 'wouter';
import type { z } from 'zod';
import type { AgentSummary } from '../../../src-shared/contract/agents.js';
import { useApi } from '../../api/hooks.js';
import { Empty, ErrorBox, fmtDate, Loading, PageHeader } from '../../ui/common.js';
import { formatLabel, importAccept } from '../../ui/format-list.js';
import { useFormats } from '../../ui/use-formats.js';
import { useQueryClient } from '@tanstack/react-query';
import { DeleteAgentDialog, NewAgentDialog } from './AgentDialogs.js';
import { ImportFormats } from './ImportFormats.js';
import { ImportResults } from './ImportResults.js';
import { PendingImports } from './PendingImports.js';
import { useImportFiles } from './use-import.js';
import './agents.css';

type Agent = z.infer<typeof AgentSummary>;

export function AgentsPage() {
  const agents = useApi('agents.list');
  const formats = useFormats();
  const [, navigate] = useLocation();
  const qc = useQueryClient();
  const { state, importFiles, clear } = useImportFiles();
  const [dragging, setDragging] = useState(false);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Agent | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const depth = useRef(0);

  const hasFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const onDrop = (e: DragEvent) => {
    if (!hasFiles(e)) return;
    e.preventDefault();
    depth.current = 0;
    setDragging(false);
    void importFiles([...e.dataTransfer.files]);
  };

  return (
    <div
      className="ag-page"
      data-testid="agents-page"
      onDragEnter={(e) => {
        if (hasFiles(e)) {
          depth.current++;
          setDragging(true);
        }
      }}
      onDragLeave={(e) => {
        if (hasFiles(e) && --depth.current <= 0) {
          depth.current = 0;
          setDragging(false);
        }
      }}
      onDragOver={(e) => {
        if (hasFiles(e)) {
          e.preventDefault();
          e.dataTransfer.dropEffect = 'copy';
        }
      }}
      onDrop={onDrop}
    >
      <PageHeader
        title="Agents"
        actions={
          <>
            <button type="button" onClick={() => fileInput.current?.click()} disabled={state.busy}>
              Import files…
            </button>
            <button type="button" className="primary" onClick={() => setCreating(true)}>
              New agent
            </button>
          </>
        }
      >
        Agents you imported or drew. Each save is a new version. Drop files anywhere on this page to import them (
        <ImportFormats />
        ).
      </PageHeader>
      <input
        ref={fileInput}
        type="file"
        multiple
        accept={importAccept(formats)}
        hidden
        data-testid="import-input"
        aria-label="Agent files to import"
        onChange={(e) => {
          void importFiles([...(e.target.files ?? [])]);
          e.target.value = '';
        }}
      />
      <ImportResults state={state} onClose={clear} />
      <PendingImports />
      <ErrorBox error={agents.error} />
      {agents.isLoading && <Loading />}
      {agents.data?.length === 0 && (
        <Empty>
          No agents yet.{' '}
          <button type="button" className="ag-inline-btn" onClick={() => fileInput.current?.click()}>
            Import a file
          </button>{' '}
          (<ImportFormats />
          ), drop one here,{' '}
          <button type="button" className="ag-inline-btn" onClick={() => setCreating(true)}>
            start a new agent
          </button>
          , or open the example on the <Link href="/">home screen</Link>.
        </Empty>
      )}
      {!!agents.data?.length && (
        <AgentsTable agents={agents.data} onOpen={(id) => navigate(`/agents/${id}`)} onDelete={setDeleting} />
      )}
      {dragging && (
        <div className="ag-drop" aria-hidden="true">
          <div>Drop files to import them</div>
        </div>
      )}
      {creating && (
        <NewAgentDialog
          onClose={() => setCreating(false)}
          onCreated={(id) => {
            setCreating(false);
            void qc.invalidateQueries({ queryKey: ['agents.list'] });
            navigate(`/agents/${id}`);
          }}
        />
      )}
      {deleting && (
        <DeleteAgentDialog
          agent={deleting}
          onClose={() => setDeleting(null)}
          onDeleted={() => {
            setDeleting(null);
            void qc.invalidateQueries({ queryKey: ['agents.list'] });
          }}
        />
      )}
    </div>
  );
}

/** The stored agents, one row each (the row opens the editor). */
function AgentsTable({
  agents,
  onOpen,
  onDelete,
}: {
  agents: Agent[];
  onOpen(id: string): void;
  onDelete(agent: Agent): void;
}) {
  const formats = useFormats();
  return (
    <table className="ag-table">
      <thead>
        <tr>
          <th>Name</th>
          <th>Version</th>
          <th>Nodes</th>
          <th>Format</th>
          <th>Updated</th>
          <th>
            <span className="sr-only">Actions</span>
          </th>
        </tr>
      </thead>
      <tbody>
        {agents.map((a) => (
          <tr key={a.id} className="clickable" onClick={() => onOpen(a.id)} data-testid="agent-row">
            <td>
              <Link href={`/agents/${a.id}`} onClick={(e) => e.stopPropagation()}>
                {a.name}
              </Link>
            </td>
            <td>v{a.version}</td>
            <td>{a.node_count}</td>
            <td>{formatLabel(formats, a.source_format)}</td>
            <td>{fmtDate(a.updated_at)}</td>
            <td className="ag-actions">
              <Link href={`/agents/${a.id}/redteam`} className="small" onClick={(e) => e.stopPropagation()}>
                Red team
              </Link>{' '}
              <button
                type="button"
                className="ghost small danger"
                aria-label={`Delete ${a.name}`}
                onClick={(e) => {
                  e.stopPropagation();
                  onDelete(a);
                }}
              >
                Delete
              </button>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
