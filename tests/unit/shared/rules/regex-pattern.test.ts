import { afterAll, describe, expect, it } from 'vitest';
import { parsePattern, patternText } from '../../../../src-shared/rules/regex-pattern.js';
import { RegexRunner } from '../../../../src-main/engine/judge/regex-runner.js';
import { patternError } from '../../../../src-renderer/features/suites/suite-form.js';

describe('parsePattern (one reading for the engine and the suite editor)', () => {
  it('reads /source/flags, drops g and y, keeps the other flags', () => {
    expect(parsePattern('/a+b/gimsy')).toEqual({ source: 'a+b', flags: 'ims' });
    expect(parsePattern('/a/b/')).toEqual({ source: 'a/b', flags: '' });
    expect(parsePattern('/line\nnext/s')).toEqual({ source: 'line\nnext', flags: 's' });
  });
  it('reads a leading (?i) as case-insensitive and anything else as a plain case-sensitive source', () => {
    expect(parsePattern('(?i)Date of Birth')).toEqual({ source: 'Date of Birth', flags: 'i' });
    expect(parsePattern('/not closed')).toEqual({ source: '/not closed', flags: '' });
    expect(parsePattern('//')).toEqual({ source: '//', flags: '' });
  });

  const runner = new RegexRunner(2000);
  afterAll(() => runner.close());
  it('the engine and the editor agree on the same pattern', async () => {
    // (?i) is not JavaScript syntax: only the shared reading makes it valid in both places.
    expect(patternError('(?i)GOODBYE')).toBeUndefined();
    expect(await runner.run('(?i)GOODBYE', ['ok, goodbye then'])).toEqual({
      kind: 'match',
      index: 0,
      match: 'goodbye',
    });
    expect(await runner.run('/GOODBYE/', ['ok, goodbye then'])).toEqual({ kind: 'no_match' });
  });
});

describe('patternText (how messages show a pattern)', () => {
  it('writes a pattern once as /source/flags, never with doubled slashes', () => {
    expect(patternText('/MS-\\d{4}/')).toBe('/MS-\\d{4}/');
    expect(patternText('MS-\\d{4}')).toBe('/MS-\\d{4}/');
    expect(patternText('(?i)hello')).toBe('/hello/i');
    expect(patternText('/a+/gi')).toBe('/a+/i');
  });
});
