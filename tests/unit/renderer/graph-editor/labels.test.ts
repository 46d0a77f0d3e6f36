import { describe, expect, it } from 'vitest';
import {
  conditionLabel,
  equationText,
  firstLine,
  idsTip,
  inNodeNames,
  nodeLabel,
  nodePreview,
} from '../../../../src-renderer/features/graph-editor/model/labels.js';
import { searchNodes } from '../../../../src-renderer/features/graph-editor/model/search.js';
import { sampleGraph } from './fixtures.js';

describe('labels', () => {
  it('draws equations the way people write them', () => {
    expect(equationText({ left: 'account_type', operator: '==', right: 'premium' })).toBe('account_type == premium');
    expect(equationText({ left: 'user.tier', operator: 'exists' })).toBe('user.tier exists');
    expect(
      conditionLabel({
        kind: 'equation',
        match: 'any',
        equations: [
          { left: 'a', operator: '>', right: '1' },
          { left: 'b', operator: 'contains', right: 'x' },
        ],
      }),
    ).toBe('a > 1 or b contains x');
    expect(conditionLabel({ kind: 'equation', match: 'all', equations: [] })).toBe('(no equation yet)');
  });

  it('truncates prompt conditions and names else/always/skip', () => {
    const long = 'The caller has stated what kind of pizza they want and which size';
    expect(conditionLabel({ kind: 'prompt', prompt: long }, 30)).toHaveLength(30);
    expect(conditionLabel({ kind: 'prompt', prompt: long }, 30).endsWith('…')).toBe(true);
    expect(conditionLabel({ kind: 'prompt', prompt: '  ' })).toBe('(condition not written yet)');
    expect(conditionLabel({ kind: 'else' })).toBe('else');
    expect(conditionLabel({ kind: 'always' })).toBe('always');
    expect(conditionLabel({ kind: 'skip' })).toMatch(/^skip/);
  });

  it('previews the first line of a node prompt, quoting static text', () => {
    const g = sampleGraph();
    expect(firstLine('\n  first line \nsecond')).toBe('first line');
    expect(nodePreview(g.nodes[0]!)).toBe('Greet the caller.');
    expect(nodePreview(g.nodes[2]!)).toBe('“Welcome, {{name}}!”');
    expect(nodePreview(g.nodes[1]!)).toMatch(/equations/);
    expect(nodePreview(g.nodes[4]!)).toBe('Ends the call');
  });

  it('searches names first, then prompt text', () => {
    const g = sampleGraph();
    expect(searchNodes(g, 'prem')).toEqual(['premium']);
    expect(searchNodes(g, 'caller')).toEqual(['greet']);
    expect(searchNodes(g, 'confirm CANCEL')).toEqual(['cancel']);
    expect(searchNodes(g, '')).toEqual([]);
  });
});

describe('messages in the canvas words', () => {
  const nodes = [
    { id: 'conversation_1', name: 'Ask for the date' },
    { id: 'greet', name: 'greet' },
    { id: 'bare', name: '' },
  ];
  it('names quoted node ids as the canvas does and leaves other quoted text alone', () => {
    expect(inNodeNames('node "conversation_1" cannot be reached', nodes)).toBe(
      'node “Ask for the date” cannot be reached',
    );
    expect(inNodeNames('node "greet" says "hello"', nodes)).toBe('node "greet" says "hello"');
    expect(inNodeNames('"bare" has no way out', nodes)).toBe('"bare" has no way out');
    expect(nodeLabel('conversation_1', nodes)).toBe('Ask for the date');
    expect(nodeLabel('bare', nodes)).toBe('bare');
    expect(nodeLabel('gone', nodes)).toBe('gone');
  });
  it('keeps the ids in the tooltip', () => {
    expect(
      idsTip({ message: 'takes a line meant for "greet"', node_id: 'conversation_1', transition_id: 't1' }, nodes),
    ).toBe('node ids: conversation_1, greet · way out: t1');
    expect(idsTip({ message: 'no start node', path: 'nodes' }, nodes)).toBe('at nodes');
  });
});
