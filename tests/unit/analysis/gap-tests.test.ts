import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { graphCoverage } from '../../../src-shared/coverage.js';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import {
  coverageGaps,
  gapPrompt,
  GapProposalError,
  proposalFromAnswer,
  routeTo,
} from '../../../src-main/analysis/gap-tests.js';

const g = AgentGraph.parse(
  JSON.parse(readFileSync(path.resolve(import.meta.dirname, '../../fixtures/analysis/clinic-repeats.json'), 'utf8')),
);

describe('gap test proposals', () => {
  const gaps = coverageGaps(g, graphCoverage(g, [[{ node: 'greet' }, { node: 'book', via: 'to_book' }]] as never));

  it('lists the uncovered edges with the shortest way to their source', () => {
    expect(gaps.map((x) => [x.key, x.route])).toEqual([
      ['greet::to_cancel', ['greet']],
      ['book::book_done', ['greet', 'book']],
      ['cancel::cancel_done', ['greet', 'cancel']],
    ]);
    expect(routeTo(g, 'nowhere')).toBeNull();
  });

  it('asks the model with the way there and the step to trigger', () => {
    const prompt = gapPrompt(g, gaps[2]);
    expect(prompt).toContain('Agent: Clinic');
    expect(prompt).toContain('- from greet to cancel when: Caller wants to cancel an appointment');
    expect(prompt).toContain(
      'The step to trigger: at cancel, the agent moves to bye when: The caller has confirmed the cancellation',
    );
  });

  it('turns an answer into a test with a path assertion; unusable answers name what is missing', () => {
    const taken = new Set(['cover cancel -> bye']);
    const p = proposalFromAnswer(
      g,
      gaps[2],
      {
        name: 'Al',
        goal: 'Cancel, then confirm.',
        facts: [{ key: 'name', value: 'Al' }],
        temperament: 'calm',
        clarity: 'nope',
        why: 'w',
      },
      taken,
    );
    expect(p.test.name).toBe('cover cancel -> bye #2');
    expect(p.test.assertions?.path).toEqual({ must_visit: ['cancel', 'bye'], must_not_visit: [] });
    expect(p.test.persona).toMatchObject({
      name: 'Al',
      goal: 'Cancel, then confirm.',
      identity: { name: 'Al' },
      personality: { temperament: 'calm' },
    });
    expect(proposalFromAnswer(g, gaps[0], { goal: 'x' }, new Set()).test.assertions?.path?.must_visit).toEqual([
      'cancel',
    ]);
    expect(() => proposalFromAnswer(g, gaps[0], null, new Set())).toThrow(GapProposalError);
    expect(() => proposalFromAnswer(g, gaps[0], ['a'], new Set())).toThrow("the model's answer is not an object");
    expect(() => proposalFromAnswer(g, gaps[0], { goal: 7 }, new Set())).toThrow('the model wrote no goal');
  });
});
