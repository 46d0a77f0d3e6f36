import { describe, expect, it } from 'vitest';
import { TestSuite } from '../../../../src-shared/schemas/index.js';
import { checkCheckpointNodes } from '../../../../src-main/engine/run/checkpoint-refs.js';
import { smallGraph } from '../../../support/graphs.js';

describe('checkCheckpointNodes', () => {
  it('refuses before a run a start node or an expected node the agent does not have, naming the path', () => {
    const graph = smallGraph();
    const id = graph.nodes[0].id;
    const check = (cp: object) => () =>
      checkCheckpointNodes(
        graph,
        TestSuite.parse({ tests: [{ name: 't', checkpoint: cp }] }).tests.map((test, test_index) => ({
          test,
          test_index,
        })),
      );
    expect(check({ start_node: id, expect: { next_node: id } })).not.toThrow();
    expect(check({ start_node: 'nope', expect: { next_node: id } })).toThrow(
      /^tests\[0\]\.checkpoint\.start_node \(test "t"\): "nope" is not a node of the agent/,
    );
    expect(check({ expect: { next_node: 'nope' } })).toThrow(/^tests\[0\]\.checkpoint\.expect\.next_node/);
  });
});
