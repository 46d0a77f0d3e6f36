import { describe, expect, it } from 'vitest';

import { fmtPct, modelCallTotals, takenEdges, visitCounts } from '../../../../src-renderer/ui/run-stats.js';
import { parsedResult } from '../../../support/results.js';
import { formatDuration } from '../../../../src-shared/text/format-duration.js';

const result = parsedResult;

describe('run statistics', () => {
  it('counts visits across results (heat map), and the edges taken', () => {
    const a = result({
      nodes_visited: [
        { node: 'greet', turn: 0, reason: 'entry' },
        { node: 'book', turn: 2, via: 't1', reason: 'wants to book' },
      ],
    });
    const b = result({ nodes_visited: [{ node: 'greet', turn: 0, reason: 'entry' }] });
    const counts = visitCounts([a, b]);
    expect(Object.fromEntries(counts)).toEqual({ greet: 2, book: 1 });
    expect(takenEdges(a)).toEqual([{ from: 'greet', to: 'book', via: 't1', reason: 'wants to book' }]);
  });

  it('groups model calls by role and purpose', () => {
    const calls = [
      { role: 'agent', purpose: 'chat', tokens: { prompt: 5, cached_prompt: 1, completion: 2 }, ms: 10 },
      { role: 'agent', purpose: 'chat', tokens: { prompt: 7, cached_prompt: 5, completion: 3 }, ms: 20 },
      { role: 'judge', purpose: 'judge', tokens: { prompt: 50, cached_prompt: 0, completion: 9 }, ms: 40 },
    ] as const;
    expect(modelCallTotals(calls as never)).toEqual([
      { role: 'agent', purpose: 'chat', calls: 2, prompt: 12, cached: 6, completion: 5, ms: 30 },
      { role: 'judge', purpose: 'judge', calls: 1, prompt: 50, cached: 0, completion: 9, ms: 40 },
    ]);
  });

  it('formats percentages and durations', () => {
    expect(fmtPct(0.8333)).toBe('83.3%');
    expect(fmtPct(null)).toBe('—');
    expect(formatDuration(950)).toBe('950 ms');
    expect(formatDuration(12_340)).toBe('12.3 s');
    expect(formatDuration(125_000)).toBe('2 min 5 s');
  });
});
