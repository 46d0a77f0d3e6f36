import type { AgentGraphInput, GraphNode, NodeType } from '../../../src-shared/schemas/index.js';

const COLS = 25;
const TYPES: NodeType[] = [
  'conversation',
  'conversation',
  'conversation',
  'extract',
  'logic',
  'function',
  'conversation',
  'press_digit',
];

/** A layered flow of `N` nodes (25 columns) with positions, ~1.5 edges per node, every node type but transfer. */
export function bigGraph(N = 500): AgentGraphInput {
  const nodes: GraphNode[] = [];
  for (let i = 0; i < N; i++) {
    const col = Math.floor(i / (N / COLS));
    const row = i % (N / COLS);
    const id = `n${i}`;
    const next = i + N / COLS < N ? `n${i + N / COLS}` : null;
    const side = i + N / COLS + 1 < N && row + 1 < N / COLS ? `n${i + N / COLS + 1}` : null;
    const type = i === N - 1 ? 'end' : TYPES[i % TYPES.length]!;
    const transitions: GraphNode['transitions'] = [];
    if (type === 'logic') {
      if (next)
        transitions.push({
          id: `${id}-a`,
          target: next,
          condition: {
            kind: 'equation',
            match: 'all',
            equations: [{ left: 'account_type', operator: '==', right: `tier${i % 4}` }],
          },
        });
      if (side) transitions.push({ id: `${id}-else`, target: side, condition: { kind: 'else' } });
    } else if (type !== 'end') {
      if (next)
        transitions.push({
          id: `${id}-a`,
          target: next,
          condition: { kind: 'prompt', prompt: `The caller confirmed step ${i} and wants to continue` },
        });
      if (side && i % 2 === 0)
        transitions.push({
          id: `${id}-b`,
          target: side,
          condition: { kind: 'prompt', prompt: `The caller asks about option ${i}` },
        });
      if (!next && !side) transitions.push({ id: `${id}-end`, target: `n${N - 1}`, condition: { kind: 'always' } });
    }
    const base = { id, name: `Step ${i}`, position: { x: col * 320, y: row * 190 }, transitions };
    const text = {
      mode: 'prompt' as const,
      text: `Handle step ${i} of the call: ask the caller for detail ${i % 17} and confirm it.\nSecond line.`,
    };
    switch (type) {
      case 'conversation':
      case 'press_digit':
        nodes.push({ ...base, type, instruction: text } as GraphNode);
        break;
      case 'extract':
        nodes.push({ ...base, type, variables: [{ name: `v${i}`, description: 'a value', type: 'text' }] });
        break;
      case 'function':
        nodes.push({ ...base, type, tool: 'lookup', output_variables: [], actions: [] });
        break;
      case 'logic':
        nodes.push({ ...base, type });
        break;
      case 'end':
        nodes.push({ ...base, type });
        break;
      default:
        throw new Error(type);
    }
  }
  return {
    name: 'Big flow',
    entry_node_id: 'n0',
    tools: [{ name: 'lookup', description: '' }],
    default_variables: { account_type: 'tier0' },
    nodes,
  };
}
