import { describe, expect, it } from 'vitest';
import {
  formatEquationExpression,
  normalizeOperator,
  parseEquationExpression,
  stripBraces,
} from '../../../../src-main/formats/shared/equations.js';
import { parentPath, SourcePaths } from '../../../../src-main/formats/shared/source-paths.js';
import { findSnippets, findVariables, expandSnippets } from '../../../../src-main/formats/shared/templates.js';
import { formatPath, joinPath } from '../../../../src-main/formats/shared/json-path.js';

describe('equation operators', () => {
  it("maps every platform spelling to Parley's", () => {
    expect(normalizeOperator('not_exist')).toBe('not_exists');
    expect(normalizeOperator('Does Not Exist')).toBe('not_exists');
    expect(normalizeOperator('=')).toBe('==');
    expect(normalizeOperator('not_in')).toBe('not_contained_in');
    expect(normalizeOperator('contains')).toBe('contains');
    expect(normalizeOperator('approximately')).toBeUndefined();
    expect(normalizeOperator(3)).toBeUndefined();
  });

  it('strips {{ }} from the left side', () => {
    expect(stripBraces('{{ user.tier }}')).toEqual({ name: 'user.tier', braced: true });
    expect(stripBraces('tier')).toEqual({ name: 'tier', braced: false });
  });
});

describe('equation string form', () => {
  it('reads && and || with {{var}} on the left and quoted values', () => {
    expect(parseEquationExpression('{{age}} >= 18 && {{tier}} == "gold plus"')).toEqual({
      ok: true,
      match: 'all',
      equations: [
        { left: 'age', operator: '>=', right: '18' },
        { left: 'tier', operator: '==', right: 'gold plus' },
      ],
    });
    expect(parseEquationExpression('email exists || phone not_exist')).toEqual({
      ok: true,
      match: 'any',
      equations: [
        { left: 'email', operator: 'exists' },
        { left: 'phone', operator: 'not_exists' },
      ],
    });
    expect(parseEquationExpression('note contains "a && b"')).toMatchObject({
      ok: true,
      equations: [{ right: 'a && b' }],
    });
  });

  it('refuses mixed && / ||, unknown operators and dangling clauses with what was expected', () => {
    expect(parseEquationExpression('a == 1 && b == 2 || c == 3')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/mixes && and \|\|.*expected only/),
    });
    expect(parseEquationExpression('a ~= 1')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/expected "<variable> <operator> <value>"/),
    });
    expect(parseEquationExpression('a == 1 &&')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/empty clause/),
    });
    expect(parseEquationExpression('a exists 3')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/takes no value/),
    });
  });

  it('formats back to a string that parses to the same equations', () => {
    const eqs = [
      { left: 'a', operator: '==' as const, right: 'x' },
      { left: 'b', operator: 'exists' as const },
    ];
    const text = formatEquationExpression(eqs, 'any', true);
    expect(text).toBe('{{a}} == x || {{b}} exists');
    expect(parseEquationExpression(text)).toEqual({ ok: true, match: 'any', equations: eqs });
  });
});

describe('paths and templates', () => {
  it('formats JSON paths', () => {
    expect(formatPath(['nodes', 3, 'edges', 1, 'destination_node_id'])).toBe('nodes[3].edges[1].destination_node_id');
    expect(formatPath(['nodes', 'my node', 'id'])).toBe('nodes["my node"].id');
    expect(joinPath('', 'a', 0)).toBe('a[0]');
    expect(joinPath('conversationFlow', 'nodes', 2)).toBe('conversationFlow.nodes[2]');
    expect(parentPath('a.b[2].c')).toBe('a.b[2]');
    expect(parentPath('a')).toBe('');
  });

  it('falls back to the nearest recorded ancestor', () => {
    const p = new SourcePaths().set('nodes[1]', 'states[1]').set('nodes[1].transitions[0]', 'states[1].edges[0]');
    expect(p.get('nodes[1].transitions[0].condition.prompt')).toBe('states[1].edges[0]');
    expect(p.get('nodes[1].instruction.text')).toBe('states[1]');
    expect(p.get('global_prompt')).toBe('global_prompt');
    expect(SourcePaths.identity('agent').get('nodes[0].id')).toBe('agent.nodes[0].id');
  });

  it('finds variables and snippets', () => {
    expect(findVariables('Hi {{ user.name }} {{x | upcase}} {{ "lit" }} {{list[0]}}').map((v) => v.name)).toEqual([
      'user.name',
      'x',
      'list[0]',
    ]);
    expect(findSnippets('{%a%} and {% b %}').map((s) => s.name)).toEqual(['a', 'b']);
    expect(expandSnippets('{%a%} {%zz%}', { a: 'Hello' })).toBe('Hello {%zz%}');
  });
});
