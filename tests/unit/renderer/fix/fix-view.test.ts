import { describe, expect, it } from 'vitest';
import type { Diagnosis, FixIteration, FixSession } from '../../../../src-shared/schemas/fix.js';
import {
  draftOf,
  editsToApply,
  evidenceTurns,
  faultPlaces,
  fixActions,
  rateText,
} from '../../../../src-renderer/features/fix/fix-view.js';

const diagnosis = (faults: Partial<Diagnosis['faults'][number]>[]): Diagnosis => ({
  subject: { kind: 'result', run_id: 'r', result_ids: ['res'], tests: ['t'] },
  version_id: 'av',
  faults: faults.map((f) => ({
    location: 'node_instruction',
    node_id: null,
    transition_id: null,
    quote: '',
    turns: [],
    explanation: '',
    ...f,
  })),
  root_cause: '',
  model: 'scripted:x',
  failed_results: 1,
  cost: { calls: 1, prompt_tokens: 0, completion_tokens: 0, ms: 0 },
  created_at: '',
});

const iteration = (over: Partial<FixIteration>): FixIteration => ({
  n: 1,
  base_version_id: 'av1',
  diagnoses: [],
  proposal: null,
  applied: null,
  version_id: null,
  version: null,
  invalid: null,
  target_run_id: null,
  targets: [],
  suite: null,
  outcome: null,
  conversation_calls: 0,
  started_at: '',
  finished_at: null,
  ...over,
});

const session = (over: Partial<FixSession>): FixSession =>
  ({ status: 'open', iterations: [], auto: null, stop: null, ...over }) as FixSession;

const proposal = {
  edits: [],
  summary: '',
  confidence: 0.5,
  dropped: [],
  model: 'm',
  cost: { calls: 1, prompt_tokens: 0, completion_tokens: 0, ms: 0 },
  created_at: 'x',
};

describe('the fix review, read from a fix', () => {
  it('places faults on nodes, or on the transition when one is named', () => {
    const d = diagnosis([
      { node_id: 'refund', turns: [4, 2] },
      { location: 'transition_condition', node_id: 'greet', transition_id: 'to-refund', turns: [2] },
      { location: 'agent_prompt' },
    ]);
    expect(faultPlaces([d])).toEqual({ nodes: ['refund'], edges: ['greet::to-refund'] });
    expect(evidenceTurns(d)).toEqual([2, 4]);
  });

  it('offers Apply only for a proposal waiting to be applied, and nothing while a job runs', () => {
    const waiting = session({ iterations: [iteration({ proposal })] });
    expect(fixActions(waiting)).toEqual({ apply: true, retry: true, auto: true, keep: false, resume: false });
    const tested = session({ iterations: [iteration({ proposal, version_id: 'av2', outcome: 'improved' })] });
    expect(fixActions(tested)).toMatchObject({ apply: false, keep: true, resume: false });
    const halfway = session({ status: 'interrupted', iterations: [iteration({ proposal, version_id: 'av2' })] });
    expect(fixActions(halfway)).toMatchObject({ apply: false, retry: false, auto: false, resume: true });
    expect(fixActions({ ...waiting, status: 'running' })).toEqual({
      apply: false,
      retry: false,
      auto: false,
      keep: false,
      resume: false,
    });
  });

  it('applies only the edits left in, with the text as the user edited it', () => {
    const edits = [
      { kind: 'agent_prompt' as const, original: 'a', proposed: 'b', rationale: '' },
      { kind: 'snippet' as const, snippet: 's', original: 'c', proposed: 'd', rationale: '' },
    ];
    const draft = draftOf(edits);
    draft[0] = { ...draft[0], edit: { ...draft[0].edit, proposed: 'B!' } };
    draft[1] = { ...draft[1], keep: false };
    expect(editsToApply(draft)).toEqual([{ ...edits[0], proposed: 'B!' }]);
    expect(rateText({ k: 3, n: 3 })).toBe('100% (44-100%, n=3)');
  });
});
