import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { AgentGraph, TestSuite } from '../../../src-shared/schemas/index.js';
import { LINT_RULES, lintGraph } from '../../../src-main/analysis/lint.js';

const ROOT = path.resolve(import.meta.dirname, '../../..');
const graph = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(ROOT, 'tests/fixtures/analysis/lint-every-rule.json'), 'utf8')));
const suite = (mocks: string[], vars: Record<string, unknown> = {}) =>
  TestSuite.parse({
    tests: [
      {
        name: 't',
        user_prompt: 'hi',
        tool_mocks: mocks.map((tool) => ({ tool, response: {} })),
        dynamic_variables: vars,
      },
    ],
  });

describe('lint checklist', () => {
  it('finds each rule once, on the right node, edge and path', () => {
    const r = lintGraph(graph(), { suites: [suite([])], promptBudget: 100 });
    expect(r.skipped).toEqual([]);
    expect(r.findings.map((f) => [f.severity, f.rule, f.node_id, f.transition_id ?? '', f.path])).toEqual([
      ['warning', 'identical_conditions', 'greet', 'to_billing', 'nodes[0].transitions[0].condition.prompt'],
      ['warning', 'used_before_set', 'billing', '', 'nodes[1].instruction.text'],
      ['warning', 'unmocked_tool', 'lookup', '', 'nodes[2].tool'],
      ['warning', 'unreachable', 'ask_zip', '', 'nodes[3]'],
      ['warning', 'unread_extract', 'ask_zip', '', 'nodes[3].variables[0]'],
      ['warning', 'unreachable', 'limbo', '', 'nodes[4]'],
      ['warning', 'dead_end', 'limbo', '', 'nodes[4]'],
      ['warning', 'global_without_go_back', 'help', '', 'nodes[5].global.go_back_conditions'],
      ['warning', 'prompt_over_budget', 'help', '', 'nodes[5].instruction.text'],
      ['info', 'never_set', 'billing', '', 'nodes[1].instruction.text'],
    ]);
    // every rule of the checklist is exercised by this fixture
    expect(new Set(r.findings.map((f) => f.rule))).toEqual(new Set(LINT_RULES));
    const byRule = Object.fromEntries(r.findings.map((f) => [f.rule, f.message]));
    expect(byRule.used_before_set).toBe(
      'node "billing" reads {{account_id}} but no path from the entry passes "lookup" (which set it) first, and it has no default',
    );
    expect(byRule.identical_conditions).toContain('"to_billing" and "to_billing_too" have the same condition text');
    expect(byRule.prompt_over_budget).toContain('over the budget of 100');
  });

  it('a mock, a default and a test-supplied variable clear their findings; the default budget is generous', () => {
    const g = graph();
    g.default_variables = { account_id: '' };
    const r = lintGraph(g, { suites: [suite(['crm_lookup'], { caller_name: 'Ann' })] });
    const rules = r.findings.map((f) => f.rule);
    for (const gone of ['used_before_set', 'never_set', 'unmocked_tool', 'prompt_over_budget'])
      expect(rules).not.toContain(gone);
  });

  it('without suites the mock check says it was skipped instead of passing silently', () => {
    const r = lintGraph(graph());
    expect(r.skipped).toEqual([{ rule: 'unmocked_tool', why: 'no test suite given: tool mocks cannot be checked' }]);
    expect(r.findings.map((f) => f.rule)).not.toContain('unmocked_tool');
  });

  it('a value set on the way is not flagged, and a global node that goes back is fine', () => {
    const g = graph();
    // lookup before billing: now account_id is set on every path into billing
    g.nodes[0].transitions = [
      { id: 'to_lookup0', target: 'lookup', condition: { kind: 'prompt', prompt: 'Caller asks about a bill' } },
    ];
    const lookup = g.nodes[2];
    lookup.transitions = [{ id: 'l2b', target: 'billing', condition: { kind: 'always' } }];
    g.nodes[1].transitions = [{ id: 'b2e', target: 'bye', condition: { kind: 'prompt', prompt: 'done' } }];
    g.nodes[5].global!.go_back_conditions = [
      { id: 'back', condition: { kind: 'prompt', prompt: 'Caller is done with help' } },
    ];
    const rules = lintGraph(g).findings.map((f) => `${f.rule}@${f.node_id}`);
    expect(rules).not.toContain('used_before_set@billing');
    expect(rules).not.toContain('global_without_go_back@help');
    expect(rules).not.toContain('identical_conditions@greet');
  });
});
