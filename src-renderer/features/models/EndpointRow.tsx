import type { ModelSettings } from '../../../src-shared/contract/models.js';

export type Endpoint = ModelSettings['openai_endpoints'][number];

export function endpointProblems(s: ModelSettings): string[] {
  const out: string[] = [];
  s.ollama_endpoints.forEach((u, i) => {
    if (u.trim() && !/^https?:\/\/\S+$/.test(u.trim()))
      out.push(`Ollama URL ${i + 1} ("${u}") must start with http:// or https://`);
  });
  const names = new Set<string>();
  s.openai_endpoints.forEach((e, i) => {
    if (!e.name.trim() && !e.base_url.trim()) return;
    if (!e.name.trim()) out.push(`Endpoint ${i + 1} needs a name.`);
    else if (names.has(e.name.trim())) out.push(`Two endpoints are called "${e.name.trim()}": names must differ.`);
    names.add(e.name.trim());
    if (!/^https?:\/\/\S+$/.test(e.base_url.trim()))
      out.push(`Endpoint ${i + 1} base URL must start with http:// or https://`);
    if (e.api_key_env && !/^[A-Za-z_][A-Za-z0-9_]*$/.test(e.api_key_env.trim()))
      out.push(`Endpoint ${i + 1}: "${e.api_key_env}" is not a valid environment variable name.`);
  });
  return out;
}

export function EndpointRow({
  index,
  ep,
  web,
  dirty,
  onChange,
  onRemove,
  onStoreKey,
}: {
  index: number;
  ep: Endpoint;
  web: boolean;
  dirty: boolean;
  onChange: (e: Endpoint) => void;
  onRemove: () => void;
  onStoreKey: () => void;
}) {
  const n = index + 1;
  return (
    <div className="card inner endpoint-row" aria-label={`Endpoint ${n}`}>
      <div className="endpoint-grid">
        <label>
          Name
          <input
            aria-label={`Endpoint ${n} name`}
            value={ep.name}
            placeholder="e.g. OpenAI, Groq, LM Studio"
            onChange={(e) => onChange({ ...ep, name: e.target.value })}
          />
        </label>
        <label>
          Base URL
          <input
            aria-label={`Endpoint ${n} base URL`}
            className="mono"
            value={ep.base_url}
            placeholder="https://api.openai.com/v1"
            onChange={(e) => onChange({ ...ep, base_url: e.target.value })}
          />
        </label>
        <label>
          API key environment variable
          <input
            aria-label={`Endpoint ${n} API key variable`}
            className="mono"
            value={ep.api_key_env ?? ''}
            placeholder="none (local server)"
            onChange={(e) => onChange({ ...ep, api_key_env: e.target.value || undefined })}
          />
        </label>
        <div className="key-cell">
          {!web && (
            <>
              <span className={ep.has_key ? 'status-pass small' : 'muted small'}>
                {ep.has_key ? 'Key stored in the OS keychain' : 'No stored key'}
              </span>
              <button
                type="button"
                className="small-btn"
                disabled={!ep.name.trim() || dirty}
                title={dirty ? 'Save the settings first' : undefined}
                onClick={onStoreKey}
              >
                {ep.has_key ? 'Replace key' : 'Store a key'}
              </button>
            </>
          )}
          <button type="button" className="ghost icon-btn" aria-label={`Remove endpoint ${n}`} onClick={onRemove}>
            ✕
          </button>
        </div>
      </div>
    </div>
  );
}
