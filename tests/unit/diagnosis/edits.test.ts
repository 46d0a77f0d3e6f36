import { describe, expect, it } from 'vitest';
import { AgentGraph, type FixEdit } from '../../../src-shared/schemas/index.js';
import { applyEdits, editKey, editLabel, resolveEdits } from '../../../src-main/diagnosis/edits.js';
import { validateGraph } from '../../../src-main/formats/index.js';
import { shopGraph } from '../../support/fix-fixture.js';

const graph = () => AgentGraph.parse({ ...shopGraph(), snippets: { policy: 'Refunds within 30 days.' } });
const e = (x: Partial<FixEdit> & Pick<FixEdit, 'kind' | 'proposed'>): FixEdit => ({
  original: '',
  rationale: '',
  ...x,
});

describe('applyEdits', () => {
  it('changes each kind of text on a copy, reads the originals from the graph and leaves the graph alone', () => {
    const g = graph();
    const before = structuredClone(g);
    const out = applyEdits(g, [
      e({ kind: 'agent_prompt', proposed: 'You are Acme.', original: 'ignored' }),
      e({ kind: 'node_instruction', node_id: 'refund', proposed: 'Say {%policy%}', transition_id: 'stray' }),
      e({
        kind: 'transition_condition',
        node_id: 'greet',
        transition_id: 'to-hours',
        proposed: 'The caller asks about hours',
      }),
      e({
        kind: 'new_transition',
        node_id: 'refund',
        target: 'exchange',
        proposed: 'The caller wants an exchange instead',
      }),
      e({ kind: 'snippet', snippet: 'policy', proposed: 'Refunds within 14 days.' }),
    ]);
    expect(out.problems).toEqual([]);
    expect(g).toEqual(before);
    expect(out.edits.map((x) => x.original)).toEqual([
      'You are the phone agent of the Acme shop.',
      'Tell the caller refunds are possible.',
      'The caller asks when the shop is open',
      '',
      'Refunds within 30 days.',
    ]);
    // only the fields that address the text are kept
    expect(out.edits[1]).toEqual({
      kind: 'node_instruction',
      node_id: 'refund',
      original: 'Tell the caller refunds are possible.',
      proposed: 'Say {%policy%}',
      rationale: '',
    });
    const n = (id: string) => out.graph.nodes.find((x) => x.id === id)!;
    expect(out.graph.global_prompt).toBe('You are Acme.');
    expect(n('refund')).toMatchObject({ instruction: { mode: 'prompt', text: 'Say {%policy%}' } });
    expect(n('greet').transitions[1]).toEqual({
      id: 'to-hours',
      target: 'hours',
      condition: { kind: 'prompt', prompt: 'The caller asks about hours' },
    });
    expect(n('refund').transitions).toEqual([
      {
        id: 'fix-1',
        target: 'exchange',
        condition: { kind: 'prompt', prompt: 'The caller wants an exchange instead' },
      },
    ]);
    expect(out.graph.snippets.policy).toBe('Refunds within 14 days.');
    expect(validateGraph(out.graph).errors).toEqual([]);
  });

  it('names every edit that does not fit the graph by its path, and applies none of them', () => {
    const g = graph();
    const out = applyEdits(g, [
      e({ kind: 'node_instruction', node_id: 'nowhere', proposed: 'x' }),
      e({ kind: 'node_instruction', proposed: 'x' }),
      e({ kind: 'transition_condition', node_id: 'fallback', transition_id: 'fb-skip', proposed: 'x' }),
      e({ kind: 'transition_condition', node_id: 'greet', transition_id: 'nope', proposed: 'x' }),
      e({ kind: 'new_transition', node_id: 'greet', target: 'nowhere', proposed: 'x' }),
      e({ kind: 'snippet', snippet: 'other', proposed: 'x' }),
      e({ kind: 'node_instruction', node_id: 'refund', proposed: '  ' }),
      e({ kind: 'node_instruction', node_id: 'hours', proposed: 'a' }),
      e({ kind: 'node_instruction', node_id: 'hours', proposed: 'b' }),
    ]);
    expect(out.problems).toEqual([
      { path: 'edits[0].node_id', message: 'no node "nowhere" in the agent' },
      { path: 'edits[1].node_id', message: 'a node_instruction edit names its node; expected node_id' },
      {
        path: 'edits[2].transition_id',
        message:
          'transition "fb-skip" of node "fallback" has a skip condition; only prompt conditions are text a fix can edit',
      },
      { path: 'edits[3].transition_id', message: 'node "greet" has no transition "nope"' },
      { path: 'edits[4].target', message: 'no node "nowhere" in the agent to lead to' },
      { path: 'edits[5].snippet', message: 'no snippet "other" in the agent' },
      { path: 'edits[6].proposed', message: 'the proposed text is empty' },
      {
        path: 'edits[8]',
        message: 'edit 8 already changes the instruction of node "hours"; expected one edit per text',
      },
    ]);
  });

  it('a second new transition from a node gets the next free id; the keys and labels say which text', () => {
    const g = graph();
    const two = applyEdits(g, [
      e({ kind: 'new_transition', node_id: 'hours', target: 'refund', proposed: 'refund' }),
      e({ kind: 'new_transition', node_id: 'hours', target: 'exchange', proposed: 'exchange' }),
    ]);
    expect(two.graph.nodes.find((n) => n.id === 'hours')!.transitions.map((t) => t.id)).toEqual(['fix-1', 'fix-2']);
    expect(editKey({ kind: 'transition_condition', node_id: 'greet', transition_id: 'to-hours' })).toBe(
      'transition:greet:to-hours',
    );
    expect(editLabel({ kind: 'new_transition', node_id: 'hours', target: 'refund' })).toBe(
      'a new transition "hours" -> "refund"',
    );
    expect(resolveEdits(g, []).edits).toEqual([]);
  });
});
