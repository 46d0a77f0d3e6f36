import type { GraphNode } from '../../../../src-shared/schemas/index.js';
import type { Runtime } from '../runtime.js';
import { conversationNode } from './conversation.js';
import { endNode } from './end.js';
import { extractNode } from './extract.js';
import { functionNode } from './function.js';
import { logicNode } from './logic.js';
import { pressDigitNode } from './press-digit.js';
import { transferNode } from './transfer.js';
import type { NodeOutcome, Trigger } from './types.js';

export type { NodeOutcome, Trigger } from './types.js';
export { digitVariable } from './press-digit.js';

/** Runs a node's handler for an entry or a caller turn. */
export function runNode(rt: Runtime, node: GraphNode, trigger: Trigger): Promise<NodeOutcome> {
  switch (node.type) {
    case 'conversation':
      return conversationNode(rt, node, trigger);
    case 'logic':
      return logicNode(rt, node, trigger);
    case 'extract':
      return extractNode(rt, node, trigger);
    case 'function':
      return functionNode(rt, node, trigger);
    case 'transfer':
      return transferNode(rt, node, trigger);
    case 'end':
      return endNode(rt, node, trigger);
    case 'press_digit':
      return pressDigitNode(rt, node, trigger);
  }
}
