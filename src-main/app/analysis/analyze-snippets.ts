import type { SnippetCandidate, SnippetReport } from '../../../src-shared/contract/analysis.js';
import { analyzeSnippets, applySnippets, SnippetApplyError } from '../../analysis/snippets.js';
import type { AgentVersion, Store } from '../../store/index.js';
import { conflict, invalid } from '../errors.js';
import { resolveAgentVersion, type ResolvedVersion } from '../refs/resolve.js';

export interface SnippetRequest {
  agent_id: string;
  agent_version_id?: string;
  min_chars?: number;
  threshold?: number;
}

export interface ApplySnippetRequest extends SnippetRequest {
  /** Absent: every exact candidate. */
  candidate_ids?: string[];
  names?: Record<string, string>;
}

const versionRef = ({ agent, version }: ResolvedVersion) => ({
  agent_id: agent.id,
  agent_name: agent.name,
  version_id: version.id,
  version: version.version,
});

/** Snippet candidates of a stored agent version. */
export function snippetReport(store: Store, req: SnippetRequest) {
  const { agent, report } = analyzed(store, req);
  return { agent, report };
}

function analyzed(store: Store, req: SnippetRequest) {
  const resolved = resolveAgentVersion(store, req.agent_id, req.agent_version_id);
  const report: SnippetReport = analyzeSnippets(resolved.version.graph, {
    minChars: req.min_chars,
    threshold: req.threshold,
  });
  return { agent: versionRef(resolved), report, graph: resolved.version.graph };
}

/**
 * Extracts the chosen exact repeats into snippets and saves the result as a new version of the agent.
 * Nothing is stored when a candidate id is unknown, a near repeat is chosen, or the expanded prompts
 * would change.
 */
export function applySnippetCandidates(
  store: Store,
  req: ApplySnippetRequest,
): { version: Omit<AgentVersion, 'graph'>; created: boolean; applied: SnippetCandidate[] } {
  const { agent, report, graph } = analyzed(store, req);
  const byId = new Map(report.candidates.map((c) => [c.id, c]));
  const ids = req.candidate_ids ?? report.candidates.filter((c) => c.kind === 'exact').map((c) => c.id);
  ids.forEach((id, i) => {
    if (!byId.has(id))
      throw invalid(
        `no snippet candidate ${id} in ${agent.agent_name} v${agent.version} (it has ${report.candidates.map((c) => c.id).join(', ') || 'none'})`,
        `candidate_ids[${i}]`,
      );
  });
  if (!ids.length) throw conflict(`${agent.agent_name} v${agent.version} has no exact repeats to extract`);
  const chosen = ids.map((id) => {
    const c = byId.get(id)!;
    const name = req.names?.[id];
    return name ? { ...c, name } : c;
  });
  let next;
  try {
    next = applySnippets(graph, chosen);
  } catch (e) {
    if (e instanceof SnippetApplyError) throw invalid(e.message, 'candidate_ids');
    throw e;
  }
  const note = `snippets: ${chosen.map((c) => c.name).join(', ')}`;
  const { version, created } = store.agents.saveVersion(agent.agent_id, next, note);
  const { graph: _g, ...meta } = version;
  return { version: meta, created, applied: chosen };
}
