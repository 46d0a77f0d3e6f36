import { describe, expect, it } from 'vitest';
import {
  conditionLabel,
  equationText,
  firstLine,
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
