import { describe, expect, it } from 'vitest';
import type { EquationOperator } from '../../../../src-shared/schemas/index.js';
import {
  applyOperator,
  evaluateEquation,
  evaluateEquations,
} from '../../../../src-main/engine/conversation/equations.js';
import { VariableStore } from '../../../../src-main/engine/conversation/variables/index.js';

const op = (o: EquationOperator, left: unknown, right = '') => applyOperator(o, left, right);

describe('equation operators', () => {
  it('== and != compare strings, numbers numerically, and treat missing as not equal', () => {
    expect(op('==', 'active', 'active')).toBe(true);
    expect(op('==', 'Active', 'active')).toBe(false);
    expect(op('==', 5, '5.0')).toBe(true);
    expect(op('==', true, 'true')).toBe(true);
    expect(op('==', undefined, 'x')).toBe(false);
    expect(op('!=', 'free', 'gold')).toBe(true);
    expect(op('!=', undefined, 'free')).toBe(true);
    expect(op('!=', 'free', 'free')).toBe(false);
  });

  it('> >= < <= coerce numbers and are false for non-numeric sides', () => {
    expect(op('>', '19', '18')).toBe(true);
    expect(op('>=', 18, '18')).toBe(true);
    expect(op('<', '2.5', '10')).toBe(true);
    expect(op('<=', -1, '-1')).toBe(true);
    expect(op('>', 'abc', '1')).toBe(false);
    expect(op('<', '', '1')).toBe(false);
    expect(op('<', undefined, '1')).toBe(false);
    expect(op('>', true, '0')).toBe(false);
    expect(op('>=', '5', 'five')).toBe(false);
  });

  it('contains / not_contains: case-insensitive substring, membership on arrays', () => {
    expect(op('contains', 'This is URGENT', 'urgent')).toBe(true);
    expect(op('contains', ['Breakfast', 'Lunch'], 'lunch')).toBe(true);
    expect(op('contains', ['Breakfast'], 'Break')).toBe(false);
    expect(op('contains', undefined, 'x')).toBe(false);
    expect(op('not_contains', 'all fine', 'err')).toBe(true);
    expect(op('not_contains', 'an error', 'err')).toBe(false);
  });

  it('contained_in / not_contained_in: list membership (comma or JSON) else substring of the right side', () => {
    expect(op('contained_in', 'gold', 'gold, platinum')).toBe(true);
    expect(op('contained_in', 'old', 'gold,platinum')).toBe(false);
    expect(op('contained_in', 'Gold', '["gold","silver"]')).toBe(true);
    expect(op('contained_in', 3, '[1,2,3]')).toBe(true);
    expect(op('contained_in', 'ship', 'shipped')).toBe(true);
    expect(op('contained_in', undefined, 'a,b')).toBe(false);
    expect(op('not_contained_in', 'bronze', 'gold,platinum')).toBe(true);
    expect(op('not_contained_in', 'gold', 'gold,platinum')).toBe(false);
  });

  it('exists / not_exists: set and not null or empty', () => {
    expect(op('exists', 'x')).toBe(true);
    expect(op('exists', 0)).toBe(true);
    expect(op('exists', false)).toBe(true);
    expect(op('exists', '')).toBe(false);
    expect(op('exists', null)).toBe(false);
    expect(op('exists', undefined)).toBe(false);
    expect(op('not_exists', undefined)).toBe(true);
    expect(op('not_exists', 'x')).toBe(false);
  });

  it('evaluates against the call context, strips {{ }} from the left and templates the right', () => {
    const v = new VariableStore(
      { test: { user: { tier: 'gold' }, wanted: 'gold', age: '21' } },
      { callId: 'c', turn: () => 0 },
    );
    expect(evaluateEquation({ left: '{{user.tier}}', operator: '==', right: '{{wanted}}' }, v).result).toBe(true);
    expect(evaluateEquation({ left: 'age', operator: '>=', right: '18' }, v)).toMatchObject({
      result: true,
      value: '21',
      equation: 'age >= "18"',
    });
    expect(evaluateEquation({ left: 'phone', operator: 'not_exists' }, v).equation).toBe('phone not_exists');
  });

  it('combines with all (default) / any, and an empty list never matches', () => {
    const v = new VariableStore({ test: { a: '1', b: '2' } }, { callId: 'c', turn: () => 0 });
    const eqs = [
      { left: 'a', operator: '==' as const, right: '1' },
      { left: 'b', operator: '==' as const, right: '9' },
    ];
    expect(evaluateEquations({ equations: eqs }, v).matched).toBe(false);
    expect(evaluateEquations({ match: 'all', equations: eqs }, v).matched).toBe(false);
    expect(evaluateEquations({ match: 'any', equations: eqs }, v)).toMatchObject({
      matched: true,
      summary: 'a == "1" or b == "9"',
    });
    expect(evaluateEquations({ match: 'all', equations: [] }, v).matched).toBe(false);
    expect(evaluateEquations({ match: 'any', equations: [] }, v).matched).toBe(false);
  });
});
