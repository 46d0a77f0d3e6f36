import { describe, expect, it } from 'vitest';
import { roleFitness, tagWords } from '../../../../src-shared/readiness/fitness.js';
import { ReadinessReport } from '../../../../src-shared/schemas/index.js';

const check = (id: string, created_at: string, verdicts: unknown[]) =>
  ReadinessReport.parse({
    id,
    model: 'ollama:m',
    spec: { provider: 'ollama', model: 'm' },
    roles: ['agent', 'judge'],
    tasks_version: 'v',
    families: [],
    verdicts,
    speed: { calls: 0, completion_tokens: 0, tokens_per_s: null, first_token_ms: null, call_ms: null },
    items: [],
    ms: 1,
    created_at,
  });
const verdict = (
  family: string,
  role: string,
  fit: string,
  correct: number,
  total: number,
  weak_on: string[] = [],
) => ({
  family,
  role,
  fit,
  correct,
  total,
  weak_on,
  text: 'stored words',
});

describe('roleFitness', () => {
  const old = check('chk_old', '2025-01-01T00:00:00Z', [verdict('judging', 'judge', 'fit', 19, 20)]);
  const newer = check('chk_new', '2025-02-01T00:00:00Z', [
    verdict('judging', 'judge', 'unfit', 10, 20, ['negated']),
    verdict('routing', 'agent', 'weak', 22, 30, ['negated', 'sibling']),
    verdict('extraction', 'agent', 'fit', 18, 20),
  ]);

  it('the newest check that covered the role decides, in plain words with the 95% interval', () => {
    const f = roleFitness('judge', 'ollama:m', [old, newer]);
    expect(f).toMatchObject({ state: 'unfit', check_id: 'chk_new' });
    expect(f.text).toBe('not fit as judge: 10/20 right (30-70%, 95% interval) - weak on negated criteria');
    expect(f.figures[0].low).toBeCloseTo(0.2993, 3);
  });

  it('the agent role is as fit as its weakest family; tags read per family', () => {
    const f = roleFitness('agent', 'ollama:m', [newer]);
    expect(f.state).toBe('weak');
    expect(f.text).toBe(
      'weak as router: 22/30 right (56-86%, 95% interval) - weak on negated conditions, conditions that sound alike; fit as extractor: 18/20 right (70-97%, 95% interval)',
    );
    expect(tagWords('caller', 'knows')).toBe('using the facts it was given');
    expect(tagWords('routing', 'brand-new_tag')).toBe('brand new tag');
  });

  it('a role no check covered is "never checked", said plainly', () => {
    const f = roleFitness('caller', 'ollama:m', [newer]);
    expect(f).toMatchObject({ state: 'unchecked', check_id: null, figures: [] });
    expect(f.text).toContain('never checked as a simulated caller');
  });
});
