import { describe, expect, it } from 'vitest';
import { MAX_JUDGE_REPEATS } from '../../../../../src-shared/limits.js';
import {
  bundledScriptOnOther,
  draftOf,
  draftProblems,
  modelsCheckable,
  runOfSuiteChoice,
  SCRIPT_ON_OTHER,
  setupToRemember,
  startInputOf,
  suiteFromRun,
} from '../../../../../src-renderer/features/runs/actions/new-run-form.js';
import { emptySetup, setupFromRun } from '../../../../../src-renderer/features/runs/actions/run-setup.js';
import { mkRun } from '../../../compare/build.js';

const ready = () =>
  draftOf({
    ...emptySetup('ag_1'),
    suite: 'st_1',
    models: { agent: { provider: 'ollama', model: 'qwen2.5:0.5b' } },
  });
const none = { scriptOnOther: false, checkFailed: false };

describe('the New run form', () => {
  it('says what keeps the run from starting, in order', () => {
    expect(draftProblems(draftOf(emptySetup()), none)).toEqual([
      'choose an agent',
      'choose a test suite',
      'agent model: choose a provider and a model',
    ]);
    const d = { ...ready(), repeats: '0', judgeRepeats: '99' };
    expect(draftProblems(d, { scriptOnOther: true, checkFailed: true })).toEqual([
      'repeats must be a whole number of 1 or more',
      `judge repeats must be a whole number from 1 to ${MAX_JUDGE_REPEATS}`,
      SCRIPT_ON_OTHER,
      'fix the model problems shown above',
    ]);
    expect(draftProblems(ready(), none)).toEqual([]);
  });

  it('checks the models only when each is chosen and allowed', () => {
    expect(modelsCheckable(ready(), false)).toBe(true);
    expect(modelsCheckable(ready(), true)).toBe(false);
    expect(modelsCheckable({ ...ready(), models: { agent: { provider: 'llama-cpp', model: 'x.bin' } } }, false)).toBe(
      false,
    );
  });

  it('refuses the bundled example script for an agent it was not written for', () => {
    const models = { judge: { provider: 'scripted' as const, model: '/res/example/script.json' } };
    expect(bundledScriptOnOther(models, new Set(['/res/example/script.json']), false)).toBe(true);
    expect(bundledScriptOnOther(models, new Set(['/res/example/script.json']), true)).toBe(false);
    expect(bundledScriptOnOther(models, new Set(['/other.json']), false)).toBe(false);
  });

  it('sends a stored suite by id, and the copy of a run’s suite by the run', () => {
    const d = { ...ready(), repeats: '2', turnQuality: true, personas: ['p1'] };
    expect(startInputOf(d, false)).toEqual({
      agent_id: 'ag_1',
      suite_id: 'st_1',
      models: { agent: { provider: 'ollama', model: 'qwen2.5:0.5b' } },
      options: { repeats: 2, concurrency: 4, turn_quality: true, personas: ['p1'] },
    });
    const copy = { ...ready(), suite: suiteFromRun('run_9') };
    expect(runOfSuiteChoice(copy.suite)).toBe('run_9');
    const input = startInputOf(copy, false);
    expect(input).toMatchObject({ suite_from_run: 'run_9' });
    expect(input).not.toHaveProperty('suite_id');
    // a run's suite copy is not remembered for the next New run
    expect(setupToRemember(copy).suite).toBe('');
  });

  it('"Run again" of a run started from a tests file offers the copy kept with the run, personas already in it', () => {
    const run = mkRun({ id: 'run_7', suite_id: null, options: { concurrency: 2, personas: ['p1'] } });
    const setup = setupFromRun(run);
    expect(setup).toMatchObject({ suite: suiteFromRun('run_7'), sourceRunId: 'run_7', personas: [] });
    const stored = setupFromRun(mkRun({ id: 'run_8', suite_id: 'st_1', options: { personas: ['p1'] } }));
    expect(stored).toMatchObject({ suite: 'st_1', sourceRunId: 'run_8', personas: ['p1'] });
  });
});
