import { speak } from '../agent-reply.js';
import type { NodeHandler } from './types.js';

/** End node: speaks its closing message if it has one, then ends the call (end reason `end_node`). */
export const endNode: NodeHandler<'end'> = async (rt, node) => {
  await speak(rt, node, node.message);
  return { kind: 'end', reason: 'end_node' };
};
