import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { LintFinding, SnippetCandidate } from '../../../../src-shared/contract/analysis.js';
import type { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { api } from '../../../api/client.js';
import { useApi } from '../../../api/hooks.js';
import { useEditor } from '../state/editor-store.js';
import './checks.css';
import { RoutingCheck } from './RoutingCheck.js';
import { idsTip, inNodeNames } from '../model/labels.js';

/** The value a moment after it stops changing (the checklist follows typing without a call per key). */
function useSettled<T>(value: T, ms = 400): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

const RULE_LABEL: Record<LintFinding['rule'], string> = {
  unreachable: 'Unreachable',
  dead_end: 'Dead end',
  identical_conditions: 'Identical conditions',
  used_before_set: 'Read before set',
  never_set: 'Never set',
  unread_extract: 'Unread variable',
  unmocked_tool: 'No mock',
  global_without_go_back: 'No go-back',
  prompt_over_budget: 'Long prompt',
};

/**
 * The Checks tab: the lint checklist of the graph as it is being edited (click a finding to jump to its
 * node or edge) and the snippet candidates of the saved version (extract one or all as a new version).
 * Advice only: nothing here blocks editing or saving.
 */
export function ChecksPanel({
  agentId,
  graph,
  versionId,
  dirty,
  onPick,
  onStatus,
}: {
  agentId: string;
  graph: AgentGraph;
  versionId: string | null;
  dirty: boolean;
  onPick(f: { node_id?: string; transition_id?: string; path: string; message: string }): void;
  onStatus(s: { text: string; kind: 'info' | 'error' }): void;
}) {
  const settled = useSettled(graph);
  const lint = useApi('analysis.lint', { graph: settled }, { placeholderData: (prev) => prev });
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

  const findings = lint.data?.findings ?? [];
  const exact = (snippets.data?.report.candidates ?? []).filter((c) => c.kind === 'exact');
  const near = (snippets.data?.report.candidates ?? []).filter((c) => c.kind === 'near');
  return (
    <div className="ge-inspector ge-checks" data-testid="checks-panel">
      <div className="ge-inspector__title">Checklist</div>
      {lint.error ? (
        <p className="error small">Checks failed: {(lint.error as Error).message}</p>
      ) : !lint.data ? (
        <p className="muted small">Checking…</p>
      ) : !findings.length ? (
        <p className="muted small" data-testid="lint-clean">
          Nothing to flag.
        </p>
      ) : (
        <ul className="ge-problems__list">
          {findings.map((f, k) => (
            <li key={k}>
              <button
                type="button"
                className={`ge-problem is-${f.severity === 'warning' ? 'warning' : 'info'}`}
                onClick={() => onPick(f)}
                data-testid="lint-finding"
                data-rule={f.rule}
                title={idsTip(f, graph?.nodes ?? [])}
              >
                <span className="ge-problem__sev">{RULE_LABEL[f.rule]}</span>
                <span>{inNodeNames(f.message, graph?.nodes ?? [])}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {lint.data?.skipped.map((s) => (
        <p key={s.rule} className="muted small">
          Not checked ({RULE_LABEL[s.rule]}): {s.why}.
        </p>
      ))}

      <RoutingCheck
        agentId={agentId}
        versionId={versionId}
        graph={graph}
        onPickNode={(id) => onPick({ node_id: id, path: '', message: `decision point ${id}` })}
      />

      <div className="ge-inspector__title">Repeated text</div>
      {!versionId ? (
        <p className="muted small">Save the agent first: snippets are extracted from a saved version.</p>
      ) : snippets.error ? (
        <p className="error small">Snippet analysis failed: {(snippets.error as Error).message}</p>
      ) : !snippets.data ? (
        <p className="muted small">Reading…</p>
      ) : (
        <>
          {dirty && <p className="muted small">These are for the saved version; save your changes to include them.</p>}
          {!exact.length && !near.length && <p className="muted small">No repeated text.</p>}
          {exact.map((c) => (
            <Candidate key={c.id} c={c} onPick={onPick}>
              <button
                type="button"
                disabled={busy || dirty}
                onClick={() => void extract([c.id])}
                data-testid="extract-snippet"
              >
                Extract as {`{%${c.name}%}`}
              </button>
            </Candidate>
          ))}
          {exact.length > 1 && (
            <button type="button" className="primary" disabled={busy || dirty} onClick={() => void extract()}>
              Extract all {exact.length} as a new version
            </button>
          )}
          {near.map((c) => (
            <Candidate key={c.id} c={c} onPick={onPick}>
              <span className="muted small">
                Nearly the same ({Math.round(c.similarity * 100)}%): if they mean the same, make them identical to
                extract them.
              </span>
            </Candidate>
          ))}
          {snippets.data.report.unused.length > 0 && (
            <p className="small">Snippets never used: {snippets.data.report.unused.join(', ')}</p>
          )}
          {snippets.data.report.used_once.length > 0 && (
            <p className="small">
              Snippets used once (inline them?): {snippets.data.report.used_once.map((s) => s.name).join(', ')}
            </p>
          )}
        </>
      )}
    </div>
  );
}

function Candidate({
  c,
  onPick,
  children,
}: {
  c: SnippetCandidate;
  onPick(f: { node_id?: string; transition_id?: string; path: string; message: string }): void;
  children: React.ReactNode;
}) {
  return (
    <div className="ge-snippet" data-testid="snippet-candidate">
      <blockquote className="small">{c.text}</blockquote>
      <div className="ge-row small">
        {c.places.map((p, k) => (
          <button
            key={k}
            type="button"
            className="link"
            title={p.text}
            onClick={() => onPick({ ...p, message: `repeated text at ${p.path}` })}
          >
            {p.transition_id ?? p.node_id ?? 'global prompt'}
          </button>
        ))}
      </div>
      {children}
    </div>
  );
}
