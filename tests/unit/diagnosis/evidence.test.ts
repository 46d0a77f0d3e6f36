import { describe, expect, it } from 'vitest';
import { AgentGraph, type Result } from '../../../src-shared/schemas/index.js';
import { conversationText, failureLines, pathText } from '../../../src-main/diagnosis/evidence.js';
import { diagnosisPrompt } from '../../../src-main/diagnosis/diagnose.js';
import { transitionsInvolved } from '../../../src-main/diagnosis/structural.js';
import { fakeResult } from '../../support/results.js';
import { shopGraph } from '../../support/fix-fixture.js';

const g = AgentGraph.parse({
  ...shopGraph(),
  snippets: { policy: 'Refunds within 30 days.' },
  global_prompt: 'You are Acme. {%policy%}',
});
g.nodes[1] = {
  ...g.nodes[1],
  instruction: { mode: 'prompt', text: 'Tell the caller: {%policy%}' },
} as (typeof g.nodes)[1];

const failed: Result = {
  id: 'res_1',
  ...fakeResult('run_1', 0, 'fail', {
    test: 'refund window',
    transcript: [
      { role: 'agent', content: 'Hello, how can I help?', node: 'greet' },
      { role: 'caller', content: 'I want a refund' },
      { role: 'agent', content: 'Yes, refunds are possible.', node: 'refund' },
    ],
    nodes_visited: [
      { node: 'greet', turn: 0, reason: 'entry' },
      { node: 'refund', turn: 2, via: 'to-refund', reason: 'the caller asked for a refund' },
    ],
    metrics: [
      {
        criterion: 'Says the refund window',
        score: 0.1,
        threshold: 0.7,
        passed: false,
        reasoning: 'no number of days',
        turns: [2],
      },
      { criterion: 'Polite', score: 1, threshold: 0.7, passed: true, reasoning: '' },
    ],
    rules: [{ kind: 'includes', target: 'agent: 30 days', passed: false, message: 'not said' }],
  }),
};

describe('what the diagnosing model reads', () => {
  // stored indices (nodes_visited[].turn, metrics[].turns) are 0-based; the model reads lines numbered from 1
  it('the path: each node once with its instruction after snippet expansion, its transitions and the routing decision', () => {
    expect(pathText(g, failed)).toBe(
      [
        '1. node "greet" at line 1, the entry',
        '   type conversation',
        '   instruction: "Greet the caller and ask how you can help."',
        '   transition "to-refund" -> "refund" when "The caller asks about a refund"',
        '   transition "to-hours" -> "hours" when "The caller asks when the shop is open"',
        '   transition "to-exchange" -> "exchange" when "The caller wants to exchange an item"',
        '2. node "refund" at line 3, via transition "to-refund" (the caller asked for a refund)',
        '   type conversation',
        '   instruction: "Tell the caller: Refunds within 30 days."',
        'Nodes not visited: "hours" (conversation), "exchange" (conversation), "fallback" (conversation)',
      ].join('\n'),
    );
  });

  it('only what failed, with scores, reasoning and the lines the judge cited', () => {
    expect(failureLines(failed)).toEqual([
      '- metric "Says the refund window": score 0.10 < 0.70; judge: no number of days (lines 3)',
      '- rule includes "agent: 30 days": not said',
    ]);
    const text = conversationText(g, failed, { name: 'refund window', caller_script: ['I want a refund'] } as never, {
      numbered: true,
    });
    expect(text).toContain("The caller's lines were scripted: I want a refund");
    expect(text).toContain(
      '[1] agent: Hello, how can I help?\n[2] caller: I want a refund\n[3] agent: Yes, refunds are possible.',
    );
    expect(text).toContain('Transcript (lines numbered):');
    const prompt = diagnosisPrompt({
      graph: g,
      versionId: 'av',
      subject: { kind: 'result', run_id: 'run_1', result_ids: ['res_1'], tests: ['refund window'] },
      results: [failed],
      tests: new Map(),
      failedResults: 1,
    });
    expect(prompt).toContain('Global prompt (every node): "You are Acme. Refunds within 30 days."');
  });

  it('the transitions involved when editing a node does not help: the ones taken into it, then its own', () => {
    const edit = { kind: 'node_instruction' as const, node_id: 'refund', original: '', proposed: 'x', rationale: '' };
    expect(transitionsInvolved(g, [edit], [failed])).toEqual([
      'greet -> refund (to-refund): The caller asks about a refund',
    ]);
    expect(transitionsInvolved(g, [{ ...edit, node_id: 'greet' }], [failed])).toEqual([
      'greet -> refund (to-refund): The caller asks about a refund',
      'greet -> hours (to-hours): The caller asks when the shop is open',
      'greet -> exchange (to-exchange): The caller wants to exchange an item',
    ]);
    expect(transitionsInvolved(g, [{ ...edit, kind: 'agent_prompt', node_id: undefined }], [failed])).toEqual([
      'greet -> refund (to-refund): The caller asks about a refund',
    ]);
  });
});
