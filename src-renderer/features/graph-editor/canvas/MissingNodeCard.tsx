import { memo } from 'react';
import { Handle, Position, type NodeProps } from '@xyflow/react';
import type { MissingNode } from '../model/missing-targets.js';

/** Where a transition to a node that does not exist leads: nowhere, said plainly. */
export const MissingNodeCard = memo(({ data }: NodeProps<MissingNode>) => (
  <div
    className="ge-node ge-missing"
    data-testid="missing-node"
    data-target={data.target}
    role="note"
    aria-label={`Missing node ${data.target}`}
  >
    <Handle type="target" position={Position.Left} isConnectable={false} />
    <div className="ge-missing__title">No node “{data.target}”</div>
    <div className="ge-missing__hint">
      Select the red edge, then pick another target in the inspector, or delete it.
    </div>
  </div>
));
MissingNodeCard.displayName = 'MissingNodeCard';
