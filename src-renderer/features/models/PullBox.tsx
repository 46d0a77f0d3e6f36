import { useEffect, useRef, useState } from 'react';
import { useApiMutation } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { JobProgress } from '../../ui/jobs/JobProgress.js';
import { useJob } from '../../ui/jobs/use-job.js';

/** "Pull model": asks Ollama to download a model, as a job (bytes so far, the server's status, Cancel). */
export function PullBox({
  endpoints,
  initialName = '',
  onPulled,
  doneText = 'Pulled. It is now in the list below.',
}: {
  endpoints: string[];
  initialName?: string;
  /** Called once the pull finished without error, with the model name and the endpoint it went to. */
  onPulled?: (model: string, endpoint: string) => void;
  doneText?: string;
}) {
  const [name, setName] = useState(initialName);
  const [picked, setEndpoint] = useState(endpoints[0] ?? '');
  const endpoint = endpoints.includes(picked) ? picked : (endpoints[0] ?? '');
  const [jobId, setJobId] = useState<string | null>(null);
  const [pulled, setPulled] = useState<{ model: string; endpoint: string } | null>(null);
  const pull = useApiMutation('models.pull');
  const job = useJob(jobId, { invalidates: ['models.list'] });
  const onPulledRef = useRef(onPulled);
  onPulledRef.current = onPulled;
  const done = job.job?.status === 'done';
  useEffect(() => {
    if (done && pulled) onPulledRef.current?.(pulled.model, pulled.endpoint);
  }, [done, pulled]);

  const start = async () => {
    const model = name.trim();
    if (!model) return;
    setPulled({ model, endpoint });
    const out = await pull.mutateAsync({ name: model, endpoint: endpoint || undefined }).catch(() => undefined);
    setJobId(out?.job_id ?? null);
  };

  return (
    <div className="pull-box" aria-label="Pull a model">
      <div className="row">
        <input
          aria-label="Model to pull"
          className="grow"
          value={name}
          placeholder="e.g. qwen2.5:0.5b or llama3.2:3b"
          onChange={(e) => setName(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') void start();
          }}
        />
        {endpoints.length > 1 && (
          <select aria-label="Pull to" value={endpoint} onChange={(e) => setEndpoint(e.target.value)}>
            {endpoints.map((ep) => (
              <option key={ep} value={ep}>
                {ep}
              </option>
            ))}
          </select>
        )}
        <button type="button" className="primary" disabled={!name.trim() || job.running} onClick={() => void start()}>
          {job.running ? 'Pulling…' : 'Pull model'}
        </button>
      </div>
      <ErrorBox error={pull.error} />
      {jobId && (
        <div className="pull-progress">
          <JobProgress job={job.job} onCancel={job.cancel} label={`Pulling ${pulled?.model ?? ''}`} />
          {done && <div className="status-pass small">{doneText}</div>}
        </div>
      )}
    </div>
  );
}
