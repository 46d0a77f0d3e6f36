import { describe, expect, it } from 'vitest';
import { comparePaths, firstDivergence } from '../../../src-main/compare/path-divergence.js';
import { diffTranscripts, lcsPairs, wordDiff } from '../../../src-main/compare/transcript-diff.js';
import { mkResult, turn, visit } from './build.js';

describe('firstDivergence', () => {
  it('is null for identical paths', () => {
    const p = [visit('a', 0), visit('b', 2, 't1', 'yes')];
    expect(firstDivergence(p, p)).toBeNull();
  });

  it('reports where one path ends early', () => {
    const d = firstDivergence(
      [visit('a', 0), visit('b', 2, 't1', 'r1')],
      [visit('a', 0), visit('b', 2, 't1', 'r1'), visit('c', 4, 't2', 'went on')],
    );
    expect(d).toEqual({
      turn: 4,
      visit: 2,
      from_node: 'b',
      node_a: null,
      node_b: 'c',
      via_a: null,
      via_b: 't2',
      reason_a: null,
      reason_b: 'went on',
    });
  });

  it('reports a different entry node with no common node before it', () => {
    const d = firstDivergence([visit('a', 0, undefined, 'entry')], [visit('x', 0, undefined, 'entry')]);
    expect(d).toMatchObject({ turn: 0, visit: 0, from_node: null, node_a: 'a', node_b: 'x' });
  });

  it('takes the earlier turn when the sides entered the differing node at different turns', () => {
    const d = firstDivergence([visit('a', 0), visit('b', 6, 'late')], [visit('a', 0), visit('c', 2, 'early')]);
    expect(d?.turn).toBe(2);
  });

  it('lists nodes only one side visited, once each, and both paths', () => {
    const a = mkResult({ test: 't', nodes_visited: [visit('a', 0), visit('b', 1), visit('a', 2), visit('b', 3)] });
    const b = mkResult({ test: 't', nodes_visited: [visit('a', 0), visit('c', 1), visit('d', 2), visit('c', 3)] });
    const c = comparePaths(a, b);
    expect([c.only_a, c.only_b, c.path_a]).toEqual([['b'], ['c', 'd'], ['a', 'b', 'a', 'b']]);
  });
});

describe('transcript alignment', () => {
  it('lcsPairs finds a longest common subsequence', () => {
    const pairs = lcsPairs('ABCBDAB'.split(''), 'BDCABA'.split(''), (x, y) => x === y);
    expect(pairs).toHaveLength(4);
    for (let k = 1; k < pairs.length; k++) {
      expect(pairs[k][0]).toBeGreaterThan(pairs[k - 1][0]);
      expect(pairs[k][1]).toBeGreaterThan(pairs[k - 1][1]);
    }
  });

  it('marks an inserted exchange and keeps the rest aligned', () => {
    const a = [turn('agent', 'Hi', 'greet'), turn('caller', 'Book me', 'greet'), turn('agent', 'Done', 'end')];
    const b = [
      turn('agent', 'Hi', 'greet'),
      turn('caller', 'Book me', 'greet'),
      turn('agent', 'Your name?', 'ask_name'),
      turn('caller', 'Dana', 'ask_name'),
      turn('agent', 'Done', 'end'),
    ];
    expect(diffTranscripts(a, b).map((e) => [e.op, e.a_index, e.b_index])).toEqual([
      ['same', 0, 0],
      ['same', 1, 1],
      ['inserted', null, 2],
      ['inserted', null, 3],
      ['same', 2, 4],
    ]);
  });

  it('marks removed turns and tool turns', () => {
    const a = [turn('agent', 'Checking', 'n'), turn('tool', '{"ok":true}', 'n'), turn('agent', 'Found it', 'n')];
    const b = [turn('agent', 'Checking', 'n'), turn('agent', 'Found it', 'n')];
    expect(diffTranscripts(a, b).map((e) => [e.op, e.role])).toEqual([
      ['same', 'agent'],
      ['removed', 'tool'],
      ['same', 'agent'],
    ]);
  });

  it('every turn of both sides appears exactly once, in order', () => {
    const a = ['x', 'y', 'z', 'y', 'x'].map((n, i) => turn(i % 2 ? 'caller' : 'agent', `t${i}`, n));
    const b = ['y', 'x', 'z', 'z'].map((n, i) => turn(i % 2 ? 'caller' : 'agent', `u${i}`, n));
    const d = diffTranscripts(a, b);
    expect(d.filter((e) => e.a_index !== null).map((e) => e.a_index)).toEqual([0, 1, 2, 3, 4]);
    expect(d.filter((e) => e.b_index !== null).map((e) => e.b_index)).toEqual([0, 1, 2, 3]);
    for (const e of d) if (e.a_index !== null && e.b_index !== null) expect(a[e.a_index].role).toBe(b[e.b_index].role);
  });

  it('word diff keeps both texts complete', () => {
    const a = 'Your appointment is on Tuesday at 3pm.';
    const b = 'Your appointment is on Wednesday at 3pm, see you then.';
    const parts = wordDiff(a, b);
    expect(
      parts
        .filter((p) => p.op !== '+')
        .map((p) => p.text)
        .join(''),
    ).toBe(a);
    expect(
      parts
        .filter((p) => p.op !== '-')
        .map((p) => p.text)
        .join(''),
    ).toBe(b);
    expect(parts.find((p) => p.op === '-')?.text).toBe('Tuesday');
    expect(parts.find((p) => p.op === '+')?.text).toBe('Wednesday');
  });

  it('never truncates long turns', () => {
    const long = 'word '.repeat(2000).trim();
    const d = diffTranscripts([turn('agent', long, 'n')], [turn('agent', long + ' end', 'n')]);
    expect(d[0].a).toBe(long);
    expect(d[0].b).toBe(long + ' end');
    expect(d[0].op).toBe('changed');
  });
});
