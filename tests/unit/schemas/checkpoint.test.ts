import { describe, expect, it } from 'vitest';
import { TestSuite } from '../../../src-shared/schemas/index.js';

const issues = (v: unknown) => {
  const r = TestSuite.safeParse(v);
  return r.success ? [] : r.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`);
};

describe('the checkpoint test kind (issue 34)', () => {
  it("accepts the issue's example, `criteria` read as the criterion", () => {
    const suite = TestSuite.parse({
      tests: [
        {
          name: 'a change of mind goes back to clarify',
          checkpoint: {
            start_node: 'confirm_cancel',
            transcript: [
              { role: 'agent', content: 'Shall I cancel your appointment on Friday?' },
              { role: 'caller', content: 'No, keep it, sorry.' },
            ],
            variables: { patient_name: 'Maria Garcia' },
            expect: {
              next_node: 'clarify',
              tool_call: { name: 'find_slots', arguments: { day: 'Friday' } },
              variables: { intent: 'cancel' },
              includes: ['x'],
              excludes: ['y'],
              patterns: ['z'],
              metrics: [{ criteria: 'asks what they want', threshold: 0.7 }],
            },
          },
          repeats: 5,
        },
      ],
    });
    expect(suite.tests[0].checkpoint?.expect.next_node).toBe('clarify');
    expect(suite.tests[0].repeats).toBe(5);
  });

  it('refuses an empty expect, a tool message without its tool and a metric without a criterion, each with its path', () => {
    expect(
      issues({
        tests: [
          { name: 'a', checkpoint: { expect: {} } },
          {
            name: 'b',
            checkpoint: { transcript: [{ role: 'tool', content: '{}' }], expect: { metrics: [{ threshold: 1 }] } },
          },
          { name: 'c', checkpoint: { transcript: [{ role: 'user', content: 'hi' }], expect: { next_node: 'x' } } },
        ],
      }),
    ).toEqual([
      'tests.0.checkpoint.expect: expected at least one of next_node, tool_call, no_tool_call, variables, includes, excludes, patterns, metrics',
      'tests.1.checkpoint.transcript.0.tool: a tool message needs "tool": the name of the tool that answered',
      expect.stringMatching(/^tests\.1\.checkpoint\.expect\.metrics\.0/),
      expect.stringMatching(/^tests\.2\.checkpoint\.transcript\.0\.role: /),
    ]);
  });
});
