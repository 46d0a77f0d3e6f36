import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR_CODES, METHOD_NAMES } from '../../../src-shared/contract/index.js';
import { createApiContext, disposeApiContext } from '../../../src-main/app/door/create-context.js';
import type { ApiContext } from '../../../src-main/app/door/context.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { smallGraph } from '../../support/graphs.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

/** Methods that start background work or reach outside; fuzzed separately where it makes sense. */
// Methods whose valid inputs do long real work (runs, pulls, model listing over the network, speech: since
// flite + pocketsphinx are the defaults, `{}` speaks and recognises a sentence); their refusals are tested
// beside them (run-control, models, speech-io tests).
const SKIP = new Set([
  'runs.start',
  'runs.resume',
  'models.pull',
  'models.list',
  'app.firstRun',
  'models.setKey',
  'speech.test',
]);

const TABLES = ['agents', 'agent_versions', 'personas', 'suites', 'runs', 'results', 'settings'];

describe('every API method under random input', () => {
  let store: Store;
  let ctx: ApiContext;
  let cleanup: () => void;
  beforeAll(() => {
    const t = tempDir();
    cleanup = t.cleanup;
    store = openStore(tempDbPath(t.dir));
    ctx = createApiContext(store, 'web');
    store.agents.create(smallGraph(), { name: 'Fuzzed' });
  });
  afterAll(async () => {
    await disposeApiContext(ctx);
    store.close();
    cleanup();
  });

  const counts = () => TABLES.map((t) => (store.db.prepare(`SELECT count(*) n FROM ${t}`).get() as { n: number }).n);

  it.each(METHOD_NAMES.filter((m) => !SKIP.has(m)))(
    '%s never crashes and a refused call writes nothing',
    async (method) => {
      await fc.assert(
        fc.asyncProperty(fc.oneof(fc.anything(), fc.object(), fc.jsonValue()), async (input) => {
          const before = counts();
          const r = await dispatch(ctx, method, input);
          expect(typeof r.ok).toBe('boolean');
          if (!r.ok) {
            expect(API_ERROR_CODES).toContain(r.error.code);
            expect(r.error.message.length).toBeGreaterThan(0);
            expect(r.error.code).not.toBe('internal');
            expect(r.error.code).not.toBe('invalid_output');
            expect(counts()).toEqual(before);
          }
        }),
        { numRuns: 40 },
      );
    },
  );

  it('names the offending field in validation errors', async () => {
    const r = await dispatch(ctx, 'personas.save', { persona: { name: 'x', personality: { patience: 7 } } });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.path).toBe('persona.personality.patience');
  });
});
