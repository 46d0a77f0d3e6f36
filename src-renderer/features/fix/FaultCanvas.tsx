import { useMemo } from 'react';
import type { Diagnosis } from '../../../src-shared/schemas/fix.js';
import type { NodeVisit } from '../../../src-shared/schemas/run.js';
import { useApi } from '../../api/hooks.js';
import { ErrorBox, Loading } from '../../ui/common.js';
import { GraphView } from '../graph-editor/index.js';
import { faultPlaces } from './fix-view.js';

/** The version a diagnosis read, with the failing call's path and the fault locations outlined; the picked fault's node centred. */
export function FaultCanvas({
  agentId,
  versionId,
  diagnoses,
  path,
  focusNode,
}: {
  agentId: string;
  versionId: string;
  diagnoses: Diagnosis[];
  path?: NodeVisit[];
  focusNode?: string;
}) {
  const agent = useApi('agents.get', { id: agentId, version_id: versionId }, { staleTime: Infinity });
  const faults = useMemo(() => faultPlaces(diagnoses), [diagnoses]);
  if (agent.isLoading) return <Loading />;
  if (agent.error) return <ErrorBox error={agent.error} />;
  return (
    <div data-testid="fix-canvas" data-fault-nodes={faults.nodes.join(' ')} data-fault-edges={faults.edges.join(' ')}>
      <GraphView
        graph={agent.data!.graph}
        path={path}
        faults={faults}
        focusNodeId={focusNode}
        height={380}
        label={`Fault locations on v${agent.data!.version.version} of ${agent.data!.agent.name}`}
      />
      <p className="muted small">
        Outlined in red: where the diagnosis puts the fault. Numbered: the path the failing call took.
      </p>
    </div>
  );
}
