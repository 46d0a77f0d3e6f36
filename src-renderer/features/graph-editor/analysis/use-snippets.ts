import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { api } from '../../../api/client.js';
import { useApi } from '../../../api/hooks.js';
import { useEditor } from '../state/editor-store.js';

/** Where a finding or a repeated text is in the graph (the editor jumps there). */
export interface CheckPick {
  node_id?: string;
  transition_id?: string;
  path: string;
  message: string;
}

export type CheckStatus = (s: { text: string; kind: 'info' | 'error' }) => void;

/**
 * The repeated text of the saved version (analysis.snippets) and extracting it: one candidate or all
 * exact ones become snippets in a new version, which the editor then holds as saved.
 */
export function useSnippets(agentId: string, versionId: string | null, onStatus: CheckStatus) {
  const snippets = useApi(
    'analysis.snippets',
    { agent_id: agentId, agent_version_id: versionId ?? undefined },
    { enabled: !!versionId },
  );
  const qc = useQueryClient();
  const [busy, setBusy] = useState(false);

  const extract = async (ids?: string[]) => {
    if (!versionId) return;
    setBusy(true);
    try {
      const out = await api.call('analysis.applySnippets', {
        agent_id: agentId,
        agent_version_id: versionId,
        ...(ids ? { candidate_ids: ids } : {}),
      });
      const saved = await api.call('agents.get', { id: agentId, version_id: out.version.id });
      const { apply, markSaved } = useEditor.getState();
      apply(() => saved.graph);
      markSaved(saved.graph, out.version.id);
      void qc.invalidateQueries({ queryKey: ['agents.get'] });
      void qc.invalidateQueries({ queryKey: ['agents.list'] });
      onStatus({
        text: `v${out.version.version} saved with ${out.applied.map((c) => `{%${c.name}%}`).join(', ')} (every prompt reads the same)`,
        kind: 'info',
      });
    } catch (e) {
      onStatus({ text: `Could not extract: ${(e as Error).message}`, kind: 'error' });
    } finally {
      setBusy(false);
    }
  };

  const candidates = snippets.data?.report.candidates ?? [];
  return {
    report: snippets.data?.report,
    error: snippets.error as Error | null,
    exact: candidates.filter((c) => c.kind === 'exact'),
    near: candidates.filter((c) => c.kind === 'near'),
    busy,
    extract,
  };
}

export type SnippetsState = ReturnType<typeof useSnippets>;
