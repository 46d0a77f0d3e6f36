import { describe, expect, it } from 'vitest';
import { ToolCallAssertion, ToolCallRecord } from '../../../../src-shared/schemas/index.js';
import { checkToolCalls, checkUnmocked } from '../../../../src-main/engine/judge/index.js';

const calls = (...list: [string, Record<string, unknown>?, boolean?][]) =>
  list.map(([name, args, mocked]) => ToolCallRecord.parse({ name, args: args ?? {}, mocked: mocked ?? true }));
const check = (actual: ToolCallRecord[], spec: unknown) => checkToolCalls(actual, ToolCallAssertion.parse(spec));

const made = calls(['lookup', { id: 'A17', verbose: true }], ['charge', { amount: 5 }], ['notify', {}]);

describe('tool call assertions', () => {
  it('strict: same calls, same order, same count', () => {
    expect(
      check(made, { mode: 'strict', calls: [{ name: 'lookup' }, { name: 'charge' }, { name: 'notify' }] }).passed,
    ).toBe(true);
    const order = check(made, { mode: 'strict', calls: [{ name: 'charge' }, { name: 'lookup' }, { name: 'notify' }] });
    expect(order.passed).toBe(false);
    expect(order.details).toMatchObject({
      missing: [],
      extra: [],
      out_of_order: [
        'call 1: expected charge(), got lookup({"id":"A17","verbose":true})',
        'call 2: expected lookup(), got charge({"amount":5})',
      ],
    });
    const fewer = check(made, { mode: 'strict', calls: [{ name: 'lookup' }, { name: 'charge' }] });
    expect(fewer.details).toMatchObject({ extra: ['notify()'] });
    expect(fewer.message).toBe('extra: notify() (called: lookup, charge, notify)');
  });

  it('unordered: same calls in any order; reports missing and extra', () => {
    expect(
      check(made, { mode: 'unordered', calls: [{ name: 'notify' }, { name: 'lookup' }, { name: 'charge' }] }).passed,
    ).toBe(true);
    const r = check(made, { mode: 'unordered', calls: [{ name: 'notify' }, { name: 'refund' }, { name: 'lookup' }] });
    expect(r.details).toMatchObject({ missing: ['refund()'], extra: ['charge({"amount":5})'] });
  });

  it('unordered matching finds a full assignment even when a greedy one would not', () => {
    const actual = calls(['a', { x: 1 }], ['a', { x: 2 }]);
    expect(check(actual, { mode: 'unordered', calls: [{ name: 'a' }, { name: 'a', args: { x: 1 } }] }).passed).toBe(
      true,
    );
  });

  it('contains: at least these, in this order, other calls allowed between', () => {
    expect(check(made, { mode: 'contains', calls: [{ name: 'lookup' }, { name: 'notify' }] }).passed).toBe(true);
    const r = check(made, { mode: 'contains', calls: [{ name: 'notify' }, { name: 'lookup' }, { name: 'refund' }] });
    expect(r.passed).toBe(false);
    expect(r.details).toMatchObject({
      missing: ['refund()'],
      out_of_order: ['lookup() was called (call 1) but before the calls expected ahead of it'],
    });
  });

  it('within: only calls from the list (none required)', () => {
    expect(check(calls(), { mode: 'within', calls: [{ name: 'lookup' }] }).passed).toBe(true);
    const r = check(made, { mode: 'within', calls: [{ name: 'lookup' }, { name: 'notify' }] });
    expect(r.details).toMatchObject({ extra: ['charge({"amount":5})'] });
  });

  it('argument matching: partial (default), exact, ignore', () => {
    expect(check(made, { calls: [{ name: 'lookup', args: { id: 'A17' } }] }).passed).toBe(true);
    expect(check(made, { calls: [{ name: 'lookup', args: { id: 'B1' } }] }).details).toMatchObject({
      missing: ['lookup({"id":"B1"})'],
    });
    expect(check(made, { calls: [{ name: 'lookup', args: { id: 'A17' }, args_match: 'exact' }] }).passed).toBe(false);
    expect(
      check(made, { calls: [{ name: 'lookup', args: { verbose: true, id: 'A17' }, args_match: 'exact' }] }).passed,
    ).toBe(true);
    expect(check(made, { calls: [{ name: 'charge', args: { amount: 999 }, args_match: 'ignore' }] }).passed).toBe(true);
    expect(check(made, { calls: [{ name: 'notify', args_match: 'exact' }] }).passed).toBe(true);
  });

  it('unmocked calls fail the test naming the tool, once per tool', () => {
    const r = checkUnmocked(calls(['a', {}, false], ['a', {}, false], ['b']));
    expect(r).toEqual([
      {
        kind: 'unmocked_tool',
        target: 'a',
        passed: false,
        message:
          'tool "a" was called but the test has no tool_mocks entry matching it (add {"tool": "a", "response": ...})',
      },
    ]);
  });
});
