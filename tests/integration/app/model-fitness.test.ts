/** The stored readiness verdict of a run's models (app/models/model-fitness.ts) over a real SQLite store. */
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ModelSpec, ReadinessReport, Run } from '../../../src-shared/schemas/index.js';
import { modelFitness, runFitness } from '../../../src-main/app/models/model-fitness.js';
import { checkKey } from '../../../src-main/app/models/readiness.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const spec = (model: string, provider = 'llama-cpp') => ModelSpec.parse({ provider, model });

function check(id: string, s: ModelSpec, digest: string | undefined, fit: 'fit' | 'unfit', role = 'judge') {
  const family = role === 'judge' ? 'judging' : 'caller';
  return ReadinessReport.parse({
    id,
    model: checkKey(s),
    spec: s,
    ...(digest ? { identity: { provider: s.provider, name: path.basename(s.model), digest } } : {}),
    roles: [role],
    tasks_version: 't',
    families: [{ family, role, correct: fit === 'fit' ? 18 : 9, total: 20, valid: 20, errors: 0, by_tag: [] }],
    verdicts: [{ family, role, fit, correct: fit === 'fit' ? 18 : 9, total: 20, weak_on: [], text: '' }],
    speed: { calls: 1, completion_tokens: 0, tokens_per_s: null, first_token_ms: null, call_ms: null },
    items: [],
    ms: 1,
    created_at: `2026-01-0${id.slice(-1)}T00:00:00Z`,
  });
}

describe('the readiness verdict of a run’s models', () => {
  let tmp: ReturnType<typeof tempDir>;
  let store: Store;
  beforeEach(() => {
    tmp = tempDir();
    store = openStore(tempDbPath(tmp.dir));
  });
  afterEach(() => {
    store.close();
    tmp.cleanup();
  });

  it('finds a check by the model file, or by its digest under another path; another digest does not count', () => {
    const here = spec('/models/judge.gguf');
    store.modelChecks.insert(check('chk_1', here, 'sha256:aaa', 'unfit'));
    expect(modelFitness(store, 'judge', here)?.state).toBe('unfit');
    // the same file moved: found by its digest
    expect(modelFitness(store, 'judge', spec('/elsewhere/renamed.gguf'), 'sha256:aaa')?.check_id).toBe('chk_1');
    // the same path now holds other weights: the old check is not theirs
    expect(modelFitness(store, 'judge', here, 'sha256:bbb')?.state).toBe('unchecked');
    // a role the check did not cover
    expect(modelFitness(store, 'caller', here)?.text).toContain('never checked as a simulated caller');
    // a scripted model is marked demo instead
    expect(modelFitness(store, 'judge', spec('/s/script.json', 'scripted'))).toBeNull();
  });

  it('a run: the caller and judge it did not name are judged on the agent model, the newest check decides', () => {
    const agent = spec('/models/agent.gguf');
    store.modelChecks.insert(check('chk_1', agent, undefined, 'fit'));
    store.modelChecks.insert(check('chk_2', agent, undefined, 'unfit'));
    const run = Run.parse({
      id: 'run_1',
      status: 'completed',
      agent_id: 'ag',
      agent_version_id: 'av',
      models: { agent: { spec: agent } },
      created_at: '2026-01-01T00:00:00Z',
    });
    expect(runFitness(store, run).map((f) => [f.role, f.state, f.check_id])).toEqual([
      ['agent', 'unchecked', null],
      ['caller', 'unchecked', null],
      ['judge', 'unfit', 'chk_2'],
    ]);
  });
});
