import { describe, expect, it } from 'vitest';
import { transcriptRows } from '../../../../../src-renderer/features/runs/page/transcript-view.js';

const turns = (n: number) =>
  Array.from({ length: n }, (_, i) => ({ content: i === 17 ? 'My birthday is May 3' : `turn ${i}` }));
const shown = (rows: ReturnType<typeof transcriptRows>) =>
  rows.map((r) => (r.kind === 'turn' ? r.index : `${r.from}-${r.to}`));

describe('transcriptRows', () => {
  it('shows a short transcript whole', () => {
    expect(shown(transcriptRows(turns(5)))).toEqual([0, 1, 2, 3, 4]);
  });
  it('folds a 30-turn transcript around the start, the end and the flagged turn', () => {
    expect(shown(transcriptRows(turns(30), { flagged: [12] }))).toEqual([
      0,
      1,
      2,
      '3-10',
      11,
      12,
      13,
      '14-26',
      27,
      28,
      29,
    ]);
  });
  it('unfolded shows every turn; a search shows the matches only', () => {
    expect(transcriptRows(turns(30), { expanded: true })).toHaveLength(30);
    expect(shown(transcriptRows(turns(30), { query: 'BIRTHDAY' }))).toEqual(['0-16', 17, '18-29']);
  });
});
