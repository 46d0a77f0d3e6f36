import { describe, expect, it } from 'vitest';
import { converse, edge, staticNode } from '../helpers.js';

describe('smoke', () => {
  it('runs a static greeting then an end node', async () => {
    const r = await converse({
      graph: {
        entry_node_id: 'greet',
        nodes: [
          staticNode('greet', 'Hello {{user.name}}!', [edge('t1', 'bye', { kind: 'always' })]),
          { id: 'bye', type: 'end', message: { mode: 'static', text: 'Goodbye.' } },
        ],
      },
      test: { caller_script: ['hi'], dynamic_variables: { user: { name: 'Dana' } } },
    });
    expect(r.said).toEqual(['agent: Hello Dana!', 'caller: hi', 'agent: Goodbye.']);
    expect(r.endReason).toBe('end_node');
    expect(r.path).toEqual(['greet', 'bye']);
    expect(r.calls).toEqual([]);
  });
});
