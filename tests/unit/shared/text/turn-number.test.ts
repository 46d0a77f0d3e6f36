import { describe, expect, it } from 'vitest';
import { turnNumber, turnRef } from '../../../../src-shared/text/turn-number.js';

describe('one turn numbering', () => {
  it('counts from 1 for people while stored indices count from 0', () => {
    expect(turnNumber(0)).toBe(1);
    expect(turnRef(0)).toBe('#1');
    expect(turnRef(11)).toBe('#12');
  });
});
