import fs from 'node:fs';
import { flipStep, inMode, modeOf } from '../../../../src-renderer/features/suites/tool-mock-form.js';
import { describe, expect, it } from 'vitest';
import {
  duplicateTest,
  errorsNamingTests,
  joinScope,
  moveTest,
  newTestCase,
  parseJsonText,
  parseToolMocksJson,
  parseVariablesJson,
  patternError,
  splitScope,
  testIndexOf,
  validateSuite,
} from '../../../../src-renderer/features/suites/suite-form.js';
import { parsePattern } from '../../../../src-shared/rules/regex-pattern.js';
import { parseSuiteFile } from '../../../../src-renderer/features/suites/suite-import.js';
import { ALL_COMMON_METRICS } from '../../../../src-renderer/features/suites/common-metrics.js';

const DEMO = new URL('../../../fixtures/corpus/voicetest/demo-tests.json', import.meta.url);

describe('suite validation', () => {
  it('names the path of every problem and refuses to save', () => {
    const { suite, errors } = validateSuite({
      name: '',
      tests: [
        { name: 'A', user_prompt: 'hi', metrics: [{ criterion: 'ok', threshold: 1.5 }], patterns: ['(bad'] },
        { name: 'A', user_prompt: '' },
        { name: 'B', persona: '', tool_mocks: [{ tool: 'x' }] },
      ],
    });
    expect(suite).toBeUndefined();
    const byPath = Object.fromEntries(errors.map((e) => [e.path, e.message]));
    expect(Object.keys(byPath)).toEqual(
      expect.arrayContaining([
        'name',
        'tests[0].metrics[0].threshold',
        'tests[0].patterns[0]',
        'tests[1].name',
        'tests[1].user_prompt',
        'tests[2].persona',
        'tests[2].tool_mocks[0]',
      ]),
    );
    expect(byPath['tests[0].metrics[0].threshold']).toBe('must be at most 1');
    expect(byPath['tests[2].persona']).toBe('Choose a persona from the library.');
  });

  it('passes extra errors (unparsed JSON fields) through and accepts a good suite', () => {
    const good = { name: 'S', tests: [newTestCase([])] };
    good.tests[0].user_prompt = 'Say hi.';
    expect(validateSuite(good).errors).toEqual([]);
    expect(validateSuite(good).suite?.tests[0].name).toBe('Test 1');
    expect(validateSuite(good, [{ path: 'tests[0].dynamic_variables', message: 'line 1' }]).suite).toBeUndefined();
  });

  it('numbers new tests without clashing', () => {
    expect(newTestCase([{ name: 'Test 2' }]).name).toBe('Test 3');
    expect(newTestCase([{ name: 'Test 1' }, { name: 'Test 3' }]).name).toBe('Test 4');
    expect(testIndexOf('tests[12].metrics[0]')).toBe(12);
    expect(testIndexOf('suite.tests[3]')).toBe(3);
    expect(testIndexOf('name')).toBeUndefined();
  });
});

describe('rules', () => {
  it('splits and joins agent:/caller: scopes like the engine', () => {
    expect(splitScope('agent: date of birth')).toEqual({ scope: 'agent', text: 'date of birth' });
    expect(splitScope('Caller:hi')).toEqual({ scope: 'caller', text: 'hi' });
    expect(splitScope('hello')).toEqual({ scope: 'any', text: 'hello' });
    expect(joinScope('caller', 'x')).toBe('caller:x');
    expect(joinScope('any', 'x')).toBe('x');
  });
  it('reads patterns like the engine: /re/flags, (?i), plain', () => {
    expect(parsePattern('/a+b/gi')).toEqual({ source: 'a+b', flags: 'i' });
    expect(parsePattern('(?i)hello')).toEqual({ source: 'hello', flags: 'i' });
    expect(parsePattern('x|y')).toEqual({ source: 'x|y', flags: '' });
    expect(patternError('(unclosed')).toMatch(/Not a valid regular expression/);
    expect(patternError('')).toBe('The pattern is empty.');
    expect(patternError('/ok/i')).toBeUndefined();
  });
});

describe('JSON fields', () => {
  it('reports where JSON text is broken', () => {
    const r = parseJsonText('{\n  "a": 1,\n}');
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error).toMatch(/^line 3, column 1/);
    expect(parseJsonText('')).toEqual({ ok: true, value: undefined });
  });
  it('validates tool mocks against the schema with paths', () => {
    const bad = parseToolMocksJson('[{"tool": "a", "response": 1}, {"response": 2}]');
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors.map((e) => e.path)).toContain('[1].tool');
    const good = parseToolMocksJson('[{"tool": "a", "sequence": [{"error": "down"}, {"response": {"ok": true}}]}]');
    expect(good.ok && good.value?.[0].sequence?.length).toBe(2);
  });
  it('requires dynamic variables to be an object of usable names', () => {
    expect(parseVariablesJson('[1]').ok).toBe(false);
    const spaced = parseVariablesJson('{"first name": "x"}');
    expect(!spaced.ok && spaced.errors[0].path).toBe('first name');
    expect(parseVariablesJson('{"user": {"tier": "gold"}}')).toEqual({ ok: true, value: { user: { tier: 'gold' } } });
  });
});

describe('reading test files in the browser', () => {
  it('reads the voicetest demo list as a suite', () => {
    const r = parseSuiteFile('demo-tests.json', fs.readFileSync(DEMO, 'utf8'));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const src = JSON.parse(fs.readFileSync(DEMO, 'utf8')) as unknown[];
    expect(r.suite.tests).toHaveLength(src.length);
    expect(r.suite.name).toBe('demo tests');
    expect(new Set(r.suite.tests.map((t) => t.type))).toEqual(new Set(['llm', 'rule']));
  });
  it('reads a Parley suite and a single test; errors name the file and path', () => {
    const suite = parseSuiteFile(
      'x.suite.json',
      JSON.stringify({ name: 'Mine', tests: [{ name: 't', user_prompt: 'hi' }] }),
    );
    expect(suite.ok && suite.suite.name).toBe('Mine');
    const single = parseSuiteFile('one.json', JSON.stringify({ name: 't', user_prompt: 'hi' }));
    expect(single.ok && single.suite.tests).toHaveLength(1);
    const bad = parseSuiteFile(
      'bad.json',
      JSON.stringify([{ name: 't', metrics: [{ criterion: 'x', threshold: 2 }] }]),
    );
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(bad.errors[0]).toMatchObject({ file: 'bad.json', path: '[0].metrics[0].threshold' });
    const broken = parseSuiteFile('broken.json', '{');
    expect(!broken.ok && broken.errors[0].message).toMatch(/not valid JSON/);
  });
  it('refuses a Parley suite test with a key no check reads, naming its path and the key it meant (issue 39)', () => {
    const suite = parseSuiteFile('s.json', JSON.stringify({ tests: [{ name: 't', inclueds: ['never said'] }] }));
    expect(!suite.ok && suite.errors[0]).toMatchObject({ file: 's.json', path: 'tests[0].inclueds' });
    expect(!suite.ok && suite.errors[0]!.message).toContain('did you mean includes?');
    const single = parseSuiteFile('one.json', JSON.stringify({ name: 't', user_prompt: 'hi', metric: ['polite'] }));
    expect(!single.ok && single.errors[0]).toMatchObject({ path: 'metric' });
    const voicetest = parseSuiteFile('vt.json', JSON.stringify([{ name: 't', user_prompt: 'hi', other_key: 1 }]));
    expect(voicetest.ok).toBe(true);
  });
  it('names a tool mock key no check reads in the editor, with the key it meant (issue 39)', () => {
    const r = parseToolMocksJson(JSON.stringify([{ tool: 'lookup', respnse: { ok: true } }]));
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.errors[0]).toMatchObject({
        path: '[0].respnse',
        message: expect.stringContaining('did you mean response?'),
      });
  });
  it('offers common criteria without duplicates', () => {
    expect(ALL_COMMON_METRICS.length).toBeGreaterThan(8);
    expect(new Set(ALL_COMMON_METRICS).size).toBe(ALL_COMMON_METRICS.length);
  });
});

describe('the test list', () => {
  const t = (name: string) => ({ name, user_prompt: 'x' });
  it('duplicates a test right after itself and selects the copy', () => {
    expect(duplicateTest([t('a'), t('b')], 0)).toEqual({ tests: [t('a'), t('a (copy)'), t('b')], selected: 1 });
  });
  it('moves a test up or down, and not past either end', () => {
    expect(moveTest([t('a'), t('b')], 1, -1)).toEqual({ tests: [t('b'), t('a')], selected: 0 });
    expect(moveTest([t('a'), t('b')], 1, 1)).toBeNull();
  });
  it('names the test an error belongs to', () => {
    expect(
      errorsNamingTests(
        [
          { path: 'tests[1].user_prompt', message: 'Say who calls.' },
          { path: 'name', message: 'Give the suite a name.' },
        ],
        [t('a'), t('books a visit')],
      ).map((e) => e.message),
    ).toEqual(['in test “books a visit”: Say who calls.', 'Give the suite a name.']);
  });
});

describe('a tool mock’s answer', () => {
  it('reads how a mock answers and switches it, keeping what it answered where it can', () => {
    const m = { tool: 'find_slots', response: { first_slot: 'Tue' } };
    expect(modeOf(m)).toBe('response');
    expect(inMode(m, 'sequence')).toEqual({
      response: undefined,
      error: undefined,
      sequence: [{ response: { first_slot: 'Tue' } }, { response: {} }],
    });
    expect(inMode(m, 'error')).toMatchObject({ error: 'Service unavailable', response: undefined });
    expect(modeOf({ tool: 't', error: 'down' })).toBe('error');
  });
  it('turns one call of a sequence into an error, or back', () => {
    const seq = [{ response: { a: 1 } }, { error: 'x' }];
    expect(flipStep(seq, 0)).toEqual([{ error: 'Service unavailable' }, { error: 'x' }]);
    expect(flipStep(seq, 1)).toEqual([{ response: { a: 1 } }, { response: {} }]);
  });
});
