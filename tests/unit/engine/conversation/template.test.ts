import { describe, expect, it } from 'vitest';
import { expandTemplate, expandValue } from '../../../../src-main/engine/conversation/template.js';
import { VariableStore } from '../../../../src-main/engine/conversation/variables/index.js';

const vars = (test: Record<string, unknown>) => new VariableStore({ test }, { callId: 'c1', turn: () => 2 });

describe('templates', () => {
  it('expands snippets first, then variables (so snippets may hold variables)', () => {
    const out = expandTemplate(
      '{%greet%} {%sign%}',
      { greet: 'Hello {{user.name}}.', sign: 'Call {{call_id}}, turn {{turn}}.' },
      vars({ user: { name: 'Dana' } }),
    );
    expect(out).toBe('Hello Dana. Call c1, turn 2.');
  });

  it('keeps unknown snippets and variables as written', () => {
    expect(expandTemplate('{%nope%} {{missing.path}} {{ user.name }}', {}, vars({ user: { name: 'D' } }))).toBe(
      '{%nope%} {{missing.path}} D',
    );
  });

  it('resolves paths with [i] and renders non-strings as JSON', () => {
    const v = vars({ user: { meals: ['Breakfast', 'Lunch'] }, n: 3, ok: false, obj: { a: 1 } });
    expect(expandTemplate('{{user.meals[1]}} {{n}} {{ok}} {{obj}} {{user.meals}}', {}, v)).toBe(
      'Lunch 3 false {"a":1} ["Breakfast","Lunch"]',
    );
  });

  it('nests snippets up to a depth limit (a cycle terminates)', () => {
    expect(expandTemplate('{%a%}', { a: '[{%b%}]', b: 'B' }, vars({}))).toBe('[B]');
    const cyclic = expandTemplate('{%a%}', { a: '{%a%}x' }, vars({}));
    expect(cyclic.endsWith('xxxxx')).toBe(true);
  });

  it('never executes code and does not re-expand substituted values', () => {
    const v = vars({ evil: '{{secret}}', secret: 'S', code: '${process.exit(1)}' });
    expect(expandTemplate('{{evil}} {{code}}', {}, v)).toBe('{{secret}} ${process.exit(1)}');
  });

  it('expandValue keeps the raw type of a lone placeholder and walks objects/arrays', () => {
    const v = vars({ params: { qty: 2, items: ['a', 'b'] }, user: { id: 'u1' } });
    expect(
      expandValue(
        {
          q: '{{params.qty}}',
          items: '{{params.items}}',
          label: 'x{{params.qty}}',
          nested: ['{{user.id}}'],
          keep: '{{nope}}',
          n: 5,
        },
        {},
        v,
      ),
    ).toEqual({ q: 2, items: ['a', 'b'], label: 'x2', nested: ['u1'], keep: '{{nope}}', n: 5 });
  });
});
