import { describe, expect, it } from 'vitest';
import { getIn, parsePath, PathError, setIn } from '../../../../../src-main/engine/conversation/variables/index.js';

describe('variable paths', () => {
  it('parses keys, indexes, negative indexes, quoted keys and [+]', () => {
    expect(parsePath('user.pending_meals[0]')).toEqual([
      { kind: 'key', key: 'user' },
      { kind: 'key', key: 'pending_meals' },
      { kind: 'index', index: 0 },
    ]);
    expect(parsePath('a[-1].b')).toEqual([
      { kind: 'key', key: 'a' },
      { kind: 'index', index: -1 },
      { kind: 'key', key: 'b' },
    ]);
    expect(parsePath('a["b.c"]')).toEqual([
      { kind: 'key', key: 'a' },
      { kind: 'key', key: 'b.c' },
    ]);
    expect(parsePath('workflow.logged[+]')).toEqual([
      { kind: 'key', key: 'workflow' },
      { kind: 'key', key: 'logged' },
      { kind: 'append' },
    ]);
    expect(parsePath('{{ user.name }}')).toEqual([
      { kind: 'key', key: 'user' },
      { kind: 'key', key: 'name' },
    ]);
    expect(parsePath('m[0][1]')).toEqual([
      { kind: 'key', key: 'm' },
      { kind: 'index', index: 0 },
      { kind: 'index', index: 1 },
    ]);
  });

  it('rejects malformed paths with the path and the position in the message', () => {
    expect(() => parsePath('')).toThrow(PathError);
    expect(() => parsePath('a..b')).toThrow(/empty key before "\." at position 2/);
    expect(() => parsePath('a[x]')).toThrow(/expected a number, "\+" or a quoted key/);
    expect(() => parsePath('a[0')).toThrow(/unclosed/);
    expect(() => parsePath('a[+].b')).toThrow(/may only be the last part/);
    expect(() => parsePath('a.')).toThrow(/ends with/);
  });

  it('reads nested values and returns undefined for any missing step', () => {
    const root = { user: { meals: ['Breakfast', 'Lunch'], prefs: { lang: 'hi' } } };
    expect(getIn(root, parsePath('user.meals[1]'))).toBe('Lunch');
    expect(getIn(root, parsePath('user.meals[-1]'))).toBe('Lunch');
    expect(getIn(root, parsePath('user.prefs.lang'))).toBe('hi');
    expect(getIn(root, parsePath('user.meals[5]'))).toBeUndefined();
    expect(getIn(root, parsePath('user.prefs.lang.x'))).toBeUndefined();
    expect(getIn(root, parsePath('nope.x'))).toBeUndefined();
  });

  it('writes nested values creating objects and arrays, and appends with [+]', () => {
    const root: Record<string, unknown> = {};
    setIn(root, parsePath('workflow.current.type'), 'Lunch');
    setIn(root, parsePath('workflow.logged[+]'), { meal: 'Breakfast' });
    setIn(root, parsePath('workflow.logged[+]'), { meal: 'Lunch' });
    setIn(root, parsePath('grid[1][0]'), 'x');
    expect(root).toEqual({
      workflow: { current: { type: 'Lunch' }, logged: [{ meal: 'Breakfast' }, { meal: 'Lunch' }] },
      grid: [undefined, ['x']],
    });
  });

  it('refuses to write through a scalar, naming the offending part', () => {
    const root: Record<string, unknown> = { a: 5, list: 'text' };
    expect(() => setIn(root, parsePath('a.b'), 1)).toThrow(/"a" is number, not an object/);
    expect(() => setIn(root, parsePath('list[+]'), 1)).toThrow(/"list" is string, not an array/);
  });
});
