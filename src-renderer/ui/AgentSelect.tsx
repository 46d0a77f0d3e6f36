import { useEffect, useState } from 'react';
import type { AgentGraph } from '../../src-shared/schemas/index.js';
import { useApi } from '../api/hooks.js';

const KEY = 'parley.suggestions.agent';

/** The agent whose variables, nodes and tools are offered as suggestions; remembered across screens. */
export function useSuggestionAgent(initial?: string | null) {
  const [agentId, setAgentId] = useState<string>(() => initial ?? localStorage.getItem(KEY) ?? '');
  useEffect(() => {
    if (agentId) localStorage.setItem(KEY, agentId);
  }, [agentId]);
  const agents = useApi('agents.list');
  // Forget an agent that no longer exists; pick the only agent when there is exactly one.
  useEffect(() => {
    if (!agents.data) return;
    if (agentId && !agents.data.some((a) => a.id === agentId))
      setAgentId(agents.data.length === 1 ? agents.data[0].id : '');
    else if (!agentId && agents.data.length === 1) setAgentId(agents.data[0].id);
  }, [agents.data, agentId]);
  const detail = useApi(
    'agents.get',
    { id: agentId },
    { enabled: !!agentId && !!agents.data?.some((a) => a.id === agentId) },
  );
  const graph: AgentGraph | undefined = detail.data?.graph;
  return { agentId, setAgentId, agents: agents.data ?? [], graph, loading: detail.isLoading && !!agentId };
}

export function AgentSelect({
  agentId,
  onChange,
  agents,
  label = 'Suggestions from agent',
}: {
  agentId: string;
  onChange: (id: string) => void;
  agents: { id: string; name: string }[];
  label?: string;
}) {
  if (!agents.length)
    return <p className="muted small">Import an agent to get its variable names, nodes and tools as suggestions.</p>;
  return (
    <label className="inline-label agent-select">
      {label}
      <select aria-label={label} value={agentId} onChange={(e) => onChange(e.target.value)}>
        <option value="">None</option>
        {agents.map((a) => (
          <option key={a.id} value={a.id}>
            {a.name}
          </option>
        ))}
      </select>
    </label>
  );
}
