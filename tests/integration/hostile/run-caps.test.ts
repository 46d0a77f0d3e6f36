import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MAX_CONCURRENCY, MAX_PLANNED_CONVERSATIONS, MAX_REPEATS, MAX_TURNS } from '../../../src-shared/limits.js';
import { dispatch } from '../../../src-main/api/dispatch.js';
import { PlanError } from '../../../src-main/engine/index.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { useApiContext } from '../../support/api-context.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { bench } from '../../unit/engine/run-helpers.js';
import { clinicGraph, goodScript, seedClinic, writeScript } from '../api/run-control-fixtures.js';
import { AGENT, collect, parley, ROOT } from '../safety/support.js';

/**
 * Repeats, turns, concurrency and the size of a run are capped the same on every door (CLI flags,
 * the API's runs.start, test files) and refused before anything is planned. The CLI runs with a
 * 96 MB heap: building a plan of 10^9 conversations (what used to happen) could not fit in it.
 */
const SUITE = path.join(ROOT, 'tests/fixtures/engine/deterministic-suite.json');
const MODEL = path.join(ROOT, 'tests/fixtures/engine/orders-model.json');
const SMALL_HEAP = { NODE_OPTIONS: '--max-old-space-size=96' };

/** A suite of `n` tests, each asking for the maximum repeats a test file allows. */
function wideSuite(n: number) {
  return {
    name: 'wide',
    tests: Array.from({ length: n }, (_, i) => ({ name: `t${i}`, user_prompt: 'hi', repeats: MAX_REPEATS })),
  };
}

describe('caps on repeats, turns, concurrency and run size', () => {
  describe('the CLI', () => {
    const cases: [string[], RegExp][] = [
      [
        ['--repeat', '1000000000'],
        /--repeat: at most 1,000 \(runs of every test\); expected a whole number from 1 to 1000/,
      ],
      [['--max-turns', '1000000000'], /--max-turns: at most 500 \(caller turns per conversation\)/],
      [['--concurrency', '100000'], /--concurrency: at most 64 \(conversations at once\)/],
    ];
    it.each(cases)(
      'parley run %s is refused before anything is planned or stored (96 MB heap)',
      async (flags, msg) => {
        const t = tempDir();
        const db = tempDbPath(t.dir);
        const r = await collect(
          parley(
            ['run', '--agent', AGENT, '--tests', SUITE, '--agent-model', `scripted:${MODEL}`, '--db', db, ...flags],
            SMALL_HEAP,
          ),
        );
        expect(r.code).toBe(2); // a usage error
        expect(r.stderr).toMatch(msg);
        expect(r.stderr).not.toMatch(/heap|at .*\.ts:\d+/);
        t.cleanup();
      },
      60_000,
    );

    it('a suite whose tests x repeats exceed the run cap is refused with the flag and the count', async () => {
      const t = tempDir();
      const file = path.join(t.dir, 'wide.json');
      fs.writeFileSync(file, JSON.stringify(wideSuite(150)));
      const base = [
        'run',
        '--agent',
        AGENT,
        '--tests',
        file,
        '--agent-model',
        `scripted:${MODEL}`,
        '--db',
        tempDbPath(t.dir),
      ];
      const r = await collect(parley(base, SMALL_HEAP));
      expect(r.code).toBe(2); // a usage error
      expect(r.stderr).toMatch(
        /--tests: this run would hold 150,000 conversations \(tests x repeats\), over the limit of 100,000 per run; expected/,
      );
      const withRepeat = await collect(parley([...base, '--repeat', '700'], SMALL_HEAP));
      expect(withRepeat.stderr).toMatch(/--repeat: this run would hold 105,000 conversations/);
      t.cleanup();
    }, 60_000);
  });

  describe('test files', () => {
    it('a test asking for more repeats or turns than the caps is refused with its JSON path', () => {
      const suite = {
        name: 's',
        tests: [{ name: 'a', user_prompt: 'hi', repeats: MAX_REPEATS + 1, max_turns: MAX_TURNS + 1 }],
      };
      const r = parseAgentFile(JSON.stringify(suite), 'suite.json');
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.errors.map((e) => e.path).sort()).toEqual(['tests[0].max_turns', 'tests[0].repeats']);
    });
  });

  describe('the API', () => {
    const api = useApiContext();
    it.each([
      [{ repeats: 1e9 }, 'options.repeats', /at most 1,000/],
      [{ max_turns: 1e9 }, 'options.max_turns', /at most 500/],
      [{ concurrency: MAX_CONCURRENCY + 1 }, 'options.concurrency', /at most 64/],
      [{ repeats: 2.5 }, 'options.repeats', /whole number from 1 to 1000/],
    ])('runs.start with %o is refused at %s, and the server answers the next call', async (options, where, msg) => {
      const { agentId, suiteId } = seedClinic(api.store);
      const script = writeScript(api.dir, 'good', goodScript());
      const r = await dispatch(api.ctx, 'runs.start', {
        agent_id: agentId,
        suite_id: suiteId,
        models: { agent: { provider: 'scripted', model: script } },
        options,
      });
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.code).toBe('invalid_input');
        expect(r.error.path).toBe(where);
        expect(r.error.message).toMatch(msg);
      }
      expect(api.store.runs.list()).toEqual([]);
      expect((await dispatch(api.ctx, 'agents.list', {})).ok).toBe(true);
    });

    it('runs.start of a stored suite over the run cap is refused before planning, naming the count', async () => {
      const { agentId } = seedClinic(api.store);
      const doc = api.store.suites.create(wideSuite(101), 'wide', { agent_id: agentId });
      const script = writeScript(api.dir, 'good', goodScript());
      const before = process.memoryUsage().heapUsed;
      const r = await dispatch(api.ctx, 'runs.start', {
        agent_id: agentId,
        suite_id: doc.id,
        models: { agent: { provider: 'scripted', model: script } },
      });
      expect(process.memoryUsage().heapUsed - before).toBeLessThan(32 * 1024 * 1024);
      expect(r.ok).toBe(false);
      if (!r.ok) {
        expect(r.error.path).toBe('suite_id');
        expect(r.error.message).toContain(`101,000 conversations`);
        expect(r.error.message).toContain(MAX_PLANNED_CONVERSATIONS.toLocaleString('en-US'));
      }
      expect(api.store.runs.list()).toEqual([]);
    });
  });

  it('the engine refuses the same caps itself (a caller that skipped the door checks), storing nothing', async () => {
    const b = bench(clinicGraph(), { name: 's', tests: [{ name: 'a', user_prompt: 'hi' }] });
    await expect(b.start({ options: { repeats: 1e9 } })).rejects.toThrow(PlanError);
    await expect(b.start({ options: { max_turns: 501 } })).rejects.toMatchObject({
      path: 'options.max_turns',
      message: expect.stringMatching(/^at most 500/),
    });
    expect(b.store.runs.list()).toEqual([]);
    b.store.close();
  });
});
