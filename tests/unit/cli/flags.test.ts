import { describe, expect, it } from 'vitest';
import { choiceFlag, intFlag } from '../../../src-main/cli/flags.js';

describe('intFlag', () => {
  it('reads digits within the range, undefined when absent', () => {
    expect(intFlag('--repeat', '3')).toBe(3);
    expect(intFlag('--k', ' 50 ', { min: 1, max: 50 })).toBe(50);
    expect(intFlag('--port', '0', { min: 0, max: 65535 })).toBe(0);
    expect(intFlag('--repeat', undefined)).toBeUndefined();
  });

  it('refuses what is not a plain whole number in range, naming the flag', () => {
    for (const bad of ['0', '-1', '2.0', '1e3', '0x10', '', 'abc', '99999999999999999999'])
      expect(() => intFlag('--repeat', bad)).toThrow(`--repeat: expected a positive whole number, got "${bad}"`);
    expect(() => intFlag('--k', '51', { min: 1, max: 50 })).toThrow(
      '--k: expected a whole number from 1 to 50, got "51"',
    );
  });
});

describe('choiceFlag', () => {
  it('accepts a listed value and names the choices otherwise', () => {
    expect(choiceFlag('--context', 'trim', ['end', 'trim'] as const)).toBe('trim');
    expect(() => choiceFlag('--context', 'cut', ['end', 'trim'] as const)).toThrow(
      '--context: expected end or trim, got "cut"',
    );
  });
});
