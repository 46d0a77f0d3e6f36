import { AgentGraph, type AgentGraphInput } from '../../src-shared/schemas/index.js';

/** A small valid graph for tests: greeting -> (prompt) -> farewell (end). */
export function smallGraph(over: Partial<AgentGraphInput> = {}): AgentGraph {
  return AgentGraph.parse({
    name: 'Small agent',
    entry_node_id: 'greeting',
    nodes: [
      {
        id: 'greeting',
        type: 'conversation',
        instruction: { mode: 'static', text: 'Hello, how can I help?' },
        transitions: [{ id: 't1', target: 'bye', condition: { kind: 'prompt', prompt: 'Caller wants to leave' } }],
      },
      { id: 'bye', type: 'end', message: { mode: 'static', text: 'Goodbye.' } },
    ],
    ...over,
  });
}
