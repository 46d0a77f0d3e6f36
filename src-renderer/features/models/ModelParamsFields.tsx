import type { ModelParams, ProviderId } from '../../../src-shared/schemas/index.js';

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/** A role's model parameters (folded): temperature, max tokens, seed, and what each provider adds (context, threads, KV slots…). */
export function ModelParamsFields({
  label,
  provider,
  params,
  threadsDefault,
  onParam,
}: {
  label: string;
  provider: ProviderId | '';
  params: ModelParams;
  /** The Models page's thread setting, shown as the default. */
  threadsDefault?: number;
  onParam<K extends keyof ModelParams>(k: K, v: ModelParams[K] | undefined): void;
}) {
  const setParam = onParam;
  return (
    <details className="picker-params">
      <summary>Parameters{Object.keys(params).length ? ` (${Object.keys(params).join(', ')})` : ''}</summary>
      <div className="picker-row">
        <label>
          Temperature
          <input
            type="number"
            step={0.1}
            min={0}
            max={2}
            aria-label={`${label} temperature`}
            value={params.temperature ?? ''}
            placeholder="model default"
            onChange={(e) => setParam('temperature', num(e.target.value))}
          />
        </label>
        <label>
          Max tokens
          <input
            type="number"
            min={1}
            aria-label={`${label} max tokens`}
            value={params.max_tokens ?? ''}
            placeholder="default"
            onChange={(e) => setParam('max_tokens', num(e.target.value))}
          />
        </label>
        <label>
          Seed
          <input
            type="number"
            aria-label={`${label} seed`}
            value={params.seed ?? ''}
            placeholder="random"
            onChange={(e) => setParam('seed', num(e.target.value))}
          />
        </label>
        {(provider === 'llama-cpp' || provider === 'ollama') && (
          <label>
            Context size
            <input
              type="number"
              min={128}
              aria-label={`${label} context size`}
              value={params.context_size ?? ''}
              placeholder="auto"
              onChange={(e) => setParam('context_size', num(e.target.value))}
            />
          </label>
        )}
        {provider === 'llama-cpp' && (
          <>
            <label>
              Threads
              <input
                type="number"
                min={1}
                aria-label={`${label} threads`}
                value={params.threads ?? ''}
                placeholder={String(threadsDefault ?? 'Models page')}
                onChange={(e) => setParam('threads', num(e.target.value))}
              />
            </label>
            <label title="Sessions whose KV cache stays warm between calls; about conversations x 3 avoids re-reading prompts, memory allowing">
              KV slots
              <input
                type="number"
                min={1}
                max={256}
                aria-label={`${label} KV slots`}
                value={params.sequences ?? ''}
                placeholder="parallel calls"
                onChange={(e) => setParam('sequences', num(e.target.value))}
              />
            </label>
            <label>
              Chat template
              <input
                aria-label={`${label} chat template`}
                value={params.chat_wrapper ?? ''}
                placeholder="from the file"
                onChange={(e) => setParam('chat_wrapper', e.target.value || undefined)}
              />
            </label>
          </>
        )}
        {provider === 'ollama' && (
          <label>
            Keep loaded
            <input
              aria-label={`${label} keep alive`}
              value={params.keep_alive ?? ''}
              placeholder="30m"
              onChange={(e) => setParam('keep_alive', e.target.value || undefined)}
            />
          </label>
        )}
      </div>
    </details>
  );
}
