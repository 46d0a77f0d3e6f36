import type { Run } from '../../../src-shared/schemas/index.js';
import type { RunAgent } from '../../engine/index.js';
import type { AgentSummary, AgentVersion, Store } from '../../store/index.js';
import { conflict, invalid, notFound } from '../errors.js';

export interface ResolvedVersion {
  agent: AgentSummary;
  version: AgentVersion;
}

/**
 * The one place an agent version is resolved. `agentRef` is an agent id or a unique name;
 * `versionRef` a version id, a version number ("3" or "v3"), or absent for the latest version.
 */
export function resolveAgentVersion(
  store: Store,
  agentRef: string,
  versionRef?: string | null,
  paths: { agent?: string; version?: string } = {},
): ResolvedVersion {
  let agent: AgentSummary | undefined;
  try {
    agent = store.agents.summary(agentRef) ?? store.agents.find(agentRef);
  } catch (e) {
    throw invalid((e as Error).message, paths.agent ?? 'agent_id');
  }
  if (!agent) throw notFound(`agent ${JSON.stringify(agentRef)}`, paths.agent);
  let version: AgentVersion | undefined;
  if (!versionRef) version = store.agents.getVersion(agent.latest_version_id);
  else {
    const byId = store.agents.getVersion(versionRef);
    if (byId && byId.agent_id === agent.id) version = byId;
    else {
      const n = versionRef.replace(/^v/i, '');
      const meta = /^\d+$/.test(n) ? store.agents.versions(agent.id).find((v) => String(v.version) === n) : undefined;
      version = meta ? store.agents.getVersion(meta.id) : undefined;
    }
  }
  if (!version) {
    const known = store.agents
      .versions(agent.id)
      .map((v) => `v${v.version}`)
      .join(', ');
    throw invalid(
      `agent ${agent.name} has no version ${versionRef ?? '(latest)'}${known ? ` (it has ${known})` : ''}`,
      paths.version ?? 'agent_version_id',
    );
  }
  return { agent, version };
}

/** The engine's view of a resolved agent version. */
export const runAgentOf = ({ agent, version }: ResolvedVersion): RunAgent => ({
  id: agent.id,
  version_id: version.id,
  name: agent.name,
  graph: version.graph,
});

/** A stored run by id. */
export function requireRun(store: Store, id: string, path?: string): Run {
  const run = store.runs.get(id);
  if (!run) throw notFound(`run ${JSON.stringify(id)}`, path);
  return run;
}

/** A stored run that is not running (here or in another process); `action` says what waits for it. */
export function finishedRun(store: Store, id: string, action: string): Run {
  const run = requireRun(store, id);
  if (run.status === 'running' || run.status === 'queued')
    throw conflict(`run ${id} is still running: ${action} when it has finished`);
  return run;
}
