/** Issue 38, item 12: a run crossed with personas compared with a plain run says why no test pairs, by persona name. */
import { describe, expect, it } from 'vitest';
import { useApiContext } from '../../support/api-context.js';
import { goodScript, seedRuns } from '../api/run-control-fixtures.js';

describe('compare.diff of a persona-crossed run and a plain run', () => {
  const api = useApiContext();

  it('shares no test and says why, naming the persona', async () => {
    const persona = api.store.personas.create(
      { name: 'Maria', identity: {}, goal: 'book', tags: [] } as never,
      'Maria',
    );
    const [plain] = await seedRuns(api.store, [goodScript()]);
    const [crossed] = await seedRuns(api.store, [goodScript()], { personas: [persona.id] });
    const d = await api.call('compare.diff', { a: crossed, b: plain });
    expect(d.tests.every((t) => t.test_index_a === null || t.test_index_b === null)).toBe(true);
    expect(d.comparability.notes).toContain(
      'no test is in both runs: A crossed each test with persona Maria (its tests are named "test · persona"); B ran its tests without personas. Compare runs crossed with the same personas, or two runs without personas.',
    );
  });
});
