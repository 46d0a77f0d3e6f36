import { describe, expect, it } from 'vitest';
import { CHECK_KINDS } from '../../../../src-shared/checks/check-kinds.js';
import { TestCase, type CheckResult } from '../../../../src-shared/schemas/index.js';
import {
  CHECK_DEFINITIONS,
  checkFailureText,
  type CheckContext,
} from '../../../../src-main/engine/judge/check-kinds.js';
import { checkConversation, recheckHeard } from '../../../../src-main/engine/judge/run-checks.js';
import { graph, staticNode } from '../helpers.js';

const g = graph({ entry_node_id: 'a', nodes: [staticNode('a', 'A'), staticNode('b', 'B', [], { name: 'Booking' })] });
const ctx = (over: Partial<CheckContext> = {}): CheckContext => ({
  graph: g,
  transcript: [
    { role: 'agent', content: 'Hello, Acme dental.', node: 'a' },
    { role: 'caller', content: 'I need a cleaning on Tuesday' },
    { role: 'agent', content: 'Tuesday at 10 works.', node: 'b' },
  ],
  toolCalls: [{ name: 'book', args: { day: 'Tuesday' }, mocked: false }],
  visits: [
    { node: 'a', turn: 0, reason: 'entry' },
    { node: 'b', turn: 2, reason: 'always' },
  ],
  ...over,
});

describe('check kinds: one definition per listed kind', () => {
  it('every kind of the shared list has a main definition and every definition a listed kind', () => {
    const listed = CHECK_KINDS.map((k) => k.id).sort();
    expect(Object.keys(CHECK_DEFINITIONS).sort()).toEqual(listed);
    expect(new Set(listed).size).toBe(listed.length);
    for (const [id, def] of Object.entries(CHECK_DEFINITIONS)) expect(def.id).toBe(id);
  });

  it('every definition is read from some test: a conversation test, a checkpoint step, or both', () => {
    for (const def of Object.values(CHECK_DEFINITIONS)) expect(!!(def.read || def.readCheckpoint)).toBe(true);
  });

  it('the kinds audio evaluation re-checks are the rules (the checks over the spoken words)', () => {
    const reheard = Object.values(CHECK_DEFINITIONS)
      .filter((d) => d.reheard)
      .map((d) => d.id);
    expect(reheard).toEqual(CHECK_KINDS.filter((k) => k.list === 'rules').map((k) => k.id));
  });
});

describe('checks run through the table', () => {
  it('a conversation test: rules then assertions in the list order, each kind read off its schema part', async () => {
    const test = TestCase.parse({
      name: 't',
      includes: ['tuesday'],
      excludes: ['agent:sorry'],
      patterns: ['/10( am)?/'],
      assertions: {
        tool_calls: { calls: [{ name: 'book' }] },
        path: { must_visit: ['Booking'], must_not_visit: ['a'], ends_at: 'b' },
      },
    });
    const out = await checkConversation(ctx(), test);
    expect(out.rules.map((c) => [c.kind, c.target, c.passed])).toEqual([
      ['includes', 'tuesday', true],
      ['excludes', 'agent:sorry', true],
      ['pattern', '/10( am)?/', true],
    ]);
    expect(out.assertions.map((c) => [c.kind, c.target, c.passed])).toEqual([
      ['unmocked_tool', 'book', false],
      ['tool_calls', 'contains: book', true],
      ['must_visit', 'Booking', true],
      ['must_not_visit', 'a', false],
      ['ends_at', 'b', true],
    ]);
  });

  it('a test without path or tool-call assertions gets none of those checks', async () => {
    const out = await checkConversation(ctx({ toolCalls: [] }), TestCase.parse({ name: 't' }));
    expect(out).toEqual({ rules: [], assertions: [] });
  });

  it('audio evaluation re-checks the stored rules on what was heard, through the same definitions', async () => {
    const stored: CheckResult[] = [
      { kind: 'includes', target: 'tuesday', passed: true, message: '' },
      { kind: 'pattern', target: '/10/', passed: true, message: '' },
      { kind: 'excludes', target: 'sorry', passed: true, message: '' },
      { kind: 'must_visit', target: 'b', passed: true, message: '' },
    ];
    const heard = [
      { role: 'agent' as const, content: 'Hello, Acme dental.' },
      { role: 'caller' as const, content: 'I need a cleaning on to stay' },
      { role: 'agent' as const, content: 'Sorry, ten works.' },
    ];
    const out = await recheckHeard({ transcript: heard }, stored);
    expect(out.map((c) => [c.kind, c.target, c.passed])).toEqual([
      ['includes', 'tuesday', false],
      ['excludes', 'sorry', false],
      ['pattern', '/10/', false],
    ]);
  });
});

describe('report text', () => {
  it('a failed check is worded by its list, kind, target and message; an unknown kind too', () => {
    const c = { kind: 'must_visit', target: 'b', passed: false, message: 'node b was never visited' };
    expect(checkFailureText('assertions', c)).toBe('assertion must_visit "b" failed: node b was never visited');
    expect(checkFailureText('rules', { ...c, kind: 'includes', message: '' })).toBe('rule includes "b" failed');
    expect(checkFailureText('rules', { ...c, kind: 'constructor' })).toBe(
      'rule constructor "b" failed: node b was never visited',
    );
  });
});
