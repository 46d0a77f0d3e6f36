import { speak } from '../agent-reply.js';
import { toolsForNode } from '../tools.js';
import { skipDecision } from '../transitions.js';
import { decideAt, endRequested, toOutcome, WAIT, type NodeHandler } from './types.js';

/**
 * Conversation node. On entry the agent speaks (static text verbatim, or the model with the node's
 * instruction). A skip-response node then follows its skip edge at once; otherwise it waits for the
 * caller. After a caller turn the transitions decide; staying means the agent speaks again here.
 */
export const conversationNode: NodeHandler<'conversation'> = async (rt, node, trigger) => {
  if (trigger === 'caller') {
    const d = await decideAt(rt, node, trigger);
    if (d.kind === 'move') return toOutcome(d);
  }
  await speak(rt, node, node.instruction, toolsForNode(rt, node));
  const ended = endRequested(rt);
  if (ended) return ended;
  if (node.skip_response) {
    const s = skipDecision(node);
    if (s) return toOutcome(s);
  }
  return WAIT;
};
