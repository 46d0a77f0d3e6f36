import { useState } from 'react';
import type { ModelSettings } from '../../../src-shared/contract/models.js';
import { useApi } from '../../api/hooks.js';
import { ErrorBox, Loading, PageHeader } from '../../ui/common.js';
import '../personas/personas.css';
import { Section } from '../../ui/widgets.js';
import { ModelTable } from './ModelTable.js';
import { GgufSection, OllamaSection, OpenAiSection } from './ProviderSections.js';
import { useModelSettings } from './use-model-settings.js';
import { StoreKeyDialog } from './StoreKeyDialog.js';
import './models.css';
import { ReadinessSection } from './ReadinessSection.js';
import { SpeechSection } from './SpeechSection.js';

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

/** Where Parley finds models, each provider a section; the form's state is in use-model-settings.ts. */
function ModelsEditor({ initial }: { initial: ModelSettings }) {
  const info = useApi('app.info');
  const [keyFor, setKeyFor] = useState<string | null>(null);
  const f = useModelSettings(initial);
  return (
    <>
      <PageHeader
        title="Models"
        actions={
          <>
            <button type="button" onClick={() => void f.refresh()} disabled={f.checking}>
              {f.checking ? 'Checking providers…' : 'Refresh list'}
            </button>
            <button
              type="button"
              className="primary"
              disabled={!f.dirty || f.saving || f.problems.length > 0}
              onClick={() => void f.onSave()}
            >
              {f.saving ? 'Saving…' : 'Save settings'}
            </button>
          </>
        }
      >
        {f.dirty ? (
          <span className="unsaved" role="status">
            Unsaved settings
          </span>
        ) : f.saved ? (
          <span className="saved" role="status">
            Saved
          </span>
        ) : (
          'Where Parley finds models: GGUF files on this computer, Ollama servers, and OpenAI-compatible endpoints.'
        )}
      </PageHeader>
      <ErrorBox error={f.error} />
      {f.problems.length > 0 && (
        <div className="error-box" role="alert">
          {f.problems.map((p) => (
            <div key={p}>{p}</div>
          ))}
        </div>
      )}
      <GgufSection f={f} />
      <OllamaSection f={f} stored={initial} />
      <OpenAiSection f={f} web={info.data?.mode === 'web'} onStoreKey={setKeyFor} />
      <Section
        title="Scripted model"
        testId="provider-scripted"
        description="A deterministic stand-in that replies from a script: for demos and tests, no model needed."
      >
        <ModelTable models={f.by('scripted')} empty="No bundled scripts found." />
      </Section>
      <ReadinessSection />
      <SpeechSection />
      {keyFor !== null && <StoreKeyDialog name={keyFor} onClose={() => setKeyFor(null)} />}
    </>
  );
}
