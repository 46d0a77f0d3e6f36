import { speak } from '../agent-reply.js';
import type { NodeHandler } from './types.js';

/**
 * Transfer node: speaks its message if any, records the (templated) destination in the
 * `transfer_target` variable, and ends the call (end reason `transfer`).
 */
export const transferNode: NodeHandler<'transfer'> = async (rt, node) => {
  await speak(rt, node, node.message);
  if (node.target) rt.vars.set('transfer_target', rt.template(node.target));
  return { kind: 'end', reason: 'transfer' };
};
