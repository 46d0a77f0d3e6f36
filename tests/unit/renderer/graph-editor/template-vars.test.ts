import { describe, expect, it } from 'vitest';
import {
  applyCompletion,
  availableVariables,
  completionAt,
  filterSuggestions,
  SYSTEM_VARIABLES,
  usedVariables,
} from '../../../../src-renderer/features/graph-editor/model/template-vars.js';
import { sampleGraph } from './fixtures.js';

describe('prompt autocomplete', () => {
  it('collects variables from defaults, extract nodes, function outputs, context.set, digits and the system', () => {
    const g = sampleGraph();
    g.nodes.push(
      { id: 'x', type: 'extract', transitions: [], variables: [{ name: 'dob', description: '', type: 'text' }] },
      {
        id: 'f',
        type: 'function',
        tool: 'lookup',
        transitions: [],
        output_variables: [{ output_key: 'tier', variable: 'user.tier' }],
        actions: [{ type: 'context.set', path: 'workflow.log[+]', value: 1 }],
      },
      { id: 'd', type: 'press_digit', transitions: [], instruction: { mode: 'prompt', text: '' } },
    );
    const vars = availableVariables(g);
    const names = vars.map((v) => v.name);
    expect(names.slice(0, 5)).toEqual(['name', 'dob', 'user.tier', 'workflow.log', 'digit']);
    for (const s of SYSTEM_VARIABLES) expect(names).toContain(s);
    expect(vars.find((v) => v.name === 'user.tier')!.source).toBe('output of lookup');
    expect(new Set(names).size).toBe(names.length);
  });

  it('detects an open {{ or {% before the caret, not a closed one', () => {
    expect(completionAt('Hello {{us', 10)).toEqual({ kind: 'variable', prefix: 'us', start: 6 });
    expect(completionAt('Say {%pol', 9)).toEqual({ kind: 'snippet', prefix: 'pol', start: 4 });
    expect(completionAt('Hello {{user}} there', 20)).toBeNull();
    expect(completionAt('Hello {{', 8)).toEqual({ kind: 'variable', prefix: '', start: 6 });
    expect(completionAt('no braces', 9)).toBeNull();
  });

  it('inserts a completion with closing braces, without doubling braces already there', () => {
    const t = 'Hi {{na there';
    const ctx = completionAt(t, 7)!;
    expect(applyCompletion(t, ctx, 7, 'name')).toEqual({ text: 'Hi {{name}} there', caret: 11 });
    const t2 = 'Hi {{na}}';
    expect(applyCompletion(t2, completionAt(t2, 7)!, 7, 'name').text).toBe('Hi {{name}}');
    const t3 = 'Rules: {%po';
    expect(applyCompletion(t3, completionAt(t3, t3.length)!, t3.length, 'policy').text).toBe('Rules: {%policy%}');
  });

  it('ranks prefix matches before substring matches', () => {
    const items = [{ name: 'current_date' }, { name: 'user_number' }, { name: 'number_of_pizzas' }];
    expect(filterSuggestions(items, 'num').map((i) => i.name)).toEqual(['number_of_pizzas', 'user_number']);
    expect(filterSuggestions(items, '')).toHaveLength(3);
  });

  it('lists placeholders used in a text', () => {
    expect(usedVariables('Hi {{ name }}, your {{order.id}} and {{items[0]}}')).toEqual([
      'name',
      'order.id',
      'items[0]',
    ]);
  });
});
