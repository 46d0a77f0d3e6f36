import { useState } from 'react';
import { useLocation } from 'wouter';
import { useApi, useApiMutation } from '../../../api/hooks.js';
import { Dialog } from '../../../ui/Dialog.js';
import { ErrorBox } from '../../../ui/common.js';
import { readFiles } from '../../../ui/widgets.js';
import { DialogActions } from '../../../ui/DialogActions.js';

/** "Import calls": real call transcripts (Retell, VAPI, plain lists) become an imported run of an agent, to evaluate or replay. */
export function ImportCallsDialog({ onClose, initialAgent }: { onClose: () => void; initialAgent?: string }) {
  const [, navigate] = useLocation();
  const agents = useApi('agents.list', {}, { staleTime: 0 });
  const importCalls = useApiMutation('calls.import', ['runs.list']);
  const [agent, setAgent] = useState(initialAgent ?? '');
  const [files, setFiles] = useState<{ name: string; text: string }[]>([]);
  // On by default: personal data is replaced on this machine before anything is stored (docs/redaction.md).
  const [redact, setRedact] = useState(true);
  const chosen = agent || (agents.data?.length === 1 ? agents.data[0].id : '');
  const submit = () =>
    importCalls.mutate({ agent_id: chosen, files, redact }, { onSuccess: (out) => navigate(`/runs/${out.run_id}`) });

  return (
    <Dialog
      title="Import calls"
      testId="import-calls"
      onClose={onClose}
      actions={
        <DialogActions
          onCancel={onClose}
          onConfirm={submit}
          pending={importCalls.isPending}
          disabled={!chosen || !files.length}
          label={`Import ${files.length || ''} call${files.length === 1 ? '' : 's'}`}
          pendingLabel={'Importing…'}
        />
      }
    >
      <p className="muted small">
        Transcripts of real calls (Retell call objects, VAPI call reports, or a list of {'{role, content}'} messages)
        are stored as one run of the agent. Evaluate them with a suite's metrics, or replay their caller turns against a
        new version of the agent. Every file is checked first: if one cannot be read, nothing is imported.
      </p>
      <label>
        Agent the calls were made with
        <select aria-label="Agent" value={chosen} onChange={(e) => setAgent(e.target.value)}>
          <option value="">Choose an agent…</option>
          {agents.data?.map((a) => (
            <option key={a.id} value={a.id}>
              {a.name} (v{a.version})
            </option>
          ))}
        </select>
      </label>
      <label>
        Call files (JSON)
        <input
          type="file"
          multiple
          accept=".json,application/json"
          aria-label="Call files"
          onChange={(e) => void readFiles(e.target.files).then(setFiles)}
        />
      </label>
      <label className="checkbox">
        <input
          type="checkbox"
          aria-label="Redact personal data"
          checked={redact}
          onChange={(e) => setRedact(e.target.checked)}
        />
        Redact personal data before storing (names, phone numbers, emails, dates of birth, addresses, cards, ids become
        placeholders such as [NAME_1])
      </label>
      {!redact && (
        <div className="muted small" data-testid="import-calls-originals">
          The originals will be stored as they are, and the run will say it was not redacted.
        </div>
      )}
      {files.length > 0 && <div className="muted small">{files.map((f) => f.name).join(', ')}</div>}
      <ErrorBox error={importCalls.error} />
    </Dialog>
  );
}
