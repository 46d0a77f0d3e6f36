import { describe, expect, it } from 'vitest';
import type { Run } from '../../../src-shared/schemas/index.js';
import { personaCrossingNote } from '../../../src-main/compare/persona-crossing.js';

const run = (personas?: string[]) => ({ options: personas ? { personas } : {} }) as Run;
const names = new Map([['pe_1', 'Maria']]);

describe('a run crossed with personas beside a plain run', () => {
  it('says why no test pairs, naming the personas', () => {
    expect(personaCrossingNote(run(['pe_1', 'Sam']), run(), 0, (r) => names.get(r) ?? r)).toBe(
      'no test is in both runs: A crossed each test with personas Maria, Sam (its tests are named "test · persona"); B ran its tests without personas. Compare runs crossed with the same personas, or two runs without personas.',
    );
    expect(personaCrossingNote(run(), run(['Sam']), 0)).toContain('B crossed each test with persona Sam');
  });

  it('says nothing when the runs share a test or were crossed alike', () => {
    expect(personaCrossingNote(run(['Sam']), run(), 2)).toBeNull();
    expect(personaCrossingNote(run(['Sam']), run(['Sam']), 0)).toBeNull();
    expect(personaCrossingNote(run(), run(), 0)).toBeNull();
  });
});
