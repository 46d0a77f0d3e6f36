import { useCallback, useEffect, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation } from 'wouter';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { api, ApiClientError } from '../../../api/client.js';
import { deleteImportDraft, updateImportDraft, type ImportDraft } from './import-drafts.js';
import type { Status } from './use-editor-actions.js';

/**
 * Keeps an import being fixed in localStorage as it is edited, and saves it: `agents.importFixed`
 * creates the agent only when the graph validates; otherwise the problems stay on screen and the draft
 * is kept.
 */
export function useImportDraft(draft: ImportDraft, graph: AgentGraph, setStatus: (s: Status | null) => void) {
  const qc = useQueryClient();
  const [, navigate] = useLocation();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    const t = setTimeout(() => {
      if (!updateImportDraft(draft.id, graph))
        setStatus({ text: 'Could not keep this draft in the browser (storage full?): save it soon', kind: 'error' });
    }, 300);
    return () => clearTimeout(t);
  }, [draft.id, graph, setStatus]);

  const save = useCallback(async (): Promise<boolean> => {
    setSaving(true);
    try {
      const r = await api.call('agents.importFixed', { graph, file: draft.file, format: draft.format });
      deleteImportDraft(draft.id);
      void qc.invalidateQueries({ queryKey: ['agents.list'] });
      navigate(`/agents/${r.agent.id}`);
      return true;
    } catch (e) {
      const err = e instanceof ApiClientError ? e.error : undefined;
      setStatus({ text: err?.message ?? `Not saved: ${(e as Error).message}`, kind: 'error' });
      return false;
    } finally {
      setSaving(false);
    }
  }, [draft, graph, navigate, qc, setStatus]);

  const discard = useCallback(() => {
    deleteImportDraft(draft.id);
    navigate('/agents');
  }, [draft.id, navigate]);

  return { save, saving, discard };
}
