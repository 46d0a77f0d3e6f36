import { decideAt, toOutcome, type NodeHandler } from './types.js';

/** Logic node: no speech, no model call for equations; routes at once (stays only if nothing matches). */
export const logicNode: NodeHandler<'logic'> = async (rt, node, trigger) =>
  toOutcome(await decideAt(rt, node, trigger));
