import { describe, expect, it } from 'vitest';
import type { TranscriptTurn } from '../../../../src-shared/schemas/index.js';
import { checkPatterns, checkSubstrings } from '../../../../src-main/engine/judge/index.js';
import { parsePattern } from '../../../../src-shared/rules/regex-pattern.js';

const t: TranscriptTurn[] = [
  { role: 'agent', content: 'Hello, this is ACME support.', node: 'greet' },
  { role: 'caller', content: 'My SSN is 123-45-6789.', node: 'greet' },
  { role: 'tool', content: 'lookup({}) -> {"ref":"secret"}', node: 'f', tool: 'lookup' },
  { role: 'agent', content: 'Your reference is REF-AB12.', node: 'close' },
];

describe('includes / excludes', () => {
  it('are case-insensitive over agent and caller turns (not tool output)', () => {
    const r = checkSubstrings(t, ['acme SUPPORT', 'secret'], ['123-45-6789', 'goodbye']);
    expect(r.map((c) => [c.kind, c.target, c.passed])).toEqual([
      ['includes', 'acme SUPPORT', true],
      ['includes', 'secret', false],
      ['excludes', '123-45-6789', false],
      ['excludes', 'goodbye', true],
    ]);
    expect(r[2].message).toBe('"123-45-6789" appears in turn 2 (caller at node greet): "My SSN is 123-45-6789."');
    expect(r[1].message).toBe('"secret" does not appear in the transcript');
  });

  it('agent: / caller: prefixes check one side only', () => {
    const r = checkSubstrings(t, ['caller: acme', 'Agent: reference'], ['agent: 123-45-6789', 'caller:ssn']);
    expect(r.map((c) => c.passed)).toEqual([false, true, true, false]);
    expect(r[0].message).toBe(`"acme" does not appear in the caller's turns`);
  });
});

describe('patterns', () => {
  it('match somewhere in the spoken transcript, naming the turn', async () => {
    const r = await checkPatterns(t, ['REF-[A-Z0-9]+', '^My SSN', 'ref-ab', '(?i)ref-ab', '/hello, THIS/i', '"ref"']);
    expect(r.map((c) => c.passed)).toEqual([true, true, false, true, true, false]);
    expect(r[0]).toMatchObject({
      kind: 'pattern',
      target: 'REF-[A-Z0-9]+',
      message: 'matched "REF-AB12" in turn 4 (agent)',
      details: { turn: 3 },
    });
    expect(r[2].message).toBe('pattern /ref-ab/ matches nothing in the transcript');
  });

  it('an invalid regular expression is a failed rule naming it', async () => {
    const [r] = await checkPatterns(t, ['([a-z']);
    expect(r.passed).toBe(false);
    expect(r.message).toMatch(/^pattern \/\(\[a-z\/ is not a valid regular expression: /);
  });

  it('a catastrophic pattern is stopped at the time limit and reported; later patterns still run', async () => {
    const evil: TranscriptTurn[] = [{ role: 'caller', content: 'a'.repeat(40) + '!' }];
    // (a+)+$ on 40 a's and a "!" would backtrack for hours: returning at all means it was stopped
    const r = await checkPatterns(evil, ['^(a+)+$', 'a!'], 300);
    expect(r[0]).toMatchObject({
      passed: false,
      message: 'pattern /^(a+)+$/ took longer than 300 ms and was stopped (catastrophic backtracking?)',
    });
    expect(r[1].passed).toBe(true);
  });

  it('parallel conversations share one worker: a slow pattern does not time out the others queued behind it', async () => {
    const evil: TranscriptTurn[] = [{ role: 'caller', content: 'a'.repeat(40) + '!' }];
    const jobs = [
      checkPatterns(evil, ['^(a+)+$'], 300),
      ...Array.from({ length: 5 }, () => checkPatterns(t, ['REF-\\w+'], 300)),
    ];
    const [slow, ...quick] = await Promise.all(jobs);
    expect(slow[0].passed).toBe(false);
    expect(quick.map((r) => r[0].passed)).toEqual([true, true, true, true, true]);
  });

  it('parses /source/flags and (?i), dropping g and y', () => {
    expect(parsePattern('/a.b/gims')).toEqual({ source: 'a.b', flags: 'ims' });
    expect(parsePattern('(?i)abc')).toEqual({ source: 'abc', flags: 'i' });
    expect(parsePattern('a/b')).toEqual({ source: 'a/b', flags: '' });
  });
});
