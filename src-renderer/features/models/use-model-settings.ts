import { useEffect, useRef, useState } from 'react';
import type { ModelSettings } from '../../../src-shared/contract/models.js';
import type { ModelInfo, ProviderId } from '../../../src-shared/schemas/index.js';
import { useApi, useApiMutation } from '../../api/hooks.js';
import { endpointProblems } from './endpoint-settings.js';
import { cleanSettings, nextDraft } from './settings-draft.js';

/**
 * The Models page's form: the draft of the settings (kept where it has edits of its own when the stored
 * settings change), saving it (cleaned), and the providers' model list refreshed after a save.
 */
export function useModelSettings(initial: ModelSettings) {
  const [draft, setDraft] = useState<ModelSettings>(initial);
  const [saved, setSaved] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const save = useApiMutation('models.saveSettings', ['models.settings']);
  const list = useApi('models.list', { refresh: false }, { retry: false });
  const dirty = JSON.stringify(draft) !== JSON.stringify(initial);

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
    base.current.sent = draft;
    const out = await save.mutateAsync(cleanSettings(draft)).catch(() => undefined);
    if (!out) return;
    setSaved(true);
    setTimeout(() => setSaved(false), 2500);
    await refresh();
  };
  return {
    draft,
    setDraft,
    dirty,
    saved,
    saving: save.isPending,
    onSave,
    refresh,
    checking: refreshing || list.isFetching,
    listLoading: list.isLoading,
    error: save.error ?? list.error,
    problems: endpointProblems(draft),
    by: (p: ProviderId): ModelInfo[] => (list.data?.models ?? []).filter((m) => m.provider === p),
    errs: (p: ProviderId) => (list.data?.errors ?? []).filter((e) => e.provider === p),
  };
}

export type ModelSettingsForm = ReturnType<typeof useModelSettings>;
