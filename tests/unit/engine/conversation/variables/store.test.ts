import { describe, expect, it } from 'vitest';
import { PathError, VariableStore } from '../../../../../src-main/engine/conversation/variables/index.js';

const sys = (turn = 0) => ({ callId: 'c-9', now: () => new Date(2025, 2, 4, 7, 8), turn: () => turn });

describe('VariableStore (call context)', () => {
  it('layers graph defaults < test values (deep) and reads namespaces as top-level keys', () => {
    const v = new VariableStore(
      {
        defaults: { user: { name: 'there', language: 'en' }, greeting: 'Hi' },
        test: { user: { name: 'Dana' }, flags: { vip: true } },
      },
      sys(),
    );
    expect(v.get('user.name')).toBe('Dana');
    expect(v.get('user.language')).toBe('en');
    expect(v.get('greeting')).toBe('Hi');
    expect(v.get('flags.vip')).toBe(true);
    expect(v.get('agents.x')).toBeUndefined();
  });

  it('values set during the call win over both, and [+] appends', () => {
    const v = new VariableStore(
      { defaults: { tier: 'free' }, test: { tier: 'gold', workflow: { logged: [] } } },
      sys(),
    );
    v.set('tier', 'platinum');
    v.set('workflow.logged[+]', 'Breakfast');
    v.set('workflow.logged[+]', 'Lunch');
    expect(v.get('tier')).toBe('platinum');
    expect(v.get('workflow.logged')).toEqual(['Breakfast', 'Lunch']);
    expect(v.get('workflow.logged[1]')).toBe('Lunch');
  });

  it('has system variables that the test may override', () => {
    const v = new VariableStore({ test: { user_number: '+4912345' } }, sys(3));
    expect(v.get('call_id')).toBe('c-9');
    expect(v.get('current_date')).toBe('2025-03-04');
    expect(v.get('current_time')).toBe('07:08');
    expect(v.get('turn')).toBe(3);
    expect(v.get('user_number')).toBe('+4912345');
    expect(new VariableStore({}, sys()).get('user_number')).toBe('+15550100000');
  });

  it('finds flat keys containing dots, and snapshots exclude system variables and are copies', () => {
    const v = new VariableStore({ test: { 'order.id': 'A17' } }, sys());
    expect(v.get('order.id')).toBe('A17');
    const snap = v.snapshot();
    expect(snap).toEqual({ 'order.id': 'A17' });
    (snap as Record<string, unknown>)['order.id'] = 'changed';
    expect(v.get('order.id')).toBe('A17');
  });

  it('does not share objects with the test input', () => {
    const input = { workflow: { step: 'start' } };
    const v = new VariableStore({ test: input }, sys());
    v.set('workflow.step', 'billing');
    expect(input.workflow.step).toBe('start');
    expect(v.get('workflow.step')).toBe('billing');
  });

  it('user.* is the data the call started with: read-only during the call', () => {
    const v = new VariableStore({ test: { user: { name: 'Dana', meals: ['Breakfast'] } } }, sys());
    for (const path of ['user.name', 'user', 'user.meals[+]', 'user.meals[0]', 'user.new.deep']) {
      expect(() => v.set(path, 'x'), path).toThrow(
        /cannot change during the call; set workflow\.\* or a plain variable instead/,
      );
    }
    expect(() => v.delete('user.name')).toThrow(PathError);
    expect(v.get('user')).toEqual({ name: 'Dana', meals: ['Breakfast'] });
    v.set('username', 'not the namespace');
    expect(v.get('username')).toBe('not the namespace');
  });
});
