import { useEffect, useState } from 'react';
import { GeneratedPersonas } from '../../../src-shared/contract/personas.js';
import type { Persona } from '../../../src-shared/schemas/index.js';
import type { ModelSpecInput } from '../../../src-shared/schemas/model.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { Dialog } from '../../ui/Dialog.js';
import { ErrorBox } from '../../ui/common.js';
import { JobProgress } from '../../ui/jobs/JobProgress.js';
import { useJob } from '../../ui/jobs/use-job.js';
import { ModelPicker } from '../models/index.js';
import { modelProblem } from '../../ui/model-choice.js';
import { traits } from './traits.js';

interface Proposal {
  persona: Persona;
  why: string;
  keep: boolean;
}

/** "Generate from an agent": a model proposes test callers for the agent; you review them (keep, rename) and save the ones you keep. */
export function GeneratePersonasDialog({
  onClose,
  onSaved,
}: {
  onClose: () => void;
  onSaved: (count: number) => void;
}) {
  const agents = useApi('agents.list');
  const generate = useApiMutation('personas.generate');
  const save = useApiMutation('personas.save', ['personas.list']);
  const [agent, setAgent] = useState('');
  const [model, setModel] = useState<ModelSpecInput | undefined>();
  const [count, setCount] = useState(4);
  const [proposals, setProposals] = useState<Proposal[] | null>(null);
  const [jobId, setJobId] = useState<string | null>(null);
  const job = useJob(jobId, { result: GeneratedPersonas });
  const busy = generate.isPending || job.running;
  useEffect(() => {
    if (!job.result) return;
    setProposals(job.result.personas.map((p) => ({ ...p, keep: true })));
    setJobId(null);
  }, [job.result]);
  const chosen = agent || (agents.data?.length === 1 ? agents.data[0].id : '');
  const problem = !chosen ? 'choose an agent' : modelProblem(model, true);
  const kept = proposals?.filter((p) => p.keep) ?? [];

  const run = () =>
    generate.mutate({ agent_id: chosen, model: model!, count }, { onSuccess: (out) => setJobId(out.job_id) });
  const saveKept = async () => {
    for (const p of kept) await save.mutateAsync({ persona: p.persona });
    onSaved(kept.length);
  };
  const edit = (i: number, patch: Partial<Proposal>) =>
    setProposals((ps) => ps!.map((p, k) => (k === i ? { ...p, ...patch } : p)));

  return (
    <Dialog
      title="Generate personas from an agent"
      testId="generate-personas"
      onClose={onClose}
      actions={
        proposals ? (
          <>
            <button type="button" onClick={() => setProposals(null)} disabled={save.isPending}>
              Back
            </button>
            <button
              type="button"
              className="primary"
              onClick={() => void saveKept()}
              disabled={!kept.length || save.isPending}
            >
              {save.isPending ? 'Saving…' : `Save ${kept.length} persona${kept.length === 1 ? '' : 's'}`}
            </button>
          </>
        ) : (
          <>
            <button type="button" onClick={onClose} disabled={busy}>
              Cancel
            </button>
            <button type="button" className="primary" onClick={run} disabled={!!problem || busy}>
              {busy ? 'Generating…' : 'Generate'}
            </button>
          </>
        )
      }
    >
      {!proposals && (
        <>
          <p className="muted small">
            A model reads the agent (its instructions, the details it asks for, its tools) and proposes different
            callers to test it with: the happy path, wrong details, a caller who wants a human… You review them before
            anything is saved.
          </p>
          <label>
            Agent
            <select aria-label="Agent" value={chosen} onChange={(e) => setAgent(e.target.value)}>
              <option value="">Choose an agent…</option>
              {agents.data?.map((a) => (
                <option key={a.id} value={a.id}>
                  {a.name}
                </option>
              ))}
            </select>
          </label>
          <ModelPicker label="Model" testId="model-generate" value={model} onChange={setModel} />
          <label>
            How many
            <input
              type="number"
              min={1}
              max={8}
              aria-label="How many"
              value={count}
              onChange={(e) => setCount(Math.min(8, Math.max(1, Number(e.target.value) || 1)))}
            />
          </label>
          {problem && (chosen || model) && (
            <div className="muted small" role="status">
              To generate: {problem}.
            </div>
          )}
        </>
      )}
      {proposals && (
        <ul className="generated-personas">
          {proposals.length === 0 && (
            <li className="muted">The model proposed no personas. Go back and try again, or with another model.</li>
          )}
          {proposals.map((p, i) => (
            <li key={i} className={`card generated ${p.keep ? '' : 'dropped'}`} data-testid="generated-persona">
              <label className="checkbox">
                <input
                  type="checkbox"
                  checked={p.keep}
                  onChange={(e) => edit(i, { keep: e.target.checked })}
                  aria-label={`Keep ${p.persona.name}`}
                />
                <input
                  aria-label={`Name of persona ${i + 1}`}
                  value={p.persona.name}
                  onChange={(e) => edit(i, { persona: { ...p.persona, name: e.target.value } })}
                />
              </label>
              {p.why && (
                <div className="small">
                  <strong>Tests:</strong> {p.why}
                </div>
              )}
              <div className="muted small">{traits(p.persona).join(' · ') || 'no particular traits'}</div>
              <details>
                <summary className="small">What the caller is told</summary>
                <pre className="small">{renderPersonaPrompt(p.persona)}</pre>
              </details>
            </li>
          ))}
        </ul>
      )}
      {jobId && <JobProgress job={job.job} onCancel={job.cancel} label="Proposing callers" />}
      <ErrorBox error={generate.error ?? save.error} />
    </Dialog>
  );
}
