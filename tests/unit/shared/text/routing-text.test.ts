import { describe, expect, it } from 'vitest';
import type { RoutingPoint } from '../../../../src-shared/contract/analysis.js';
import {
  conditionList,
  misroutedLine,
  pointName,
  pointSummary,
  routingLabels,
  stealSentences,
} from '../../../../src-shared/text/routing-text.js';

const nodes = [
  { id: 'greeting', name: 'Greeting' },
  { id: 'identify', name: 'Identify caller' },
  { id: 'opening_hours', name: 'Opening hours (global)' },
  { id: 'bye' },
];

/** The example agent's greeting: its edge to identify, a global node's entry, a go-back. */
function point(over: Partial<RoutingPoint> = {}): RoutingPoint {
  return {
    node_id: 'greeting',
    context: 'Hello',
    options: [
      { key: 'hours-entry', target: 'opening_hours', scope: 'global', prompt: 'The caller asks about opening hours.' },
      { key: 'back', target: null, scope: 'go_back', prompt: 'The caller wants to go back' },
      { key: 'greeting-identify', target: 'identify', scope: 'edge', prompt: 'The caller says what they want' },
    ],
    keys: ['hours-entry', 'back', 'greeting-identify', 'none'],
    matrix: [
      [0, 0, 2, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
    ],
    utterances: [
      { text: 'When are you open?', intended: 'hours-entry', chosen: 'greeting-identify', reason: '' },
      { text: 'Open on Sunday?', intended: 'hours-entry', chosen: 'greeting-identify', reason: '' },
      { text: 'Go back', intended: 'back', chosen: 'back', reason: '' },
      { text: 'I want to book', intended: 'greeting-identify', chosen: 'greeting-identify', reason: '' },
      { text: 'Nice weather', intended: 'none', chosen: 'none', reason: '' },
    ],
    accuracy: 3 / 5,
    steals: [{ from: 'hours-entry', to: 'greeting-identify', count: 2 }],
    never_wins: ['hours-entry'],
    no_lines: [],
    none_rate: 0,
    misrouted: 2,
    ...over,
  };
}

describe('routing-text: the routing check in the canvas’s words', () => {
  it('heads the table with where each condition leads, by name', () => {
    const l = routingLabels(point(), nodes);
    expect(['hours-entry', 'back', 'greeting-identify', 'none'].map((k) => l.get(k)!.head)).toEqual([
      '→ Opening hours (global)',
      '↩ go back',
      '→ Identify caller',
      'none',
    ]);
    expect(l.get('greeting-identify')!.condition).toBe('The caller says what they want');
  });

  it('tells apart two conditions that lead to the same node by their text', () => {
    const p = point({
      options: [
        { key: 'a', target: 'bye', scope: 'edge', prompt: 'The caller is done' },
        { key: 'b', target: 'bye', scope: 'edge', prompt: 'The caller hangs up angrily' },
      ],
    });
    const l = routingLabels(p, nodes);
    expect(l.get('a')!.head).toBe('→ bye when “The caller is done”');
    expect(l.get('b')!.noun).toBe('the way to bye when “The caller hangs up angrily”');
  });

  it('says which condition took lines meant for another, with a proper plural and ids only when asked', () => {
    expect(stealSentences(point(), nodes).map((s) => s.text)).toEqual([
      'The way to Identify caller took 2 lines meant for the global node Opening hours.',
    ]);
    expect(
      stealSentences(point({ steals: [{ from: 'back', to: 'hours-entry', count: 1 }] }), nodes, 'parentheses')[0].text,
    ).toBe('The global node Opening hours (hours-entry) took 1 line meant for going back (back).');
  });

  it('names the point, sums it up without "line(s)", lists conditions and misrouted lines in words', () => {
    expect(pointName(point(), nodes)).toBe('Greeting');
    expect(pointName(point({ node_id: 'gone' }), nodes)).toBe('gone');
    expect(pointSummary(point())).toBe(
      '3 of 5 lines routed as meant (60%), 2 misrouted, 0% of the lines meant for a condition went nowhere',
    );
    expect(pointSummary(point({ utterances: point().utterances.slice(0, 1), accuracy: 0 }))).toContain('0 of 1 line ');
    expect(pointSummary(point({ utterances: [], accuracy: 0 }))).toBe(
      'not tested: the model wrote no usable caller line here',
    );
    expect(conditionList(['hours-entry', 'back', 'greeting-identify'], point(), nodes)).toBe(
      'the global node Opening hours, going back and the way to Identify caller',
    );
    expect(misroutedLine(point().utterances[0], point(), nodes)).toBe(
      '“When are you open?”: meant for the global node Opening hours, went to the way to Identify caller',
    );
    expect(misroutedLine({ text: 'hm', intended: 'back', chosen: 'none' }, point(), nodes, 'parentheses')).toBe(
      '“hm”: meant for going back (back), went nowhere',
    );
  });

  it('falls back to the stored key for a condition the graph no longer has', () => {
    expect(conditionList(['vanished'], point(), nodes)).toBe('vanished');
  });
});
