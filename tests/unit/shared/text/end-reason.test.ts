import { describe, expect, it } from 'vitest';
import { END_REASONS } from '../../../../src-shared/schemas/run.js';
import { END_REASON_TEXT, endReasonChange, endReasonText } from '../../../../src-shared/text/end-reason.js';

describe('end reasons in words', () => {
  it('has words for every stored end reason', () => {
    for (const r of END_REASONS) expect(END_REASON_TEXT[r]).toMatch(/^[a-z]/);
  });
  it('says a change between two runs in words, never the codes', () => {
    const text = endReasonChange('end_node', 'max_turns');
    expect(text).toBe('ended: the agent ended the call -> the turn limit was reached');
    expect(text).not.toMatch(/end_node|max_turns/);
  });
  it('shows an unknown code readably and a missing one as a dash', () => {
    expect(endReasonText('hung_up_early')).toBe('hung up early');
    expect(endReasonText(null)).toBe('—');
  });
});
