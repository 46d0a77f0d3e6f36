import { Link, useLocation } from 'wouter';
import { useApi } from '../../api/hooks.js';
import { Empty, ErrorBox, fmtDate, Loading, PageHeader } from '../../ui/common.js';

export function AgentsPage() {
  const agents = useApi('agents.list');
  const [, navigate] = useLocation();
  return (
    <>
      <PageHeader title="Agents">Agents you imported or drew. Each save is a new version.</PageHeader>
      <ErrorBox error={agents.error} />
      {agents.isLoading && <Loading />}
      {agents.data?.length === 0 && <Empty>No agents yet. Import a Retell, VAPI, RevRing or voicetest export, or start from the example on the <Link href="/">home screen</Link>.</Empty>}
      {!!agents.data?.length && (
        <table>
          <thead><tr><th>Name</th><th>Version</th><th>Nodes</th><th>Format</th><th>Updated</th></tr></thead>
          <tbody>
            {agents.data.map((a) => (
              <tr key={a.id} className="clickable" onClick={() => navigate(`/agents/${a.id}`)}>
                <td>{a.name}</td><td>v{a.version}</td><td>{a.node_count}</td><td>{a.source_format}</td><td>{fmtDate(a.updated_at)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}
