/**
 * "Cover the gaps" on the scripted model (docs/scripted-model.md) and a real SQLite file: a suite whose
 * one run reaches greet -> book -> bye leaves greet::to_cancel and cancel::cancel_done uncovered; one
 * proposal per gap (one model call each), saved into the suite, run through the normal run path; the
 * coverage rises by exactly those two edges. Bad input: an unknown suite, nothing uncovered, a model
 * that answers one gap with unusable output (that gap reported, the other kept).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { createApp, requireSuite, type App } from '../../../src-main/app/index.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';
import { bookingSuite, coverScript } from '../../support/cover-gaps-script.js';

const root = path.resolve(import.meta.dirname, '../../..');
const graph = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')));

describe('cover the gaps on the scripted model', () => {
  let t: ReturnType<typeof tempDir>;
  let store: Store;
  let registry: ProviderRegistry;
  let app: App;
  let agentId = '';
  let suiteId = '';
  const specFor = (script: unknown, name = 'cover.json') => {
    const file = path.join(t.dir, name);
    writeFileSync(file, JSON.stringify(script));
    return { provider: 'scripted' as const, model: file, params: {} };
  };
  /** Proposing is a job: its outcome. */
  const propose = async (req: Parameters<App['analysis']['proposeGapTests']>[0]) =>
    (await app.analysis.proposeGapTests(req)).done;
  const runSuite = async (tests?: string[]) => {
    const h = await app.runs.start({
      agent: agentId,
      suite: requireSuite(store, suiteId),
      models: { agent: specFor(coverScript(), 'run.json') },
      options: { concurrency: 2, ...(tests ? { tests } : {}) },
    });
    await h.done;
    return h.runId;
  };
  beforeEach(() => {
    t = tempDir();
    store = openStore(tempDbPath(t.dir));
    registry = createProviderRegistry();
    app = createApp(store, () => registry);
    agentId = store.agents.create(graph()).agent.id;
    suiteId = store.suites.create(bookingSuite, 'Clinic suite', { agent_id: agentId }).id;
  });
  afterEach(async () => {
    await registry.close();
    store.close();
    t.cleanup();
  });

  it('proposes one test per uncovered edge, saves them, runs them: coverage rises by exactly those edges', async () => {
    await runSuite();
    const before = app.analysis.coverage({ agent_id: agentId, suite_id: 'Clinic suite' });
    expect(before.runs).toBe(1);
    expect(before.coverage.uncovered_edges.map((e) => e.key)).toEqual(['greet::to_cancel', 'cancel::cancel_done']);
    expect(before.coverage.uncovered_nodes).toEqual(['cancel']);

    const job = await app.analysis.proposeGapTests({
      agent_id: agentId,
      suite_id: suiteId,
      model: specFor(coverScript()),
    });
    const out = await job.done;
    expect(out.cancelled).toBe(false);
    expect(out.failures).toEqual([]);
    expect(job.info()).toMatchObject({ kind: 'gap-tests', status: 'done', progress: { done: 2, total: 2 } });
    expect(out.proposals.map((p) => [p.gap.key, p.test.name, p.test.assertions?.path?.must_visit])).toEqual([
      ['greet::to_cancel', 'cover greet -> cancel', ['cancel']],
      ['cancel::cancel_done', 'cover cancel -> bye', ['cancel', 'bye']],
    ]);
    expect(out.proposals[0].test.persona).toMatchObject({
      name: 'Cora',
      goal: 'CANCEL-GOAL: cancel my visit on Friday',
      identity: { name: 'Cora Lee' },
    });
    // the way there is in the request for the second gap
    expect(out.proposals[1].gap.route).toEqual(['greet', 'cancel']);
    // nothing stored by proposing
    expect(store.suites.get(suiteId)!.data.tests).toHaveLength(1);

    const saved = app.analysis.saveGapTests({ suite_id: suiteId, tests: out.proposals.map((p) => p.test) });
    expect(saved.added).toEqual(['cover greet -> cancel', 'cover cancel -> bye']);
    expect(store.suites.get(suiteId)!.data.tests.map((x) => x.name)).toEqual(['books a visit', ...saved.added]);

    const runId = await runSuite(saved.added);
    const results = store.results.listByRun(runId);
    expect(results.map((r) => r.status)).toEqual(['pass', 'pass']);
    const after = app.analysis.coverage({ agent_id: agentId, suite_id: suiteId });
    expect(after.runs).toBe(2);
    expect(after.coverage.uncovered_edges).toEqual([]);
    const covered = (c: typeof before) => new Set(c.coverage.edges.filter((e) => e.taken).map((e) => e.key));
    const gained = [...covered(after)].filter((k) => !covered(before).has(k));
    expect(gained.sort()).toEqual(['cancel::cancel_done', 'greet::to_cancel']);
    expect(after.coverage.edge_share).toBe(1);

    // nothing left to cover: a clear message, nothing written
    const tests = store.suites.get(suiteId)!.data.tests.length;
    await expect(propose({ agent_id: agentId, suite_id: suiteId, model: specFor(coverScript()) })).rejects.toThrow(
      'nothing to cover: the 3 conversation(s) of suite "Clinic suite" reached every edge and global node of Clinic v1',
    );
    expect(store.suites.get(suiteId)!.data.tests).toHaveLength(tests);
    // saving a name the suite has already
    expect(() => app.analysis.saveGapTests({ suite_id: suiteId, tests: [out.proposals[0].test] })).toThrow(
      'tests[0].name: suite "Clinic suite" already has a test named "cover greet -> cancel"',
    );
  });

  it('reports the gap the model answered unusably and keeps the others; a failed call likewise', async () => {
    await runSuite();
    const bad = await propose({
      agent_id: agentId,
      suite_id: suiteId,
      model: specFor(coverScript({ name: 'x', goal: '   ' }), 'bad.json'),
    });
    expect(bad.proposals.map((p) => p.gap.key)).toEqual(['greet::to_cancel']);
    expect(bad.failures).toEqual([
      expect.objectContaining({
        gap: expect.objectContaining({ key: 'cancel::cancel_done' }),
        error: 'the model wrote no goal for the caller (answer field "goal" is empty)',
      }),
    ]);
    const failing = await propose({
      agent_id: agentId,
      suite_id: suiteId,
      model: specFor(coverScript({ $error: 'server exploded' }), 'err.json'),
    });
    expect(failing.proposals).toHaveLength(1);
    expect(failing.failures[0].error).toMatch(/^the model call failed: .*server exploded/);
  });

  it('names an unknown suite and an unknown gap, and asks for a model when the suite has no run', async () => {
    const spec = specFor(coverScript());
    await expect(propose({ agent_id: agentId, suite_id: 'nope', model: spec })).rejects.toThrow(
      'suite "nope" not found',
    );
    await expect(propose({ agent_id: agentId, suite_id: suiteId, model: spec, gaps: ['greet::nope'] })).rejects.toThrow(
      'not an uncovered edge or global node of Clinic v1 in suite "Clinic suite": greet::nope',
    );
    await expect(propose({ agent_id: agentId, suite_id: suiteId })).rejects.toThrow(
      'no model: suite "Clinic suite" has no run of Clinic to take the model from',
    );
    // with no run, every edge is a gap
    const c = app.analysis.coverage({ agent_id: agentId, suite_id: suiteId });
    expect(c.coverage.uncovered_edges).toHaveLength(4);
    expect(store.suites.get(suiteId)!.data.tests).toHaveLength(1);
  });

  it('a global node no run reached: proposed, saved, run, and no longer a gap', async () => {
    const withHuman = graph();
    withHuman.nodes.push(
      AgentGraph.shape.nodes.element.parse({
        id: 'human',
        type: 'transfer',
        target: '+15550100',
        global: {
          entry_conditions: [{ id: 'ask_human', condition: { kind: 'prompt', prompt: 'Caller asks for a human' } }],
        },
      }),
    );
    store.agents.saveVersion(agentId, withHuman, 'human');
    const script = coverScript();
    script.rules.unshift(
      {
        purpose: 'generate_tests',
        when: { last: 'the agent jumps to human' },
        reply: { name: 'Hu', goal: 'HUMAN-GOAL: ask for a person', facts: [], why: 'reaches the human' },
      } as never,
      { purpose: 'caller', when: { system: 'HUMAN-GOAL' }, reply: 'Put me through to a human please' } as never,
      {
        purpose: 'route',
        when: { last: '/caller: Put me through[^\\n]*\\n\\nConditions/i' },
        reply: { transition: 'ask_human', reason: 'human' },
      } as never,
    );
    const spec = specFor(script, 'human.json');
    const h0 = await app.runs.start({ agent: agentId, suite: requireSuite(store, suiteId), models: { agent: spec } });
    await h0.done;
    const before = app.analysis.coverage({ agent_id: agentId, suite_id: suiteId });
    expect(before.coverage.uncovered_globals.map((x) => x.node)).toEqual(['human']);
    const out = await propose({
      agent_id: agentId,
      suite_id: suiteId,
      model: spec,
      gaps: ['global:human'],
    });
    expect(out.proposals.map((p) => [p.gap.key, p.test.name, p.test.assertions?.path?.must_visit])).toEqual([
      ['global:human', 'cover human', ['human']],
    ]);
    const saved = app.analysis.saveGapTests({ suite_id: suiteId, tests: out.proposals.map((p) => p.test) });
    const h = await app.runs.start({
      agent: agentId,
      suite: requireSuite(store, suiteId),
      models: { agent: spec },
      options: { tests: saved.added },
    });
    await h.done;
    expect(store.results.listByRun(h.runId).map((r) => r.status)).toEqual(['pass']);
    const after = app.analysis.coverage({ agent_id: agentId, suite_id: suiteId });
    expect(after.coverage.uncovered_globals).toEqual([]);
    // the edges stay as they were: only the global node was gained
    expect(after.coverage.uncovered_edges.map((e) => e.key)).toEqual(before.coverage.uncovered_edges.map((e) => e.key));
  });
});
