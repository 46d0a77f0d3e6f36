/**
 * The answers of the diagnosing and proposing calls are grammar-bound on local models: every string,
 * number and list in their schemas must be bounded, ids must be the graph's own, and what comes back
 * is checked against the graph again.
 */
import { describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { checkedFault, diagnosisSchema, MAX_FAULTS } from '../../../src-main/diagnosis/diagnose.js';
import {
  editKinds,
  editsOf,
  MAX_PROPOSED_CHARS,
  MIN_PROPOSED_CHARS,
  proposalSchema,
  proposedChars,
} from '../../../src-main/diagnosis/propose.js';
import { schemaCharBound } from '../../../src-main/providers/shared/structured-budget.js';
import { shopGraph } from '../../support/fix-fixture.js';

const g = AgentGraph.parse(shopGraph());

/** Paths of unbounded strings, numbers and arrays in a JSON Schema. */
function unbounded(s: Record<string, unknown>, at = '$'): string[] {
  const out: string[] = [];
  if (Array.isArray(s.enum)) return out;
  if (s.type === 'string' && typeof s.maxLength !== 'number') out.push(at);
  if ((s.type === 'number' || s.type === 'integer') && (typeof s.minimum !== 'number' || typeof s.maximum !== 'number'))
    out.push(at);
  if (s.type === 'array') {
    if (typeof s.maxItems !== 'number') out.push(at);
    out.push(...unbounded(s.items as Record<string, unknown>, `${at}[]`));
  }
  for (const [k, v] of Object.entries((s.properties ?? {}) as Record<string, Record<string, unknown>>))
    out.push(...unbounded(v, `${at}.${k}`));
  return out;
}

describe('diagnosis and proposal schemas', () => {
  it('bound every string, number and list, so a grammar can always finish', () => {
    expect(unbounded(diagnosisSchema(g, 5))).toEqual([]);
    expect(unbounded(proposalSchema(g, 600))).toEqual([]);
    expect(schemaCharBound(diagnosisSchema(g, 5))).toBeLessThan(6000);
    expect(schemaCharBound(proposalSchema(g, MAX_PROPOSED_CHARS))).toBeLessThan(10_000);
  });

  it("offer the graph's own ids (and none) and only the kinds of edit the graph has a place for", () => {
    const d = diagnosisSchema(g, 5) as {
      properties: {
        faults: {
          maxItems: number;
          items: { properties: Record<string, { enum?: unknown[]; items?: { minimum: number; maximum: number } }> };
        };
      };
    };
    const fault = d.properties.faults.items.properties;
    expect(fault.node_id.enum).toEqual(['greet', 'refund', 'hours', 'exchange', 'fallback', '']);
    expect(fault.transition_id.enum).toEqual(['to-refund', 'to-hours', 'to-exchange', 'fb-skip', '']);
    // the model cites the bracket numbers of the transcript it read: 1..lines
    expect(fault.turns.items).toMatchObject({ minimum: 1, maximum: 5 });
    expect(d.properties.faults.maxItems).toBe(MAX_FAULTS);
    expect(editKinds(g)).toEqual(['agent_prompt', 'node_instruction', 'transition_condition', 'new_transition']);
    expect(editKinds({ ...g, snippets: { a: 'b' } })).toContain('snippet');
  });

  it('size a proposed text from the longest text shown, within bounds', () => {
    expect(proposedChars(g, ['refund'])).toBe(MIN_PROPOSED_CHARS);
    const long = { ...g, global_prompt: 'x'.repeat(1000) };
    expect(proposedChars(long, [])).toBe(1700);
    expect(proposedChars({ ...g, global_prompt: 'x'.repeat(10_000) }, [])).toBe(MAX_PROPOSED_CHARS);
  });

  it('check a fault against the graph: unknown ids dropped, a transition finds its node, turns in range', () => {
    // cited bracket numbers 1..5 become stored indices 0..4; 0, 6, 9, -1 and 2.5 are out of range or not turns
    expect(
      checkedFault(
        g,
        {
          location: 'transition_condition',
          node_id: '',
          transition_id: 'to-hours',
          turns: [2, 2, 9, 6, 0, -1, 2.5, 5],
          quote: ' q ',
        },
        5,
      ),
    ).toEqual({
      location: 'transition_condition',
      node_id: 'greet',
      transition_id: 'to-hours',
      quote: 'q',
      turns: [1, 4],
      explanation: '',
    });
    expect(
      checkedFault(g, { location: 'agent_prompt', node_id: 'refund', transition_id: 'to-hours' }, 5),
    ).toMatchObject({ node_id: null, transition_id: null });
    expect(checkedFault(g, { location: 'node_instruction', node_id: 'ghost' }, 5)).toMatchObject({ node_id: null });
    expect(checkedFault(g, { location: 'somewhere' }, 5)).toBeNull();
    expect(editsOf([{ kind: 'bogus' }, { kind: 'agent_prompt', node_id: '', proposed: 'x'.repeat(50) }], 10)).toEqual({
      edits: [
        {
          kind: 'agent_prompt',
          node_id: undefined,
          transition_id: undefined,
          target: undefined,
          snippet: undefined,
          original: '',
          proposed: 'xxxxxxxxx…',
          rationale: '',
        },
      ],
      dropped: ['edit 1: unknown kind'],
    });
  });
});
