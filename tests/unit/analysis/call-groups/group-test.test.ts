import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../../src-shared/schemas/index.js';
import { draftGroupTest, groupPath } from '../../../../src-main/analysis/call-groups/group-test.js';

const graph = AgentGraph.parse({
  name: 'Clinic',
  entry_node_id: 'greet',
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      name: 'Greeting',
      instruction: { mode: 'prompt', text: 'Hi' },
      transitions: [],
    },
    {
      id: 'cancel',
      type: 'conversation',
      name: 'Cancel visit',
      instruction: { mode: 'prompt', text: 'c' },
      transitions: [],
    },
    { id: 'bye', type: 'end', name: 'Goodbye', transitions: [] },
  ],
});

describe('a group of calls becomes a test', () => {
  const visited = [
    ['greet', 'cancel', 'bye'],
    ['greet', 'cancel', 'cancel', 'bye'],
    ['greet', 'cancel'],
    ['greet', 'cancel', 'bye'],
    ['greet', 'cancel', 'bye'],
  ];

  it('the path: the share of calls through each node (a node twice in a call counts once), names beside ids', () => {
    expect(groupPath(graph, visited)).toEqual([
      { node: 'cancel', name: 'Cancel visit', share: 1 },
      { node: 'greet', name: 'Greeting', share: 1 },
      { node: 'bye', name: 'Goodbye', share: 0.8 },
    ]);
  });

  it("the draft: named from the group's words, the typical caller's words as goal, must visit what 80% of calls visited", () => {
    const taken = new Set<string>(['from calls: cancel, visit, friday']);
    const { label, test } = draftGroupTest(
      graph,
      {
        group: { calls: ['a', 'b'], terms: ['cancel', 'visit', 'friday', 'travel'] },
        typical: ['I need to cancel my visit on Friday'],
        path: groupPath(graph, visited),
      },
      taken,
    );
    expect(label).toBe('cancel, visit, friday');
    expect(test.name).toBe('from calls: cancel, visit, friday #2');
    expect(test.persona).toMatchObject({ goal: expect.stringContaining('I need to cancel my visit on Friday') });
    // the entry node is where every call starts: not asserted
    expect(test.assertions?.path?.must_visit).toEqual(['cancel', 'bye']);
    expect(test.metrics).toHaveLength(1);
  });
});
