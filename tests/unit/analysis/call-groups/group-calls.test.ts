import { describe, expect, it } from 'vitest';
import { groupCalls } from '../../../../src-main/analysis/call-groups/group-calls.js';
import { meanSilhouette } from '../../../../src-main/analysis/call-groups/silhouette.js';
import { callerTerms } from '../../../../src-main/analysis/call-groups/call-terms.js';
import { generateIntentCalls } from '../../../support/intent-calls.js';

/** The caller's turns of a generated Retell call. */
const callerOf = (text: string) =>
  (JSON.parse(text) as { transcript_with_tool_calls: { role: string; content?: string }[] }).transcript_with_tool_calls
    .filter((t) => t.role === 'user')
    .map((t) => t.content)
    .join('\n');

/** Purity: each group counts its most common intent; the sum over all calls. */
function purity(groups: string[][], intentOf: Map<string, string>): number {
  let right = 0;
  for (const g of groups) {
    const counts = new Map<string, number>();
    for (const id of g) counts.set(intentOf.get(id)!, (counts.get(intentOf.get(id)!) ?? 0) + 1);
    right += Math.max(...counts.values());
  }
  return right / groups.reduce((n, g) => n + g.length, 0);
}

describe('grouping calls by what the caller wanted, without a model', () => {
  const set = generateIntentCalls(30);
  const calls = set.files.map((f, i) => ({ id: `r${i}`, caller: callerOf(f.text) }));
  const intentOf = new Map(calls.map((c, i) => [c.id, set.intents[i]]));

  it('30 calls of 3 intents: 2-6 groups chosen by silhouette, purity at least 0.8', () => {
    const g = groupCalls(calls);
    expect(g.k.chosen_by).toBe('silhouette');
    expect(g.groups.length).toBeGreaterThanOrEqual(2);
    expect(g.groups.length).toBeLessThanOrEqual(6);
    expect(g.ungrouped).toEqual([]);
    expect(g.groups.flatMap((x) => x.calls).sort()).toEqual(calls.map((c) => c.id).sort());
    expect(
      purity(
        g.groups.map((x) => x.calls),
        intentOf,
      ),
    ).toBeGreaterThanOrEqual(0.8);
  });

  it('the same calls give the same groups; a given K is kept', () => {
    expect(groupCalls(calls)).toEqual(groupCalls(calls));
    const four = groupCalls(calls, 4);
    expect(four.k).toMatchObject({ value: 4, chosen_by: 'given' });
  });

  it('placeholders and courtesies are not terms; a call with no shared word is left ungrouped', () => {
    expect(callerTerms('Yes thanks, [NAME_1] here, I need to cancel my appointments')).toEqual([
      'cancel',
      'appointment',
    ]);
    const g = groupCalls([...calls.slice(0, 6), { id: 'odd', caller: 'zzz qqq' }]);
    expect(g.ungrouped).toEqual(['odd']);
  });

  it('silhouette is 1 for two far tight groups and below 0 for a grouping against the data', () => {
    const pts = [
      [0, 0],
      [0, 0.1],
      [10, 10],
      [10, 10.1],
    ];
    expect(meanSilhouette(pts, [0, 0, 1, 1])).toBeGreaterThan(0.95);
    expect(meanSilhouette(pts, [0, 1, 0, 1])).toBeLessThan(0);
  });
});
