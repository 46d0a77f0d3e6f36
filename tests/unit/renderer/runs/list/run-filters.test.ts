import { describe, expect, it } from 'vitest';
import {
  dayToIso,
  filtersFromQuery,
  hasFilters,
  listInput,
} from '../../../../../src-renderer/features/runs/list/run-filters.js';

describe('runs list filters in the address', () => {
  it('reads known filters and drops invalid values', () => {
    const f = filtersFromQuery(new URLSearchParams('agent=ag_1&model=qwen&status=bogus&from=2025-02-01&to=yesterday'));
    expect(f).toEqual({ agent: 'ag_1', model: 'qwen', status: '', from: '2025-02-01', to: '' });
    expect(hasFilters(f)).toBe(true);
    expect(hasFilters(filtersFromQuery(new URLSearchParams('')))).toBe(false);
  });

  it('turns them into a runs.list query with a whole-day date range', () => {
    const q = listInput(
      filtersFromQuery(new URLSearchParams('status=failed&model=%20llama%20&from=2025-02-01&to=2025-02-03')),
    );
    expect(q).toMatchObject({ status: 'failed', model: 'llama', limit: 200, offset: 0 });
    expect(q.agent_id).toBeUndefined();
    const since = new Date(q.since!);
    const until = new Date(q.until!);
    expect([since.getFullYear(), since.getMonth(), since.getDate(), since.getHours()]).toEqual([2025, 1, 1, 0]);
    expect([until.getDate(), until.getHours(), until.getMinutes()]).toEqual([3, 23, 59]);
    expect(dayToIso('2025-02-03', true) > dayToIso('2025-02-03')).toBe(true);
  });
});
