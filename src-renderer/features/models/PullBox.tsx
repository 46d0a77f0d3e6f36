import { useRef, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { PullEvent } from '../../../src-shared/contract/events.js';
import { useApiMutation, useAppEvents } from '../../api/hooks.js';
import { ErrorBox } from '../../ui/common.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';

/** "Pull model": asks Ollama to download a model; progress arrives as model.pull events. */
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
  const [progress, setProgress] = useState<PullEvent | null>(null);
  const [pulling, setPulling] = useState<string | null>(null);
  const pull = useApiMutation('models.pull');
  const qc = useQueryClient();
  const pullingRef = useRef<string | null>(null);
  pullingRef.current = pulling;
  const onPulledRef = useRef(onPulled);
  onPulledRef.current = onPulled;
  const endpointRef = useRef('');

  useAppEvents((e) => {
    if (e.type !== 'model.pull' || e.model !== pullingRef.current) return;
    setProgress(e);
    if (e.done) {
      pullingRef.current = null;
      setPulling(null);
      if (!e.error) {
        void qc.invalidateQueries({ queryKey: ['models.list'] });
        onPulledRef.current?.(e.model, endpointRef.current);
      }
    }
  });

  const start = async () => {
    const model = name.trim();
    if (!model) return;
    setProgress(null);
    endpointRef.current = endpoint;
    pullingRef.current = model;
    setPulling(model);
    const ok = await pull.mutateAsync({ name: model, endpoint: endpoint || undefined }).catch(() => undefined);
    if (!ok) {
      pullingRef.current = null;
      setPulling(null);
    }
  };

  const pct = progress?.total
    ? Math.min(100, Math.round(((progress.completed ?? 0) / progress.total) * 100))
    : undefined;
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
        <button type="button" className="primary" disabled={!name.trim() || !!pulling} onClick={() => void start()}>
          {pulling ? 'Pulling…' : 'Pull model'}
        </button>
      </div>
      <ErrorBox error={pull.error} />
      {progress && (
        <div className="pull-progress" role="status" aria-live="polite">
          <div className="muted small">
            {progress.model}: {progress.error ? <span className="error">{progress.error}</span> : progress.status}
            {progress.total ? ` — ${formatBytes(progress.completed ?? 0)} of ${formatBytes(progress.total)}` : ''}
          </div>
          {!progress.error && (
            <div
              className="progress"
              role="progressbar"
              aria-label={`Pulling ${progress.model}`}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={progress.done ? 100 : pct}
            >
              <div
                className={`progress-bar ${pct === undefined && !progress.done ? 'indeterminate' : ''}`}
                style={{ width: `${progress.done ? 100 : (pct ?? 30)}%` }}
              />
            </div>
          )}
          {progress.done && !progress.error && <div className="status-pass small">{doneText}</div>}
        </div>
      )}
    </div>
  );
}
