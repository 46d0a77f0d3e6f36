import { useState } from 'react';
import type { z } from 'zod';
import type { AgentSummary } from '../../../src-shared/contract/agents.js';
import { api, ApiClientError } from '../../api/client.js';
import { Dialog } from '../../ui/Dialog.js';
import { emptyGraph } from '../graph-editor/model/graph-ops.js';

type Agent = z.infer<typeof AgentSummary>;

/** Asks for a name and creates an agent with one conversation node. */
export function NewAgentDialog({ onClose, onCreated }: { onClose(): void; onCreated(id: string): void }) {
  const [name, setName] = useState('New agent');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const create = async () => {
    setBusy(true);
    try {
      const r = await api.call('agents.create', {
        graph: emptyGraph(name.trim() || 'New agent'),
        name: name.trim() || 'New agent',
      });
      onCreated(r.agent.id);
    } catch (e) {
      setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title="New agent"
      onClose={onClose}
      testId="new-agent-dialog"
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="primary" disabled={busy} onClick={() => void create()}>
            Create and open
          </button>
        </>
      }
    >
      <label>
        Name
        <input
          value={name}
          onChange={(e) => setName(e.target.value)}
          aria-label="Agent name"
          onKeyDown={(e) => {
            if (e.key === 'Enter') void create();
          }}
        />
      </label>
      <p className="muted small">The agent starts with one conversation node; add the rest in the editor.</p>
      {error && <div className="error-box">{error}</div>}
    </Dialog>
  );
}

/** Confirms deletion; when runs use the agent, says how many and offers to delete them too. */
export function DeleteAgentDialog({ agent, onClose, onDeleted }: { agent: Agent; onClose(): void; onDeleted(): void }) {
  const [conflict, setConflict] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const remove = async (force: boolean) => {
    setBusy(true);
    try {
      await api.call('agents.delete', { id: agent.id, force });
      onDeleted();
    } catch (e) {
      if (e instanceof ApiClientError && e.error.code === 'conflict') setConflict(e.error.message);
      else setError((e as Error).message);
      setBusy(false);
    }
  };
  return (
    <Dialog
      title={`Delete “${agent.name}”?`}
      onClose={onClose}
      testId="delete-agent-dialog"
      actions={
        <>
          <button type="button" onClick={onClose}>
            Cancel
          </button>
          {conflict ? (
            <button type="button" className="danger" disabled={busy} onClick={() => void remove(true)}>
              Delete the agent and its runs
            </button>
          ) : (
            <button type="button" className="danger" disabled={busy} onClick={() => void remove(false)}>
              Delete agent
            </button>
          )}
        </>
      }
    >
      <p>
        The agent and {agent.version === 1 ? 'its only version' : `all ${agent.version} of its versions`} will be
        deleted. This cannot be undone.
      </p>
      {conflict && (
        <div className="error-box" role="alert">
          {conflict.replace(/or pass --force /, '')}
        </div>
      )}
      {error && (
        <div className="error-box" role="alert">
          {error}
        </div>
      )}
    </Dialog>
  );
}
