import { describe, expect, it } from 'vitest';
import {
  countVisits,
  heatLevel,
  pathOverlay,
} from '../../../../src-renderer/features/graph-editor/model/path-overlay.js';
import { sampleGraph } from './fixtures.js';
import { nodeReach } from '../../../../src-shared/coverage.js';

describe('path overlay and heat map', () => {
  it('numbers visited nodes and taken edges in path order; jumps without an edge are dashed', () => {
    const g = sampleGraph();
    const o = pathOverlay(g, [
      { node: 'greet', turn: 0, reason: 'entry' },
      { node: 'route', turn: 1, via: 't1', reason: 'caller said why' },
      { node: 'standard', turn: 1, via: 't3', reason: 'else' },
      { node: 'cancel', turn: 3, via: 'g1', reason: 'global' },
      { node: 'end', turn: 4, via: 't7', reason: 'confirmed' },
    ]);
    expect(o.order.get('greet')).toEqual([1]);
    expect(o.order.get('end')).toEqual([5]);
    expect([...o.taken.keys()]).toEqual(['greet::t1', 'route::t3', 'cancel::t7']);
    expect(o.taken.get('route::t3')).toEqual([3]);
    expect(o.jumps).toEqual([{ from: 'standard', to: 'cancel', step: 4, reason: 'global' }]);
  });

  it('accepts plain node ids and finds the edge by target', () => {
    const o = pathOverlay(sampleGraph(), ['greet', 'route', 'route', 'premium']);
    expect(o.order.get('route')).toEqual([2, 3]);
    expect(o.taken.has('greet::t1')).toBe(true);
    expect(o.taken.has('route::t2')).toBe(true);
    expect(o.jumps).toEqual([{ from: 'route', to: 'route', step: 3, reason: 'jump' }]);
  });

  it('counts visits across many results and lists the nodes never visited', () => {
    const paths = [
      [
        { node: 'greet', turn: 0, reason: '' },
        { node: 'route', turn: 1, via: 't1', reason: '' },
        { node: 'premium', turn: 1, via: 't2', reason: '' },
      ],
      [
        { node: 'greet', turn: 0, reason: '' },
        { node: 'route', turn: 1, via: 't1', reason: '' },
      ],
    ];
    const c = countVisits(paths);
    expect(c.nodeCounts).toEqual({ greet: 2, route: 2, premium: 1 });
    expect(c.edgeCounts).toEqual({ 'greet::t1': 2, 'route::t2': 1 });
    expect(nodeReach(sampleGraph(), (id) => c.nodeCounts[id])).toEqual({
      reached: 3,
      total: 6,
      never: ['standard', 'end', 'cancel'],
    });
  });

  it('scales heat between 0 and 1 so that rare visits still show', () => {
    expect(heatLevel(0, 10)).toBe(0);
    expect(heatLevel(10, 10)).toBe(1);
    expect(heatLevel(1, 100)).toBeCloseTo(0.1);
    expect(heatLevel(5, 0)).toBe(0);
  });
});
