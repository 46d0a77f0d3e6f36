import { describe, expect, it } from 'vitest';
import { METHOD_NAMES } from '../../../src-shared/contract/index.js';
import { createMethodTable, defineRoom } from '../../../src-main/app/method-table.js';
import { METHODS } from '../../../src-main/app/rooms.js';

const answer = () => ({ ok: true });

describe('the method table (app/method-table.ts)', () => {
  it('throws at start when two rooms register one name, naming both rooms', () => {
    const a = defineRoom('runs', { 'runs.list': answer as never });
    const b = defineRoom('compare', { 'runs.list': answer as never });
    expect(() => createMethodTable([a, b])).toThrow('method "runs.list" is registered by two rooms: runs and compare');
  });

  it('throws when one room registers a name twice, or a name the contract does not know', () => {
    expect(() => defineRoom('runs', { 'runs.list': answer as never }, { 'runs.list': answer as never })).toThrow(
      'room runs registers method "runs.list" twice',
    );
    expect(() => defineRoom('runs', { 'runs.lsit': answer } as never)).toThrow(
      'room runs registers "runs.lsit", which the contract (src-shared/contract) does not name',
    );
  });

  it("the application's table answers every contract method, each from one room", () => {
    const names = METHODS.names();
    expect(new Set(names).size).toBe(names.length);
    expect(METHOD_NAMES.filter((m) => !names.includes(m))).toEqual([]);
    expect(names.every((m) => typeof METHODS.roomOf(m) === 'string')).toBe(true);
  });
});
