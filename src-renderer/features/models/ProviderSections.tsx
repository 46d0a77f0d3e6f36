import type { ModelSettings } from '../../../src-shared/contract/models.js';
import { Loading } from '../../ui/common.js';
import { Section } from '../../ui/widgets.js';
import { EndpointRow } from './EndpointRow.js';
import { alignedOptions } from './endpoint-settings.js';
import { ModelTable, ProviderErrors } from './ModelTable.js';
import { OllamaUrlRow } from './OllamaUrlRow.js';
import { PullBox } from './PullBox.js';
import { withoutOllama } from './settings-draft.js';
import type { ModelSettingsForm } from './use-model-settings.js';

export const DEFAULT_OLLAMA = 'http://127.0.0.1:11434';

/** GGUF files: the models folder and the CPU threads, and the files found there. */
export function GgufSection({ f }: { f: ModelSettingsForm }) {
  const { draft, setDraft } = f;
  return (
    <Section
      title="GGUF files (llama.cpp, runs inside Parley)"
      testId="provider-llama-cpp"
      description="Point Parley at a folder of .gguf files. Models load in-process: no server needed."
    >
      <div className="grid-2">
        <label>
          Models folder
          <input
            aria-label="Models folder"
            className="mono"
            value={draft.models_dir ?? ''}
            placeholder="/home/you/models"
            onChange={(e) => setDraft({ ...draft, models_dir: e.target.value })}
          />
        </label>
        <label>
          CPU threads
          <input
            aria-label="CPU threads"
            type="number"
            min={1}
            value={draft.threads ?? ''}
            placeholder="physical cores"
            onChange={(e) =>
              setDraft({
                ...draft,
                threads: e.target.value === '' ? undefined : Math.max(1, Math.round(Number(e.target.value))),
              })
            }
          />
          <span className="muted small">
            Use your physical core count; a tiny test model wants 1. More threads than cores makes it slower.
          </span>
        </label>
      </div>
      <ProviderErrors errors={f.errs('llama-cpp')} />
      {f.listLoading ? (
        <Loading />
      ) : (
        <ModelTable
          models={f.by('llama-cpp')}
          empty={draft.models_dir ? 'No GGUF models listed yet: save the folder, then refresh.' : 'No folder set.'}
        />
      )}
    </Section>
  );
}

/** Ollama servers (each with its limits), pulling a model, and the models they list. */
export function OllamaSection({ f, stored }: { f: ModelSettingsForm; stored: ModelSettings }) {
  const { draft, setDraft } = f;
  const endpoints = draft.ollama_endpoints.length ? draft.ollama_endpoints : [DEFAULT_OLLAMA];
  return (
    <Section
      title="Ollama"
      testId="provider-ollama"
      description={
        <>
          One or more Ollama servers. Conversations are spread across them. Empty: the default,{' '}
          <code>{DEFAULT_OLLAMA}</code>.
        </>
      }
    >
      <div className="rows">
        {draft.ollama_endpoints.map((ep, i) => (
          <OllamaUrlRow
            key={i}
            index={i}
            url={ep}
            options={draft.ollama_endpoint_options[i]}
            placeholder={DEFAULT_OLLAMA}
            onUrl={(url) =>
              setDraft({ ...draft, ollama_endpoints: draft.ollama_endpoints.map((x, j) => (j === i ? url : x)) })
            }
            onOptions={(o) => setDraft({ ...draft, ollama_endpoint_options: alignedOptions(draft, i, o) })}
            onRemove={() => setDraft(withoutOllama(draft, i))}
          />
        ))}
      </div>
      <button
        type="button"
        onClick={() =>
          setDraft({
            ...draft,
            ollama_endpoints: [...draft.ollama_endpoints, draft.ollama_endpoints.length ? '' : DEFAULT_OLLAMA],
          })
        }
      >
        + Add an Ollama URL
      </button>
      <h3 className="sub">Pull a model</h3>
      <PullBox endpoints={endpoints} />
      {stored.ollama_endpoints.length === 0 && f.errs('ollama').length > 0 ? (
        // never set up: an Ollama that is not running is not an error for someone who does not use it
        <p className="muted small" data-testid="ollama-not-running" role="status">
          Ollama is not running at <code>{DEFAULT_OLLAMA}</code>. That is fine if you do not use it; to use its models,
          install and start Ollama (<code>ollama serve</code>), then Refresh.
        </p>
      ) : (
        <ProviderErrors errors={f.errs('ollama')} />
      )}
      {f.listLoading ? <Loading /> : <ModelTable models={f.by('ollama')} empty="No Ollama models listed." />}
    </Section>
  );
}

/** OpenAI-compatible endpoints: each with its key's source and limits, and the models they list. */
export function OpenAiSection({
  f,
  web,
  onStoreKey,
}: {
  f: ModelSettingsForm;
  web: boolean;
  onStoreKey(name: string): void;
}) {
  const { draft, setDraft } = f;
  return (
    <Section
      title="OpenAI-compatible endpoints"
      testId="provider-openai"
      description="OpenAI, Groq, Together, OpenRouter, LM Studio, vLLM, llama-server… Keys are never stored in Parley's database or exports."
    >
      {web && (
        <div className="info-box" role="note">
          Web mode: API keys come from environment variables of the server process (the one running{' '}
          <code>parley serve</code>). Set the variable before starting the server and enter its name below. Keys cannot
          be stored from the browser.
        </div>
      )}
      {draft.openai_endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
      {draft.openai_endpoints.map((ep, i) => (
        <EndpointRow
          key={i}
          index={i}
          ep={ep}
          web={web}
          dirty={f.dirty}
          onChange={(next) =>
            setDraft({ ...draft, openai_endpoints: draft.openai_endpoints.map((x, j) => (j === i ? next : x)) })
          }
          onRemove={() => setDraft({ ...draft, openai_endpoints: draft.openai_endpoints.filter((_, j) => j !== i) })}
          onStoreKey={() => onStoreKey(ep.name)}
        />
      ))}
      <button
        type="button"
        onClick={() =>
          setDraft({
            ...draft,
            openai_endpoints: [
              ...draft.openai_endpoints,
              { name: '', base_url: 'https://api.openai.com/v1', api_key_env: 'OPENAI_API_KEY', has_key: false },
            ],
          })
        }
      >
        + Add an endpoint
      </button>
      <ProviderErrors errors={f.errs('openai')} />
      {f.listLoading ? (
        <Loading />
      ) : (
        draft.openai_endpoints.length > 0 && (
          <ModelTable models={f.by('openai')} empty="No models listed from these endpoints." />
        )
      )}
    </Section>
  );
}
