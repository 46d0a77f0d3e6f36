import type { GraphNode, NodeOf, NodeType } from '../../../../src-shared/schemas/index.js';
import { makeRouter } from '../router.js';
import type { Runtime } from '../runtime.js';
import { decide, type Decision } from '../transitions.js';

/** What a node handler leaves the conversation with. */
export type NodeOutcome =
  | { kind: 'wait' }
  | { kind: 'move'; decision: Extract<Decision, { kind: 'move' }> }
  | { kind: 'end'; reason: 'end_node' | 'transfer' };

/** `enter`: the node was just entered; `caller`: the caller spoke while the conversation was on it. */
export type Trigger = 'enter' | 'caller';

export type NodeHandler<T extends NodeType> = (rt: Runtime, node: NodeOf<T>, trigger: Trigger) => Promise<NodeOutcome>;

export const WAIT: NodeOutcome = { kind: 'wait' };

export function toOutcome(d: Decision): NodeOutcome {
  return d.kind === 'move' ? { kind: 'move', decision: d } : WAIT;
}

/** Decides the way out of `node` (global entry conditions only after a caller turn). */
export function decideAt(rt: Runtime, node: GraphNode, trigger: Trigger): Promise<Decision> {
  return decide({
    graph: rt.graph,
    node,
    vars: rt.vars,
    stack: rt.stack,
    includeGlobals: trigger === 'caller',
    router: makeRouter(rt, node),
    template: (t) => rt.template(t),
  });
}

/** An agent-requested end (end_call / transfer_call tool) wins over everything else. */
export function endRequested(rt: Runtime): NodeOutcome | undefined {
  return rt.endRequest ? { kind: 'end', reason: rt.endRequest } : undefined;
}
