import type { EndpointOptions } from '../../../src-shared/schemas/index.js';
import { withLimit } from './endpoint-settings.js';

/** One Ollama URL on the Models page, with how many calls it takes at once (Ollama's OLLAMA_NUM_PARALLEL). */
export function OllamaUrlRow({
  index,
  url,
  options,
  placeholder,
  onUrl,
  onOptions,
  onRemove,
}: {
  index: number;
  url: string;
  options: EndpointOptions | undefined;
  placeholder: string;
  onUrl: (url: string) => void;
  onOptions: (options: EndpointOptions) => void;
  onRemove: () => void;
}) {
  const n = index + 1;
  return (
    <div className="row">
      <input
        aria-label={`Ollama URL ${n}`}
        className="grow mono"
        value={url}
        placeholder={placeholder}
        onChange={(e) => onUrl(e.target.value)}
      />
      <label className="inline-limit" title="Calls Parley sends this server at once; match OLLAMA_NUM_PARALLEL">
        Calls at once
        <input
          aria-label={`Ollama URL ${n} calls at once`}
          inputMode="numeric"
          value={options?.concurrency === undefined ? '' : String(options.concurrency)}
          placeholder="4"
          onChange={(e) => onOptions(withLimit(options, 'concurrency', e.target.value) ?? {})}
        />
      </label>
      <button type="button" className="ghost icon-btn" aria-label={`Remove Ollama URL ${n}`} onClick={onRemove}>
        ✕
      </button>
    </div>
  );
}
