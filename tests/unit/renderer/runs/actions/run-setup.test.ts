import { describe, expect, it } from 'vitest';
import {
  loadLastSetup,
  saveLastSetup,
  setupFromRun,
  suiteToOffer,
  emptySetup,
} from '../../../../../src-renderer/features/runs/actions/run-setup.js';
import { mkRun } from '../../../compare/build.js';

const memory = () => {
  const m = new Map<string, string>();
  return { getItem: (k: string) => m.get(k) ?? null, setItem: (k: string, v: string) => void m.set(k, v) };
};
const suite = (id: string, created_at: string, example = false) => ({
  id,
  created_at,
  data: example ? { source_meta: { 'parley-example': true } } : {},
});

describe('run set-up', () => {
  it('builds the set-up of a run, and leaves the agent model to choose for "Run on another model"', () => {
    const run = mkRun({
      id: 'r',
      suite_id: 'st_1',
      models: {
        agent: { spec: { provider: 'ollama', model: 'qwen2.5:0.5b' } },
        judge: { spec: { provider: 'openai', model: 'gpt-4o-mini' } },
      },
      options: { concurrency: 2, repeats: 3, turn_quality: true },
    });
    const again = setupFromRun(run);
    expect(again).toMatchObject({ agent: 'ag_1', suite: 'st_1', repeats: '3', concurrency: '2', turnQuality: true });
    expect(again.models.agent).toMatchObject({ provider: 'ollama', model: 'qwen2.5:0.5b' });
    const another = setupFromRun(run, true);
    expect(another.models.agent).toBeUndefined();
    expect(another.models.judge).toMatchObject({ model: 'gpt-4o-mini' });
    expect([again.sourceRunId, another.sourceRunId]).toEqual(['r', 'r']);
  });

  it('"Run on another model" pins the caller and judge to the models the run resolved them to, and says so', () => {
    const spec = { provider: 'scripted' as const, model: '/r/scripted-model.json' };
    const stored = { spec, identity: { provider: 'scripted' as const, name: 'Parley example script', params: {} } };
    const run = mkRun({ id: 'run_src', models: { agent: stored, caller: stored, judge: stored } });
    const another = setupFromRun(run, true);
    // the judge followed the agent model: it stays on that model instead of following the new agent model
    expect(another.models).toEqual({ caller: { ...spec, params: {} }, judge: { ...spec, params: {} } });
    expect(another.pinned).toEqual({
      run: 'run_src',
      caller: 'scripted:scripted-model.json',
      judge: 'scripted:scripted-model.json',
    });
    // "Run again" keeps following the agent model, as the run did
    expect(Object.keys(setupFromRun(run).models)).toEqual(['agent']);
  });

  it('the source run and the pinned roles are not remembered for the next New run', () => {
    const s = memory();
    saveLastSetup(
      { ...emptySetup('ag_1'), sourceRunId: 'run_src', pinned: { run: 'run_src', caller: 'x', judge: 'y' } },
      s,
    );
    const back = loadLastSetup(s)!;
    expect(back.sourceRunId).toBeUndefined();
    expect(back.pinned).toBeUndefined();
  });

  it('a run copied from another database offers none of its models (issue 28)', () => {
    const run = mkRun({
      id: 'r',
      models: {
        agent: { spec: { provider: 'openai', model: 'm', endpoints: ['http://elsewhere:8080/v1'] } },
        judge: { spec: { provider: 'openai', model: 'j', endpoints: ['http://elsewhere:8080/v1'] } },
      },
      options: { concurrency: 2, copied_from: ['ci-1.db'] },
    });
    expect(setupFromRun(run).models).toEqual({});
  });

  it('a caller or judge stored with the agent model keeps following the agent model', () => {
    const spec = { provider: 'ollama' as const, model: 'qwen2.5:0.5b', params: { context_size: 1024 } };
    const run = mkRun({ id: 'r', models: { agent: { spec }, caller: { spec }, judge: { spec } } });
    expect(Object.keys(setupFromRun(run).models)).toEqual(['agent']);
  });

  it('remembers the last set-up; a corrupt entry is ignored', () => {
    const s = memory();
    expect(loadLastSetup(s)).toBeNull();
    saveLastSetup({ ...emptySetup('ag_1'), suite: 'st_1' }, s, new Date('2026-01-01T00:00:00Z'));
    expect(loadLastSetup(s)).toMatchObject({ agent: 'ag_1', suite: 'st_1', saved_at: '2026-01-01T00:00:00.000Z' });
    s.setItem('parley.newRun.last', '{not json');
    expect(loadLastSetup(s)).toBeNull();
  });

  it('offers the suite created after the last run, else the remembered one, else the newest that is not the example', () => {
    const suites = [
      suite('example', '2026-01-01T00:00:00Z', true),
      suite('mine', '2026-01-02T00:00:00Z'),
      suite('fresh', '2026-01-05T00:00:00Z'),
    ];
    const remembered = { ...emptySetup('ag'), suite: 'mine', saved_at: '2026-01-03T00:00:00Z' };
    expect(suiteToOffer(suites, remembered)).toBe('fresh');
    expect(suiteToOffer(suites.slice(0, 2), remembered)).toBe('mine');
    expect(suiteToOffer(suites.slice(0, 2), null)).toBe('mine');
    expect(suiteToOffer(suites.slice(0, 1), null)).toBe('example');
    expect(suiteToOffer([], null)).toBe('');
  });
});
