import { describe, expect, it } from 'vitest';
import {
  editDraft,
  gapText,
  lastJudgeModel,
  newlyCovered,
  type GapDraft,
} from '../../../../src-renderer/features/graph-editor/analysis/cover-gaps-state.js';
import { graphCoverage } from '../../../../src-shared/coverage.js';
import type { Run } from '../../../../src-shared/schemas/index.js';

const run = (judge: { provider: 'scripted' | 'ollama' | 'openai'; model: string } | null, agent = judge) =>
  ({
    models: {
      ...(agent ? { agent: { spec: { ...agent, params: {} } } } : {}),
      ...(judge ? { judge: { spec: { ...judge, params: {} } } } : {}),
    },
  }) as Pick<Run, 'models'>;

describe('Cover the gaps, pure parts', () => {
  it('offers the suite’s last judge model, passing over the scripted one', () => {
    const scripted = { provider: 'scripted' as const, model: '/ex/script.json' };
    const ollama = { provider: 'ollama' as const, model: 'qwen2.5:7b' };
    expect(lastJudgeModel([run(scripted), run(ollama), run({ provider: 'openai', model: 'gpt-4o' })])).toMatchObject(
      ollama,
    );
    expect(lastJudgeModel([run(scripted)])).toMatchObject(scripted);
    expect(lastJudgeModel([])).toBeUndefined();
  });

  it('names gaps as the canvas does', () => {
    const names = new Map([
      ['greet', 'Greeting'],
      ['book', 'Book appointment'],
    ]);
    const name = (id: string) => names.get(id) ?? id;
    expect(gapText({ kind: 'edge', from: 'greet', to: 'book' }, name)).toBe('Greeting → Book appointment');
    expect(gapText({ kind: 'global', from: 'x', to: 'billing' }, name)).toBe('global node billing');
  });

  it('edits one proposal (its caller’s goal too) and leaves the others', () => {
    const draft = (name: string): GapDraft =>
      ({
        keep: true,
        why: '',
        gap: { key: name, kind: 'edge', from: 'a', to: 'b', condition: 'c', route: null },
        test: { name, persona: { name: 'Cal', goal: 'old' } },
      }) as unknown as GapDraft;
    const out = editDraft([draft('one'), draft('two')], 1, { keep: false }, { goal: 'new goal' });
    expect(out[0]).toEqual(draft('one'));
    expect(out[1]).toMatchObject({ keep: false, test: { name: 'two', persona: { name: 'Cal', goal: 'new goal' } } });
  });

  it('lists the gaps a new run reached, by name', () => {
    const g = {
      nodes: [
        { id: 'a', transitions: [{ id: 't1', target: 'b', condition: { kind: 'always' } }] },
        { id: 'b', transitions: [] },
      ],
    } as never;
    const before = graphCoverage(g, [[{ node: 'a' }]]);
    const after = graphCoverage(g, [[{ node: 'a' }, { node: 'b', via: 't1' }]]);
    expect(newlyCovered(before, after, (id) => id.toUpperCase())).toEqual(['A → B']);
    expect(newlyCovered(before, before, (id) => id)).toEqual([]);
  });
});
