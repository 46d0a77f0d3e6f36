import { speak } from '../agent-reply.js';
import { decideAt, toOutcome, WAIT, type NodeHandler } from './types.js';

/** Variable a press_digit node stores the key in. */
export const digitVariable = (node: { variable?: string }): string => node.variable || 'digit';

/**
 * press_digit: the agent says the instruction and waits; the caller answers with one key (the
 * conversation loop asks the caller for a digit while on this node and stores it in `variable`,
 * default `digit`); then the transitions decide (usually equations on the digit). No match: the
 * agent says the instruction again.
 */
export const pressDigitNode: NodeHandler<'press_digit'> = async (rt, node, trigger) => {
  if (trigger === 'caller') {
    const d = await decideAt(rt, node, trigger);
    if (d.kind === 'move') return toOutcome(d);
  }
  await speak(rt, node, node.instruction);
  return WAIT;
};
