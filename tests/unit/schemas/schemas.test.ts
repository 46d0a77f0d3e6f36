import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatPath } from '../../../src-shared/contract/index.js';
import { AgentGraph, parseModelSpec, Persona, TestCase, TestSuite } from '../../../src-shared/schemas/index.js';
import { smallGraph } from '../../support/graphs.js';

const issuePaths = (r: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) =>
  r.error?.issues.map((i) => formatPath(i.path)) ?? [];

describe('TestCase schema', () => {
  it("accepts voicetest's documented LLM and rule examples (seed 000)", () => {
    const llm = TestCase.parse({
      name: 'Customer billing inquiry',
      user_prompt: '## Identity\nYour name is Jane.\n\n## Goal\nGet help with a charge on your bill.',
      metrics: ['Agent greeted the customer and addressed the billing concern'],
      dynamic_variables: { caller_name: 'Jane', account_id: '12345' },
      type: 'llm',
    });
    expect(llm.metrics).toHaveLength(1);
    const rule = TestCase.parse({
      name: 'No PII leakage',
      user_prompt: 'You mention your full SSN.',
      excludes: ['123-45-6789'],
      patterns: ['REF-[A-Z0-9]+'],
      type: 'rule',
    });
    expect(rule.type).toBe('rule');
  });

  it('maps legacy simulation/unit types to llm/rule', () => {
    const corpus = JSON.parse(
      fs.readFileSync(new URL('../../fixtures/corpus/voicetest/demo-tests.json', import.meta.url), 'utf8'),
    ) as unknown[];
    const suite = TestSuite.parse({ tests: corpus });
    expect(suite.tests.length).toBe(corpus.length);
    expect(suite.tests.every((t) => t.type === 'llm' || t.type === 'rule')).toBe(true);
    expect(TestCase.parse({ name: 'x', type: 'unit' }).type).toBe('rule');
  });

  it('accepts per-metric thresholds, mocks and assertions', () => {
    const t = TestCase.parse({
      name: 'order',
      metrics: [{ criterion: 'Agent confirmed the order', threshold: 0.8 }],
      tool_mocks: [
        { tool: 'lookup_order', when: { order_id: 'A17' }, response: { status: 'shipped' } },
        { tool: 'charge_card', sequence: [{ error: 'card declined' }, { response: { ok: true } }] },
      ],
      assertions: {
        tool_calls: { mode: 'strict', calls: [{ name: 'lookup_order', args: { order_id: 'A17' } }] },
        path: { must_visit: ['lookup'] },
      },
      repeats: 5,
    });
    expect(t.assertions?.tool_calls?.calls[0].args_match).toBe('partial');
  });

  it('rejects bad test cases naming the path', () => {
    expect(issuePaths(TestCase.safeParse({ name: 'x', metrics: [{ criterion: 'a', threshold: 3 }] }))).toEqual([
      'metrics[0].threshold',
    ]);
    expect(issuePaths(TestCase.safeParse({ name: 'x', type: 'fuzzy' }))).toEqual(['type']);
    expect(issuePaths(TestCase.safeParse({ name: '', max_turns: 0 }))).toEqual(['name', 'max_turns']);
  });
});

describe('AgentGraph schema', () => {
  it('accepts every node type and fills defaults', () => {
    const g = AgentGraph.parse({
      entry_node_id: 'a',
      nodes: [
        {
          id: 'a',
          type: 'conversation',
          instruction: { text: 'Hi {{user.name}}' },
          transitions: [
            {
              id: 't',
              target: 'b',
              condition: { kind: 'equation', equations: [{ left: 'x', operator: 'contained_in', right: 'a,b' }] },
            },
          ],
        },
        { id: 'b', type: 'logic', transitions: [{ id: 'e', target: 'c', condition: { kind: 'else' } }] },
        { id: 'c', type: 'extract', variables: [{ name: 'tier', type: 'enum', choices: ['gold', 'basic'] }] },
        {
          id: 'd',
          type: 'function',
          tool: 'lookup',
          actions: [{ type: 'context.set', path: 'workflow.log[+]', value: { a: '{{params.a}}' } }],
        },
        { id: 'e', type: 'transfer', target: '+14155551234' },
        { id: 'f', type: 'end' },
        {
          id: 'g',
          type: 'press_digit',
          instruction: { mode: 'static', text: 'Press 1' },
          global: { entry_conditions: [{ id: 'gx', condition: { kind: 'prompt', prompt: 'wants menu' } }] },
        },
      ],
    });
    expect(g.first_speaker).toBe('agent');
    expect(g.source.format).toBe('parley');
    expect(g.nodes[0].type === 'conversation' && g.nodes[0].instruction.mode).toBe('prompt');
  });

  it('rejects an unknown node type, operator and condition kind with paths', () => {
    const bad = JSON.parse(JSON.stringify(smallGraph()));
    bad.nodes[1].type = 'teleport';
    bad.nodes[0].transitions[0].condition = { kind: 'equation', equations: [{ left: 'x', operator: '=~' }] };
    const paths = issuePaths(AgentGraph.safeParse(bad));
    expect(paths).toContain('nodes[1].type');
    expect(paths).toContain('nodes[0].transitions[0].condition.equations[0].operator');
  });
});

describe('Persona and model specs', () => {
  it('persona needs a name; everything else has defaults', () => {
    expect(Persona.parse({ name: 'Dana' }).identity).toEqual({});
    expect(issuePaths(Persona.safeParse({ name: 'D', personality: { patience: 'infinite' } }))).toEqual([
      'personality.patience',
    ]);
  });

  it('parses CLI model specs', () => {
    expect(parseModelSpec('llama-cpp:/models/qwen.gguf')).toMatchObject({
      provider: 'llama-cpp',
      model: '/models/qwen.gguf',
    });
    expect(parseModelSpec('ollama:llama3.2:3b@http://10.0.0.5:11434')).toMatchObject({
      provider: 'ollama',
      model: 'llama3.2:3b',
      endpoints: ['http://10.0.0.5:11434'],
    });
    expect(parseModelSpec('openai:gpt-4o-mini@http://a/v1,http://b/v1').endpoints).toEqual([
      'http://a/v1',
      'http://b/v1',
    ]);
    expect(() => parseModelSpec('gpt4')).toThrow(/expected PROVIDER:MODEL/);
    expect(() => parseModelSpec('hf:x')).toThrow(/unknown provider "hf"/);
    expect(() => parseModelSpec('openai:gpt-4o@')).toThrow(/missing URL after "@"/);
  });
});
