import { describe, expect, it } from 'vitest';
import { SourcePaths, validateGraph } from '../../../../src-main/formats/index.js';
import { validateGraphWith } from '../../../../src-main/formats/validate/index.js';
import { conv, end, eq, graph, logic, tr } from '../helpers.js';

const errorsOf = (g: unknown) => validateGraph(g).errors;
const warningsOf = (g: unknown) => validateGraph(g).warnings;
const only = <T extends { message: string }>(list: T[], re: RegExp) => list.filter((i) => re.test(i.message));

describe('validator: a clean graph', () => {
  it('has no errors and no warnings', () => {
    const r = validateGraph(graph([conv('a', [tr('t1', 'b')]), end('b')]));
    expect(r.errors).toEqual([]);
    expect(r.warnings).toEqual([]);
    expect(r.graph?.nodes).toHaveLength(2);
  });
});

describe('validator errors', () => {
  it('duplicate node ids name both places and what is expected', () => {
    const errs = errorsOf(graph([conv('a', [tr('t', 'b')]), end('b'), end('b')]));
    expect(errs).toHaveLength(1);
    expect(errs[0]).toMatchObject({ severity: 'error', path: 'nodes[2].id' });
    expect(errs[0].message).toMatch(/duplicate node id "b".*nodes\[1\].*expected every node id to be unique/);
  });

  it('entry node missing', () => {
    const errs = errorsOf({ ...graph([conv('a', [tr('t', 'b')]), end('b')]), entry_node_id: 'start' });
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('entry_node_id');
    expect(errs[0].message).toMatch(/entry node "start" does not exist; expected the id of one of the nodes: "a", "b"/);
  });

  it('transition to a missing node', () => {
    const errs = errorsOf(graph([conv('a', [tr('t1', 'nowhere')])]));
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('nodes[0].transitions[0].target');
    expect(errs[0].message).toMatch(/goes to node "nowhere", which does not exist; expected one of: "a"/);
  });

  it('logic node without an else, and with two', () => {
    const none = errorsOf(graph([logic('l', [tr('t1', 'b', eq('x', '==', '1'))]), end('b')]));
    expect(only(none, /no else edge; expected exactly one else edge/)).toHaveLength(1);
    expect(none[0].path).toBe('nodes[0]');
    const two = errorsOf(
      graph([logic('l', [tr('t1', 'b', { kind: 'else' }), tr('t2', 'b', { kind: 'else' })]), end('b')]),
    );
    expect(only(two, /has 2 else edges; expected exactly one else edge/)).toHaveLength(1);
    expect(two[0].path).toBe('nodes[0].transitions[1]');
  });

  it('a logic node without else is a warning only when the source platform allows it', () => {
    const r = validateGraphWith(graph([logic('l', [tr('t1', 'b', eq('x', '==', '1'))]), end('b')]), {
      logicWithoutElseIsWarning: true,
    });
    expect(r.errors).toEqual([]);
    expect(only(r.warnings, /no else edge/)).toHaveLength(1);
  });

  it('skip-response node needs exactly one skip edge and nothing else', () => {
    const noSkip = errorsOf(graph([conv('a', [tr('t1', 'b')], { skip_response: true }), end('b')]));
    expect(only(noSkip, /has 0 skip edges; expected exactly one skip edge/)).toHaveLength(1);
    expect(only(noSkip, /also has 1 other edge \(prompt\); expected only its one skip edge/)).toHaveLength(1);
    const twoSkips = errorsOf(
      graph([
        conv('a', [tr('s1', 'b', { kind: 'skip' }), tr('s2', 'b', { kind: 'skip' })], { skip_response: true }),
        end('b'),
      ]),
    );
    expect(only(twoSkips, /has 2 skip edges/)).toHaveLength(1);
    const good = errorsOf(graph([conv('a', [tr('s1', 'b', { kind: 'skip' })], { skip_response: true }), end('b')]));
    expect(good).toEqual([]);
  });

  it('global node with no entry condition', () => {
    const errs = errorsOf(
      graph([conv('a', [tr('t', 'b')]), end('b'), { ...end('g'), global: { entry_conditions: [] } }]),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('nodes[2].global');
    expect(errs[0].message).toMatch(/global node "g" has no entry condition; expected at least one condition/);
  });

  it('global edge to a non-global node (found by the importer, reported with its source path)', () => {
    const r = validateGraphWith(graph([conv('a', [tr('t', 'b')]), end('b')]), {
      unattachedGlobalEdges: [
        { id: 'g1', target: 'b', sourcePath: 'edges[4].target', targetExists: true },
        { id: 'g2', target: 'zz', sourcePath: 'edges[5].target', targetExists: false },
      ],
    });
    expect(r.errors.map((e) => e.path)).toEqual(['edges[4].target', 'edges[5].target']);
    expect(r.errors[0].message).toMatch(
      /global edge "g1" goes to node "b", which is not a global node; expected a node marked global/,
    );
    expect(r.errors[1].message).toMatch(/which does not exist/);
  });

  it("duplicate order among one node's condition edges", () => {
    const errs = errorsOf(
      graph([
        conv('a', [
          tr('t1', 'b', undefined, { order: 0 }),
          tr('t2', 'b', undefined, { order: 0 }),
          tr('t3', 'b', undefined, { order: 1 }),
        ]),
        end('b'),
      ]),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('nodes[0].transitions[1].order');
    expect(errs[0].message).toMatch(/"t1" and "t2" of node "a" both have order 0; expected a different order/);
  });

  it('empty prompt condition (transition, global entry and go-back)', () => {
    const errs = errorsOf(
      graph([
        conv('a', [tr('t1', 'b', { kind: 'prompt', prompt: '   ' })]),
        end('b'),
        {
          ...end('g'),
          global: {
            entry_conditions: [{ id: 'e', condition: { kind: 'prompt', prompt: '' } }],
            go_back_conditions: [{ id: 'gb', condition: { kind: 'prompt', prompt: '' } }],
          },
        },
      ]),
    );
    expect(errs.map((e) => e.path)).toEqual([
      'nodes[0].transitions[0].condition.prompt',
      'nodes[2].global.entry_conditions[0].condition.prompt',
      'nodes[2].global.go_back_conditions[0].condition.prompt',
    ]);
    for (const e of errs) expect(e.message).toMatch(/prompt condition .* is empty; expected the question/);
  });

  it('equation condition with no equations', () => {
    const errs = errorsOf(
      graph([
        logic('l', [tr('t1', 'b', { kind: 'equation', equations: [] }), tr('t2', 'b', { kind: 'else' })]),
        end('b'),
      ]),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('nodes[0].transitions[0].condition.equations');
    expect(errs[0].message).toMatch(/has no equations; expected at least one \{left, operator, right\}/);
  });

  it('unknown equation operator', () => {
    const errs = errorsOf(
      graph([logic('l', [tr('t1', 'b', eq('x', 'approximately', '1')), tr('t2', 'b', { kind: 'else' })]), end('b')]),
    );
    expect(errs).toHaveLength(1);
    expect(errs[0].path).toBe('nodes[0].transitions[0].condition.equations[0].operator');
    expect(errs[0].message).toMatch(
      /unknown equation operator "approximately"; expected one of ==, !=, >, >=, <, <=, contains, not_contains, contained_in, not_contained_in, exists, not_exists/,
    );
  });

  it('shape errors are zod errors turned into path + expectation', () => {
    const errs = errorsOf({
      entry_node_id: 'a',
      nodes: [
        { id: 'a', type: 'teleport', transitions: [] },
        { id: 7, type: 'end' },
      ],
    });
    expect(errs.map((e) => e.path)).toEqual(['nodes[0].type', 'nodes[1].id']);
    expect(errs[0].message).toMatch(/unknown node type "teleport"; expected one of "conversation", "logic"/);
    expect(errs[1].message).toBe('found 7; expected a string');
  });

  it('maps graph paths back to source paths when given a map', () => {
    const paths = new SourcePaths()
      .set('nodes[0].transitions[0]', 'nodes[0].edges[3]')
      .set('nodes[0].transitions[0].target', 'nodes[0].edges[3].destination_node_id');
    const r = validateGraph(graph([conv('a', [tr('t1', 'gone')])]), paths, { file: 'flow.json' });
    expect(r.errors[0]).toMatchObject({ file: 'flow.json', path: 'nodes[0].edges[3].destination_node_id' });
  });
});

describe('validator warnings', () => {
  it('unreachable node (global nodes with an entry condition count as reachable)', () => {
    const w = warningsOf(
      graph([
        conv('a', [tr('t', 'b')]),
        end('b'),
        end('island'),
        {
          ...conv('help', [tr('h', 'b')]),
          global: { entry_conditions: [{ id: 'e', condition: { kind: 'prompt', prompt: 'wants help' } }] },
        },
        end('after_help'),
      ]),
    );
    const unreachable = only(w, /cannot be reached/);
    expect(unreachable.map((i) => i.path)).toEqual(['nodes[2]', 'nodes[4]']);
    expect(unreachable[0].message).toMatch(
      /node "island" cannot be reached from the entry node "a"; expected a transition into it/,
    );
  });

  it('non-end node with no way out, unless it has an ending tool or go-back condition', () => {
    const w = warningsOf(
      graph(
        [
          conv('a', [tr('t1', 'stuck'), tr('t2', 'tooled'), tr('t3', 'g')]),
          conv('stuck'),
          conv('tooled', [], { tools: ['hang_up'] }),
          {
            ...conv('g'),
            global: {
              entry_conditions: [{ id: 'e', condition: { kind: 'prompt', prompt: 'x' } }],
              go_back_conditions: [{ id: 'b', condition: { kind: 'prompt', prompt: 'done' } }],
            },
          },
        ],
        { tools: [{ name: 'hang_up', kind: 'end_call' }] },
      ),
    );
    const stuck = only(w, /no way out/);
    expect(stuck).toHaveLength(1);
    expect(stuck[0].path).toBe('nodes[1]');
    expect(stuck[0].message).toMatch(
      /conversation node "stuck" has no way out.*expected a transition, an end_call tool on the node, or an end node/,
    );
  });

  it('variables used in prompts that nothing sets; set ones are quiet', () => {
    const w = warningsOf(
      graph(
        [
          conv('a', [tr('t', 'x')], {
            instruction: {
              mode: 'prompt',
              text: 'Hi {{caller_name}}, order {{order_id}}, at {{current_time}}, {{user.tier}} {{ greeting | default: "hey" }}',
            },
          }),
          {
            id: 'x',
            type: 'extract',
            variables: [{ name: 'order_id', type: 'text' }],
            transitions: [tr('t2', 'f', { kind: 'always' })],
          },
          {
            id: 'f',
            type: 'function',
            tool: 'lookup',
            output_variables: [{ output_key: 's', variable: 'status' }],
            transitions: [tr('t3', 'e', { kind: 'always' })],
          },
          {
            id: 'e',
            type: 'end',
            message: { mode: 'static', text: 'Status {{status}}, {{missing.path}}' },
            transitions: [],
          },
        ],
        { default_variables: { user: { tier: 'gold' } }, tools: [{ name: 'lookup' }] },
      ),
    );
    const vars = only(w, /set by nothing in the graph; a test must provide it/);
    expect(vars.map((v) => v.message.match(/variable "([^"]+)"/)![1])).toEqual([
      'caller_name',
      'greeting',
      'missing.path',
    ]);
    expect(vars[0].path).toBe('nodes[0].instruction.text');
  });

  it('writes into user.* (read-only during a call) are named with their path; workflow.* and plain variables are quiet', () => {
    const w = warningsOf(
      graph(
        [
          {
            id: 'x',
            type: 'extract',
            variables: [
              { name: 'user.name', type: 'text' },
              { name: 'workflow.name', type: 'text' },
              { name: 'username', type: 'text' },
            ],
            transitions: [tr('t2', 'f', { kind: 'always' })],
          },
          {
            id: 'f',
            type: 'function',
            tool: 'lookup',
            output_variables: [{ output_key: 's', variable: 'user[0]' }],
            actions: [{ type: 'context.set', path: 'user.meals[+]', value: 'x' }],
            transitions: [tr('t3', 'e', { kind: 'always' })],
          },
          end('e'),
        ],
        { tools: [{ name: 'lookup' }] },
      ),
    );
    const ro = only(w, /cannot change during a call/);
    expect(ro.map((i) => i.path)).toEqual([
      'nodes[0].variables[0].name',
      'nodes[1].output_variables[0].variable',
      'nodes[1].actions[0].path',
    ]);
    expect(ro[0].message).toMatch(
      /extract node "x" writes "user\.name", but user\.\* is the caller data the call starts with .*; expected workflow\.\* or a plain variable/,
    );
  });

  it('snippet referenced but not defined', () => {
    const w = warningsOf(
      graph(
        [conv('a', [tr('t', 'b')], { instruction: { mode: 'prompt', text: '{%disclaimer%} {%sign_off%}' } }), end('b')],
        { snippets: { sign_off: 'Bye' } },
      ),
    );
    const s = only(w, /snippet/);
    expect(s).toHaveLength(1);
    expect(s[0].message).toMatch(
      /snippet \{%disclaimer%\} is referenced in the instruction of node "a" but not defined; expected one of the snippets: "sign_off"/,
    );
  });

  it('function node calling a tool that is not defined', () => {
    const w = warningsOf(
      graph([{ id: 'f', type: 'function', tool: 'ghost', transitions: [tr('t', 'b', { kind: 'always' })] }, end('b')]),
    );
    expect(only(w, /calls tool "ghost", which is not defined in tools/)).toHaveLength(1);
  });

  it('a skip edge on a node that does not skip the response is never taken', () => {
    const w = warningsOf(graph([conv('a', [tr('s', 'b', { kind: 'skip' })]), end('b')]));
    expect(only(w, /skip edge but does not skip the caller's response/)).toHaveLength(1);
  });
});
