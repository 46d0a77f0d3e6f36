import { useMemo } from 'react';
import type { ModelInfo, ModelParams, ModelSpecInput, ProviderId } from '../../../src-shared/schemas/index.js';
import { PROVIDER_IDS } from '../../../src-shared/schemas/index.js';
import { useApi } from '../../api/hooks.js';
import { PROVIDER_LABELS } from './format.js';
import { formatBytes } from '../../../src-shared/text/format-bytes.js';
import { BUNDLED_SCRIPT_NOTE, listedModelName } from '../../../src-shared/text/model-name.js';
import { fromInfo, sameModel } from './model-spec.js';
import { ModelParamsFields } from './ModelParamsFields.js';
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
        <ModelParamsFields
          label={label}
          provider={provider}
          params={params}
          threadsDefault={settings.data?.threads}
          onParam={setParam}
        />
      )}
    </fieldset>
  );
}

function optionLabel(m: ModelInfo): string {
  const facts = [
    m.provider === 'scripted' ? BUNDLED_SCRIPT_NOTE : undefined,
    m.quantization,
    m.size_bytes ? formatBytes(m.size_bytes) : undefined,
    m.endpoint && m.provider !== 'scripted' ? m.endpoint : undefined,
  ].filter(Boolean);
  return `${listedModelName(m)}${facts.length ? ` — ${facts.join(' · ')}` : ''}`;
}
