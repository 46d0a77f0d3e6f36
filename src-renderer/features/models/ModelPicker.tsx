import { useId, useMemo } from 'react';
import type { ModelInfo, ModelParams, ModelSpecInput, ProviderId } from '../../../src-shared/schemas/index.js';
import { PROVIDER_IDS } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { PROVIDER_LABELS } from './format.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';
import { fromInfo, sameModel } from './model-spec.js';
import './models.css';

export interface ModelPickerProps {
  /** Role shown as the legend, e.g. "Agent model". */
  label: string;
  value: ModelSpecInput | undefined;
  onChange: (spec: ModelSpecInput | undefined) => void;
  /** Shown as the empty choice when the role may be left unset (e.g. "Same as the agent model"). */
  emptyLabel?: string;
  testId?: string;
  /** Leave out the bundled example script: it was written for the example agent only. */
  hideBundledScript?: boolean;
  /** Focus the provider choice when shown (e.g. "Run on another model"). */
  autoFocus?: boolean;
}

const num = (v: string) => (v.trim() === '' ? undefined : Number(v));

/**
 * Provider + model + parameters for one role of a run. Offers what the Models page's providers
 * list (including the bundled `scripted:` example script) and accepts a model typed by hand.
 */
export function ModelPicker({
  label,
  value,
  onChange,
  emptyLabel,
  testId,
  hideBundledScript,
  autoFocus,
}: ModelPickerProps) {
  const id = useId();
  const list = useApi('models.list', { refresh: false }, { retry: false, staleTime: 30_000 });
  const settings = useApi('models.settings');
  const models = useMemo(() => {
    const all = list.data?.models ?? [];
    return hideBundledScript ? all.filter((m) => m.provider !== 'scripted') : all;
  }, [list.data, hideBundledScript]);
  const provider: ProviderId | '' = value?.provider ?? '';
  const offered = useMemo(() => models.filter((m) => m.provider === provider), [models, provider]);
  const chosen = offered.find((m) => sameModel(m, value));
  const errors = (list.data?.errors ?? []).filter((e) => e.provider === provider);
  const params: ModelParams = (value?.params ?? {}) as ModelParams;

  const setProvider = (p: string) => {
    if (!p) return onChange(undefined);
    const first = models.find((m) => m.provider === p);
    onChange(first ? fromInfo(first, settings.data) : { provider: p as ProviderId, model: '', params: {} });
  };
  const setParam = <K extends keyof ModelParams>(k: K, v: ModelParams[K] | undefined) => {
    if (!value) return;
    const next = { ...params, [k]: v } as Record<string, unknown>;
    if (v === undefined || (typeof v === 'number' && Number.isNaN(v))) delete next[k];
    onChange({ ...value, params: next as ModelParams });
  };

  return (
    <fieldset className="model-picker" data-testid={testId}>
      <legend>{label}</legend>
      <div className="picker-row">
        <label>
          Provider
          <select
            aria-label={`${label} provider`}
            value={provider}
            autoFocus={autoFocus}
            onChange={(e) => setProvider(e.target.value)}
          >
            <option value="">{emptyLabel ?? 'Choose…'}</option>
            {PROVIDER_IDS.map((p) => (
              <option key={p} value={p}>
                {PROVIDER_LABELS[p]}
              </option>
            ))}
          </select>
        </label>
        {value && (
          <label className="grow">
            Model
            {offered.length > 0 ? (
              <select
                aria-label={`${label} model`}
                value={chosen?.spec ?? '__other'}
                onChange={(e) => {
                  const m = offered.find((x) => x.spec === e.target.value);
                  onChange(m ? { ...fromInfo(m, settings.data), params: value.params } : { ...value, model: '' });
                }}
              >
                {offered.map((m) => (
                  <option key={m.spec} value={m.spec}>
                    {optionLabel(m)}
                  </option>
                ))}
                <option value="__other">Other (type it)…</option>
              </select>
            ) : null}
            {!chosen && (
              <input
                aria-label={`${label} model name`}
                className="mono"
                value={value.model}
                placeholder={
                  provider === 'llama-cpp'
                    ? '/path/to/model.gguf'
                    : provider === 'ollama'
                      ? 'llama3.2:3b'
                      : provider === 'openai'
                        ? 'gpt-4o-mini'
                        : '/path/to/script.json'
                }
                onChange={(e) => onChange({ ...value, model: e.target.value })}
              />
            )}
          </label>
        )}
      </div>
      {list.isLoading && value && <div className="muted small">Asking the providers what they offer…</div>}
      {provider === 'scripted' && (
        <div className="muted small" data-testid="scripted-note">
          A scripted model answers from a JSON file, not a model: runs on it are marked <strong>demo</strong> and their
          passes are not evidence. Use it for deterministic tests of an agent it was written for.
        </div>
      )}
      {errors.map((e, i) => (
        <div key={i} className="field-error">
          {e.message}
        </div>
      ))}
      {value && provider !== 'scripted' && (
        <details className="picker-params">
          <summary>Parameters{Object.keys(params).length ? ` (${Object.keys(params).join(', ')})` : ''}</summary>
          <div className="picker-row">
            <label>
              Temperature
              <input
                id={`${id}-t`}
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
                    placeholder={String(settings.data?.threads ?? 'Models page')}
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
      )}
    </fieldset>
  );
}

function optionLabel(m: ModelInfo): string {
  const facts = [
    m.quantization,
    m.size_bytes ? formatBytes(m.size_bytes) : undefined,
    m.endpoint && m.provider !== 'scripted' ? m.endpoint : undefined,
  ].filter(Boolean);
  return `${m.name}${facts.length ? ` — ${facts.join(' · ')}` : ''}`;
}
