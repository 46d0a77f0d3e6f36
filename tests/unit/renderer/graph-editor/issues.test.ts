import { describe, expect, it } from 'vitest';
import {
  indexIssues,
  issuesFromApiError,
  locatePath,
  withLocations,
} from '../../../../src-renderer/features/graph-editor/model/issues.js';
import { sampleGraph } from './fixtures.js';

describe('validation issues on the canvas', () => {
  it('locates nodes and transitions from graph paths', () => {
    const g = sampleGraph();
    expect(locatePath(g, 'nodes[3].transitions[1].condition.prompt')).toEqual({
      node_id: 'standard',
      transition_id: 't6',
    });
    expect(locatePath(g, 'graph.nodes[0].instruction.text')).toEqual({ node_id: 'greet' });
    expect(locatePath(g, 'nodes[99]')).toEqual({});
    expect(locatePath(g, 'entry_node_id')).toEqual({});
  });

  it('keeps node ids the API already gave and fills in the others', () => {
    const g = sampleGraph();
    const out = withLocations(g, [
      { severity: 'warning', path: 'nodes[1]', message: 'a', node_id: 'custom' },
      { severity: 'error', path: 'nodes[2].transitions[0].target', message: 'b' },
    ]);
    expect(out[0]!.node_id).toBe('custom');
    expect(out[1]).toMatchObject({ node_id: 'premium', transition_id: 't4' });
  });

  it('turns a refused graph (schema errors) into error issues with friendly messages', () => {
    const g = sampleGraph();
    const issues = issuesFromApiError(g, {
      code: 'invalid_input',
      message: 'agents.validate: invalid input',
      issues: [
        {
          path: 'graph.nodes[1].transitions[0].condition.equations[0].left',
          message: 'Too small: expected string to have >=1 characters',
        },
      ],
    });
    expect(issues).toEqual([
      {
        severity: 'error',
        path: 'nodes[1].transitions[0].condition.equations[0].left',
        message: 'must not be empty',
        node_id: 'route',
        transition_id: 't2',
      },
    ]);
  });

  it('counts issues per node and per edge, errors first', () => {
    const g = sampleGraph();
    const idx = indexIssues(g, [
      { severity: 'warning', path: 'nodes[3]', message: 'w', node_id: 'standard' },
      { severity: 'error', path: 'x', message: 'e', node_id: 'standard', transition_id: 't5' },
      { severity: 'error', path: 'y', message: 'only transition id', transition_id: 't4' },
      { severity: 'error', path: 'entry_node_id', message: 'graph level' },
    ]);
    expect(idx.errors).toBe(3);
    expect(idx.warnings).toBe(1);
    expect(idx.byNode.get('standard')).toMatchObject({ errors: 1, warnings: 1, messages: ['e', 'w'] });
    expect(idx.byEdge.get('standard::t5')).toMatchObject({ errors: 1, warnings: 0 });
    expect(idx.byEdge.get('premium::t4')!.messages).toEqual(['only transition id']);
    expect(idx.byNode.size).toBe(2);
  });
});
