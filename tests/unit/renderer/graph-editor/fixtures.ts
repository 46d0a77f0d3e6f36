import type { AgentGraph, GraphNode } from '../../../../src-shared/schemas/index.js';

/** A small graph: greet -> (prompt) ask -> (equation / else) premium | standard -> end, plus a global cancel node. */
export function sampleGraph(): AgentGraph {
  const nodes: GraphNode[] = [
    {
      id: 'greet',
      name: 'Greeting',
      type: 'conversation',
      position: { x: 0, y: 0 },
      instruction: { mode: 'prompt', text: 'Greet the caller.\nThen ask why they call.' },
      transitions: [
        { id: 't1', target: 'route', condition: { kind: 'prompt', prompt: 'The caller said why they call' } },
      ],
    },
    {
      id: 'route',
      name: 'Router',
      type: 'logic',
      position: { x: 300, y: 0 },
      transitions: [
        {
          id: 't2',
          target: 'premium',
          condition: {
            kind: 'equation',
            match: 'all',
            equations: [{ left: 'account_type', operator: '==', right: 'premium' }],
          },
        },
        { id: 't3', target: 'standard', condition: { kind: 'else' } },
      ],
    },
    {
      id: 'premium',
      name: 'Premium',
      type: 'conversation',
      position: { x: 600, y: -100 },
      instruction: { mode: 'static', text: 'Welcome, {{name}}!' },
      transitions: [{ id: 't4', target: 'end', condition: { kind: 'always' } }],
    },
    {
      id: 'standard',
      name: 'Standard',
      type: 'conversation',
      position: { x: 600, y: 100 },
      instruction: { mode: 'prompt', text: 'Help.' },
      transitions: [
        { id: 't5', target: 'end', condition: { kind: 'prompt', prompt: 'done' } },
        { id: 't6', target: 'premium', condition: { kind: 'prompt', prompt: 'wants upgrade' } },
      ],
    },
    { id: 'end', name: 'Bye', type: 'end', position: { x: 900, y: 0 }, transitions: [] },
    {
      id: 'cancel',
      name: 'Cancel',
      type: 'conversation',
      position: { x: 300, y: 300 },
      instruction: { mode: 'prompt', text: 'Confirm cancel' },
      global: {
        entry_conditions: [{ id: 'g1', condition: { kind: 'prompt', prompt: 'Caller wants to cancel' } }],
        go_back_conditions: [],
      },
      transitions: [{ id: 't7', target: 'end', condition: { kind: 'prompt', prompt: 'confirmed' } }],
    },
  ];
  return {
    schema_version: 1,
    name: 'Sample',
    entry_node_id: 'greet',
    first_speaker: 'agent',
    global_prompt: 'Be kind. {%policy%}',
    snippets: { policy: 'No refunds.' },
    tools: [{ name: 'lookup', description: '', kind: 'custom' }],
    default_variables: { name: 'friend' },
    metrics: [],
    source: { format: 'parley', meta: {} },
    nodes,
  };
}
