import { memo, type CSSProperties, type ReactNode } from 'react';
import { RoutingBadge } from '../analysis/RoutingBadge.js';
import { Handle, Position, type NodeProps, type NodeTypes } from '@xyflow/react';
import type { GraphNode, NodeOf } from '../../../../src-shared/schemas/index.js';
import { NODE_TYPE_LABELS } from '../model/graph-ops.js';
import { conditionLabel, displayName, firstLine, nodePreview, truncate, waysOut } from '../model/labels.js';
import type { CardNode } from '../model/to-flow.js';
import { NodeIcon } from './NodeIcon.js';

function LintBadge({ errors, warnings, messages }: { errors: number; warnings: number; messages: string[] }) {
  const label = [
    errors && `${errors} error${errors > 1 ? 's' : ''}`,
    warnings && `${warnings} warning${warnings > 1 ? 's' : ''}`,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <span
      className={`ge-lint ${errors ? 'is-error' : 'is-warning'}`}
      title={messages.join('\n')}
      aria-label={label}
      data-testid="lint-badge"
    >
      {errors ? '!' : '?'} {errors + warnings}
    </span>
  );
}

/** The frame every node card shares: type colour, icon, name, tags, lint badge, handles, ways out. */
function CardFrame({ props, children }: { props: NodeProps<CardNode>; children: ReactNode }) {
  const { data, selected } = props;
  const n = data.node;
  const style = {
    '--type-color': `var(--node-${n.type})`,
    ...(data.heat !== undefined ? { '--heat': String(data.heat) } : {}),
  } as CSSProperties;
  const cls = [
    'ge-node',
    n.global && 'is-global',
    selected && 'is-selected',
    data.dim && 'is-dim',
    data.hit && 'is-hit',
    data.live && 'is-live',
    data.fault && 'is-fault',
    data.visits && 'on-path',
    data.heat !== undefined && 'has-heat',
    data.issues?.errors ? 'has-error' : data.issues?.warnings ? 'has-warning' : '',
  ]
    .filter(Boolean)
    .join(' ');
  const out = waysOut(n);
  return (
    <div
      className={cls}
      style={style}
      data-testid="graph-node"
      data-node-id={n.id}
      {...(data.live ? { 'data-live': 'true' } : {})}
      aria-label={`${NODE_TYPE_LABELS[n.type]} node ${displayName(n)}`}
    >
      <Handle type="target" position={Position.Left} />
      <div className="ge-node__head">
        <span className="ge-node__icon">
          <NodeIcon type={n.type} />
        </span>
        <span className="ge-node__type">{NODE_TYPE_LABELS[n.type]}</span>
        <span className="ge-node__tags">
          {data.live && (
            <span className="ge-tag ge-tag--live" title="The test conversation is on this node">
              ● live
            </span>
          )}
          {data.fault && (
            <span className="ge-tag ge-tag--fault" title="The diagnosis puts a fault here">
              fault
            </span>
          )}
          {data.isEntry && (
            <span className="ge-tag ge-tag--entry" title="The conversation starts here">
              Start
            </span>
          )}
          {n.global && (
            <span className="ge-tag ge-tag--global" title="Reachable from anywhere when its entry condition is met">
              global
            </span>
          )}
          {data.issues && <LintBadge {...data.issues} />}
          <RoutingBadge nodeId={n.id} />
        </span>
      </div>
      <div className="ge-node__name" title={n.id}>
        {displayName(n)}
      </div>
      {children}
      {n.global && (
        <div className="ge-node__global">
          <span className="muted">Enters when </span>
          {n.global.entry_conditions[0]
            ? conditionLabel(n.global.entry_conditions[0].condition, 70)
            : '(no entry condition)'}
          {n.global.entry_conditions.length > 1 && (
            <span className="muted"> +{n.global.entry_conditions.length - 1} more</span>
          )}
          {n.global.go_back_conditions.length > 0 && (
            <div className="muted">
              ↩ goes back on {n.global.go_back_conditions.length} condition
              {n.global.go_back_conditions.length > 1 ? 's' : ''}
            </div>
          )}
        </div>
      )}
      <div className="ge-node__foot">
        <span>{out === 0 ? 'no way out' : `${out} way${out > 1 ? 's' : ''} out`}</span>
        {data.visits && (
          <span className="ge-visits" title="Steps of the path at which this node was entered">
            #{data.visits.join(', #')}
          </span>
        )}
        {data.count !== undefined && (
          <span className="ge-count" title="Visits across the run">
            ×{data.count}
          </span>
        )}
      </div>
      <Handle type="source" position={Position.Right} />
    </div>
  );
}

const Preview = ({ n }: { n: GraphNode }) => <div className="ge-node__preview">{nodePreview(n)}</div>;

const ConversationCard = memo((p: NodeProps<CardNode>) => {
  const n = p.data.node as NodeOf<'conversation'>;
  return (
    <CardFrame props={p}>
      <Preview n={n} />
      {(n.instruction.mode === 'static' || n.skip_response) && (
        <div className="ge-node__chips">
          {n.instruction.mode === 'static' && <span className="ge-chip">says verbatim</span>}
          {n.skip_response && <span className="ge-chip">no reply wait</span>}
        </div>
      )}
    </CardFrame>
  );
});

const LogicCard = memo((p: NodeProps<CardNode>) => {
  const n = p.data.node as NodeOf<'logic'>;
  const eqs = n.transitions.filter((t) => t.condition.kind === 'equation').length;
  return (
    <CardFrame props={p}>
      <div className="ge-node__preview">
        Routes by {eqs} equation{eqs === 1 ? '' : 's'}
        {n.transitions.some((t) => t.condition.kind === 'else') ? ' + else' : ''}
      </div>
    </CardFrame>
  );
});

const ExtractCard = memo((p: NodeProps<CardNode>) => {
  const n = p.data.node as NodeOf<'extract'>;
  return (
    <CardFrame props={p}>
      {n.variables.length ? (
        <div className="ge-node__chips">
          {n.variables.slice(0, 4).map((v) => (
            <span key={v.name} className="ge-chip" title={v.description}>
              {v.name}: {v.type}
            </span>
          ))}
          {n.variables.length > 4 && <span className="ge-chip">+{n.variables.length - 4}</span>}
        </div>
      ) : (
        <Preview n={n} />
      )}
    </CardFrame>
  );
});

const FunctionCard = memo((p: NodeProps<CardNode>) => {
  const n = p.data.node as NodeOf<'function'>;
  return (
    <CardFrame props={p}>
      <div className="ge-node__preview">
        <code>{n.tool}()</code>
        {n.speak_during_execution?.text ? ` — ${firstLine(n.speak_during_execution.text, 40)}` : ''}
      </div>
      {n.output_variables.length > 0 && (
        <div className="ge-node__chips">
          {n.output_variables.slice(0, 3).map((o) => (
            <span key={o.variable} className="ge-chip">
              → {o.variable}
            </span>
          ))}
        </div>
      )}
    </CardFrame>
  );
});

const TransferCard = memo((p: NodeProps<CardNode>) => (
  <CardFrame props={p}>
    <Preview n={p.data.node} />
  </CardFrame>
));
const EndCard = memo((p: NodeProps<CardNode>) => (
  <CardFrame props={p}>
    <Preview n={p.data.node} />
  </CardFrame>
));

const PressDigitCard = memo((p: NodeProps<CardNode>) => {
  const n = p.data.node as NodeOf<'press_digit'>;
  return (
    <CardFrame props={p}>
      <Preview n={n} />
      <div className="ge-node__chips">
        <span className="ge-chip">stores {truncate(n.variable || 'digit', 20)}</span>
      </div>
    </CardFrame>
  );
});

/** One component per node type, keyed by `GraphNode.type`. */
export const NODE_COMPONENTS: NodeTypes = {
  conversation: ConversationCard,
  logic: LogicCard,
  extract: ExtractCard,
  function: FunctionCard,
  transfer: TransferCard,
  end: EndCard,
  press_digit: PressDigitCard,
};
