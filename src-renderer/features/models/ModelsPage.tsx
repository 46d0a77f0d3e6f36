import { useEffect, useRef, useState } from 'react';
import type { ModelSettings } from '../../../src-shared/contract/models.js';
import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import '../personas/personas.css';
import { Section } from '../../ui/widgets.js';
import { EndpointRow } from './EndpointRow.js';
import { OllamaUrlRow } from './OllamaUrlRow.js';
import { alignedOptions, endpointProblems } from './endpoint-settings.js';
import { nextDraft } from './settings-draft.js';
import { ModelTable, ProviderErrors } from './ModelTable.js';
import { StoreKeyDialog } from './StoreKeyDialog.js';
import './models.css';
import { PullBox } from './PullBox.js';
import { ReadinessSection } from './ReadinessSection.js';
import { SpeechSection } from './SpeechSection.js';

const DEFAULT_OLLAMA = 'http://127.0.0.1:11434';

export function ModelsPage(_props: { params: Record<string, string> }) {
  const settings = useApi('models.settings');
  if (settings.isLoading) return <Loading />;
  if (settings.error)
    return (
      <>
        <PageHeader title="Models" />
        <ErrorBox error={settings.error} />
      </>
    );
  return <ModelsEditor initial={settings.data!} />;
}

function ModelsEditor({ initial }: { initial: ModelSettings }) {
  const info = useApi('app.info');
  const web = info.data?.mode === 'web';
  const [draft, setDraft] = useState<ModelSettings>(initial);
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const save = useApiMutation('models.saveSettings', ['models.settings']);
  const list = useApi('models.list', { refresh: false }, { retry: false });
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);
  const [refreshing, setRefreshing] = useState(false);

  // what the form was showing, and what it last sent to be saved: the stored settings replace the form
  // only where it holds no edits of its own (typing after Save is kept)
  const base = useRef<{ shown: ModelSettings; sent?: ModelSettings }>({ shown: initial });
  useEffect(() => {
    const { shown, sent } = base.current;
    setDraft((d) => nextDraft(d, shown, sent, initial));
    base.current = { shown: initial };
  }, [initial]);

  const refresh = async () => {
    setRefreshing(true);
    try {
      await list.refetch();
    } finally {
      setRefreshing(false);
    }
  };
  const onSave = async () => {
    const clean: ModelSettings = {
      ...draft,
      models_dir: draft.models_dir?.trim() || undefined,
      // a URL and its limits stay together; empty rows go with theirs
      ollama_endpoints: draft.ollama_endpoints.map((e) => e.trim()).filter(Boolean),
      ollama_endpoint_options: draft.ollama_endpoints
        .map((e, i) => [e.trim(), draft.ollama_endpoint_options[i] ?? {}] as const)
        .filter(([e]) => e)
        .map(([, o]) => o),
      openai_endpoints: draft.openai_endpoints
        .filter((e) => e.name.trim() || e.base_url.trim())
        .map((e) => ({
          ...e,
          name: e.name.trim(),
          base_url: e.base_url.trim(),
          api_key_env: e.api_key_env?.trim() || undefined,
        })),
    };
    base.current.sent = draft;
    const out = await save.mutateAsync(clean).catch(() => undefined);
    if (!out) return;
    setSaved(true);
    setTimeout(() => setSaved(false), 2500);
    await refresh();
  };

  const by = (p: ProviderId): ModelInfo[] => (list.data?.models ?? []).filter((m) => m.provider === p);
  const errs = (p: ProviderId) => (list.data?.errors ?? []).filter((e) => e.provider === p);
  const problems = endpointProblems(draft);
  const ollamaEndpoints = draft.ollama_endpoints.length ? draft.ollama_endpoints : [DEFAULT_OLLAMA];

  return (
    <>
      <PageHeader
        title="Models"
        actions={
          <>
            <button type="button" onClick={() => void refresh()} disabled={refreshing || list.isFetching}>
              {refreshing || list.isFetching ? 'Checking providers…' : 'Refresh list'}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!dirty || save.isPending || problems.length > 0}
              onClick={() => void onSave()}
            >
              {save.isPending ? 'Saving…' : 'Save settings'}
            </button>
          </>
        }
      >
        {dirty ? (
          <span className="unsaved" role="status">
            Unsaved settings
          </span>
        ) : saved ? (
          <span className="saved" role="status">
            Saved
          </span>
        ) : (
          'Where Parley finds models: GGUF files on this computer, Ollama servers, and OpenAI-compatible endpoints.'
        )}
      </PageHeader>
      <ErrorBox error={save.error ?? list.error} />
      {problems.length > 0 && (
        <div className="error-box" role="alert">
          {problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}

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
        <ProviderErrors errors={errs('llama-cpp')} />
        {list.isLoading ? (
          <Loading />
        ) : (
          <ModelTable
            models={by('llama-cpp')}
            empty={draft.models_dir ? 'No GGUF models listed yet: save the folder, then refresh.' : 'No folder set.'}
          />
        )}
      </Section>

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
              onRemove={() =>
                setDraft({
                  ...draft,
                  ollama_endpoints: draft.ollama_endpoints.filter((_, j) => j !== i),
                  ollama_endpoint_options: draft.ollama_endpoints
                    .map((_, j) => draft.ollama_endpoint_options[j] ?? {})
                    .filter((_, j) => j !== i),
                })
              }
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
        <PullBox endpoints={ollamaEndpoints} />
        {initial.ollama_endpoints.length === 0 && errs('ollama').length > 0 ? (
          // never set up: an Ollama that is not running is not an error for someone who does not use it
          <p className="muted small" data-testid="ollama-not-running" role="status">
            Ollama is not running at <code>{DEFAULT_OLLAMA}</code>. That is fine if you do not use it; to use its
            models, install and start Ollama (<code>ollama serve</code>), then Refresh.
          </p>
        ) : (
          <ProviderErrors errors={errs('ollama')} />
        )}
        {list.isLoading ? <Loading /> : <ModelTable models={by('ollama')} empty="No Ollama models listed." />}
      </Section>

      <Section
        title="OpenAI-compatible endpoints"
        testId="provider-openai"
        description="OpenAI, Groq, Together, OpenRouter, LM Studio, vLLM, llama-server… Keys are never stored in Parley's database or exports."
      >
        {web && (
          <div className="info-box" role="note">
            Web mode: API keys come from environment variables of the server process (the one running{' '}
            <code>parley serve</code>). Set the variable before starting the server and enter its name below. Keys
            cannot be stored from the browser.
          </div>
        )}
        {draft.openai_endpoints.length === 0 && <p className="muted">No endpoints yet.</p>}
        {draft.openai_endpoints.map((ep, i) => (
          <EndpointRow
            key={i}
            index={i}
            ep={ep}
            web={web}
            dirty={dirty}
            onChange={(next) =>
              setDraft({ ...draft, openai_endpoints: draft.openai_endpoints.map((x, j) => (j === i ? next : x)) })
            }
            onRemove={() => setDraft({ ...draft, openai_endpoints: draft.openai_endpoints.filter((_, j) => j !== i) })}
            onStoreKey={() => setKeyFor(ep.name)}
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
        <ProviderErrors errors={errs('openai')} />
        {list.isLoading ? (
          <Loading />
        ) : (
          draft.openai_endpoints.length > 0 && (
            <ModelTable models={by('openai')} empty="No models listed from these endpoints." />
          )
        )}
      </Section>

      <Section
        title="Scripted model"
        testId="provider-scripted"
        description="A deterministic stand-in that replies from a script: for demos and tests, no model needed."
      >
        <ModelTable models={by('scripted')} empty="No bundled scripts found." />
      </Section>

      <ReadinessSection />
      <SpeechSection />

      {keyFor !== null && <StoreKeyDialog name={keyFor} onClose={() => setKeyFor(null)} />}
    </>
  );
}
