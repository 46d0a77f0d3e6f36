import { describe, expect, it } from 'vitest';
import { PathAssertion } from '../../../../src-shared/schemas/index.js';
import { checkPath } from '../../../../src-main/engine/judge/index.js';
import { graph, staticNode } from '../helpers.js';

const g = graph({
  entry_node_id: 'a',
  nodes: [
    staticNode('a', 'A', [], { name: 'Greeting' }),
    staticNode('b', 'B'),
    staticNode('c', 'C', [], { name: 'Goodbye' }),
  ],
});
const visits = [
  { node: 'a', turn: 0, reason: 'entry' },
  { node: 'b', turn: 2, reason: 'always' },
];

describe('path assertions', () => {
  it('must_visit / must_not_visit / ends_at, by node id or unique name', () => {
    const r = checkPath(
      g,
      visits,
      PathAssertion.parse({ must_visit: ['Greeting', 'c'], must_not_visit: ['b', 'Goodbye'], ends_at: 'Goodbye' }),
    );
    expect(r.map((c) => [c.kind, c.target, c.passed])).toEqual([
      ['must_visit', 'Greeting', true],
      ['must_visit', 'c', false],
      ['must_not_visit', 'b', false],
      ['must_not_visit', 'Goodbye', true],
      ['ends_at', 'Goodbye', false],
    ]);
    // named as on the canvas: the name, the id in brackets when they differ
    expect(r[0].message).toBe('visited Greeting (a)');
    expect(r[1].message).toBe('node Goodbye (c) was never visited (path: Greeting -> b)');
    expect(r[2].message).toBe('node b was visited (visit 2 of path: Greeting -> b)');
    expect(r[4].message).toBe('ended at b, expected Goodbye (c) (path: Greeting -> b)');
    expect(checkPath(g, visits, PathAssertion.parse({ ends_at: 'b' }))[0].passed).toBe(true);
  });
});
