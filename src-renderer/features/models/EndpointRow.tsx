import { LIMITS, withLimit, type Endpoint } from './endpoint-settings.js';

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
      <div className="endpoint-limits" title="Parley keeps this server within these limits; empty = the default">
        {LIMITS.map((l) => (
          <label key={l.key}>
            {l.label}
            <input
              aria-label={`Endpoint ${n} ${l.label.toLowerCase()}`}
              inputMode="numeric"
              value={ep.options?.[l.key] === undefined ? '' : String(ep.options[l.key])}
              placeholder={l.placeholder}
              onChange={(e) => onChange({ ...ep, options: withLimit(ep.options, l.key, e.target.value) })}
            />
          </label>
        ))}
        <span className="muted small">
          Calls beyond these limits wait; a server that keeps failing is taken out and probed again. Every model picked
          from this endpoint carries them.
        </span>
      </div>
    </div>
  );
}
