import { describe, expect, it } from 'vitest';
import { ToolMock } from '../../../../src-shared/schemas/index.js';
import { MockResolver, partialMatch } from '../../../../src-main/engine/conversation/mocks.js';

const mocks = (list: unknown[]) => list.map((m) => ToolMock.parse(m));

describe('tool mocks', () => {
  it('first entry whose `when` partially matches wins (issue example)', () => {
    const r = new MockResolver(
      mocks([
        { tool: 'lookup_order', when: { order_id: 'A17' }, response: { status: 'shipped' } },
        { tool: 'lookup_order', response: { status: 'pending' } },
      ]),
    );
    expect(r.resolve('lookup_order', { order_id: 'A17', verbose: true })).toEqual({
      mocked: true,
      result: { status: 'shipped' },
    });
    expect(r.resolve('lookup_order', { order_id: 'B2' })).toEqual({ mocked: true, result: { status: 'pending' } });
  });

  it('sequence steps per call and sticks on its last step; errors are returned', () => {
    const r = new MockResolver(
      mocks([{ tool: 'charge_card', sequence: [{ error: 'card declined' }, { response: { ok: true } }] }]),
    );
    expect(r.resolve('charge_card', {})).toEqual({ mocked: true, error: 'card declined' });
    expect(r.resolve('charge_card', {})).toEqual({ mocked: true, result: { ok: true } });
    expect(r.resolve('charge_card', {})).toEqual({ mocked: true, result: { ok: true } });
  });

  it('state resets with a new resolver (one per conversation)', () => {
    const list = mocks([{ tool: 't', sequence: [{ response: 1 }, { response: 2 }] }]);
    const a = new MockResolver(list);
    expect(a.resolve('t', {}).result).toBe(1);
    expect(a.resolve('t', {}).result).toBe(2);
    expect(new MockResolver(list).resolve('t', {}).result).toBe(1);
  });

  it('an unmocked call is reported naming the tool (and why no entry matched)', () => {
    const r = new MockResolver(mocks([{ tool: 'a', when: { x: 1 }, response: 1 }]));
    expect(r.resolve('b', {})).toEqual({ mocked: false, error: 'unmocked tool call: no mock for tool "b"' });
    expect(r.resolve('a', { x: 2 }).error).toMatch(/none of the 1 mock\(s\) for "a" matched the arguments \{"x":2\}/);
  });

  it('an entry with only an error, or nothing, answers accordingly', () => {
    const r = new MockResolver(mocks([{ tool: 'e', error: 'down' }, { tool: 'n' }]));
    expect(r.resolve('e', {})).toEqual({ mocked: true, error: 'down' });
    expect(r.resolve('n', {})).toEqual({ mocked: true, result: null });
  });

  it('partial matching is deep, string-tolerant for scalars, exact for arrays', () => {
    expect(partialMatch({ a: { b: 1 } }, { a: { b: '1', c: 2 }, d: 3 })).toBe(true);
    expect(partialMatch({ a: [1, 2] }, { a: [1, 2] })).toBe(true);
    expect(partialMatch({ a: [1] }, { a: [1, 2] })).toBe(false);
    expect(partialMatch({ a: null }, { a: null })).toBe(true);
    expect(partialMatch({ a: 1 }, {})).toBe(false);
    expect(partialMatch({ a: 'x' }, { a: { x: 1 } })).toBe(false);
  });
});
