/**
 * The routing ambiguity check on the scripted model (docs/scripted-model.md) with a router that
 * confuses two named conditions: the exact confusion table, stored with the agent version; the
 * misrouted line saved as a test with a path assertion; nothing stored when cancelled.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AgentGraph } from '../../../src-shared/schemas/index.js';
import { createApp, type App } from '../../../src-main/app/index.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import { openStore, type Store } from '../../../src-main/store/index.js';
import { tempDbPath, tempDir } from '../../support/tmp.js';

const root = path.resolve(import.meta.dirname, '../../..');
const graph = () =>
  AgentGraph.parse(JSON.parse(readFileSync(path.join(root, 'tests/fixtures/analysis/clinic-repeats.json'), 'utf8')));

/** Lines per condition come from rules on the generation prompt; the router sends one booking line to cancel. */
const script = {
  name: 'confused-router',
  chat: ['Hello, Maple Clinic, how can I help?'],
  rules: [
    {
      purpose: 'utterances',
      when: { last: 'clearly true:\n"Caller wants to book' },
      reply: { utterances: ['I want to book a visit', 'Can I get an appointment'] },
    },
    {
      purpose: 'utterances',
      when: { last: 'clearly true:\n"Caller wants to cancel' },
      reply: { utterances: ['Please cancel my visit', 'I cannot come on Friday'] },
    },
    { purpose: 'utterances', when: { last: 'match NONE' }, reply: { utterances: ['Is it raining there'] } },
    {
      purpose: 'route',
      when: { last: 'Caller: I want to book a visit' },
      reply: { transition: 'to_book', reason: 'booking' },
    },
    {
      purpose: 'route',
      when: { last: 'Caller: Can I get an appointment' },
      reply: { transition: 'to_cancel', reason: 'confused' },
    },
    { purpose: 'route', when: { last: 'Caller: Please cancel' }, reply: { transition: 'to_cancel', reason: 'cancel' } },
    { purpose: 'route', when: { last: 'Caller: I cannot come' }, reply: { transition: 'to_cancel', reason: 'cancel' } },
  ],
  defaults: { route: 'none' },
};

describe('routing analysis on the scripted model', () => {
  let t: ReturnType<typeof tempDir>;
  let store: Store;
  let registry: ProviderRegistry;
  let app: App;
  let spec: { provider: 'scripted'; model: string; params: Record<string, never> };
  let agentId = '';
  beforeEach(() => {
    t = tempDir();
    store = openStore(tempDbPath(t.dir));
    registry = createProviderRegistry();
    app = createApp(store, () => registry);
    const file = path.join(t.dir, 'router.json');
    writeFileSync(file, JSON.stringify(script));
    spec = { provider: 'scripted', model: file, params: {} };
    agentId = store.agents.create(graph()).agent.id;
  });
  afterEach(async () => {
    await registry.close();
    store.close();
    t.cleanup();
  });

  it('gives the exact confusion table and stores it with the version', async () => {
    const progress: [number, number | null][] = [];
    const job = await app.analysis.routing({
      agent_id: agentId,
      model: spec,
      node: 'greet',
      per_condition: 2,
      none: 1,
      save_tests: true,
    });
    job.subscribe((j) => progress.push([j.progress.done, j.progress.total]));
    const out = await job.done;
    expect(out.cancelled).toBe(false);
    expect(job.info()).toMatchObject({ kind: 'routing', status: 'done', progress: { done: 9, total: 9 } });
    const [p] = out.report.points;
    expect(p.node_id).toBe('greet');
    expect(p.context).toBe('Hello, Maple Clinic, how can I help?');
    expect(p.keys).toEqual(['to_book', 'to_cancel', 'none']);
    expect(p.matrix).toEqual([
      [1, 1, 0],
      [0, 2, 0],
      [0, 0, 1],
    ]);
    expect(p.steals).toEqual([{ from: 'to_book', to: 'to_cancel', count: 1 }]);
    expect(p.never_wins).toEqual([]);
    expect(p.none_rate).toBe(0);
    expect(p.accuracy).toBe(0.8);
    expect(p.misrouted).toBe(1);
    expect(p.utterances.find((u) => u.intended !== u.chosen)).toEqual({
      text: 'Can I get an appointment',
      intended: 'to_book',
      chosen: 'to_cancel',
      reason: 'confused',
    });
    // 1 context + 3 generation + 5 routing calls
    expect(out.report.calls).toBe(9);
    expect(progress.at(-1)).toEqual([9, 9]);
    const stored = app.analysis.routingHistory(agentId);
    expect(stored.map((s) => s.id)).toEqual([out.id]);
    expect(stored[0].report.points[0].matrix).toEqual(p.matrix);
    // the misrouted line as a test: said at the entry node, must reach "book", must not reach "cancel"
    expect(out.suite?.tests).toBe(1);
    const suite = store.suites.find(out.suite!.id)!.data;
    expect(suite.tests[0]).toMatchObject({
      caller_script: ['Can I get an appointment'],
      max_turns: 1,
      assertions: { path: { must_visit: ['book'], must_not_visit: ['cancel'] } },
    });
  });

  it('stores nothing when cancelled', async () => {
    const job = await app.analysis.routing({ agent_id: agentId, model: spec, per_condition: 2, none: 1 });
    // cancelled as soon as it has started (its first progress), before the model calls are through
    expect(job.cancel()).toBe(true);
    const out = await job.done;
    expect(out.cancelled).toBe(true);
    expect(job.info().status).toBe('cancelled');
    expect(out.id).toBeUndefined();
    expect(app.analysis.routingHistory(agentId)).toEqual([]);
  });

  it('names a bad node and a graph with no decision point', async () => {
    await expect(app.analysis.routing({ agent_id: agentId, model: spec, node: 'nope' })).rejects.toThrow(
      'node "nope" is not in Clinic v1',
    );
    await expect(app.analysis.routing({ agent_id: agentId, model: spec, node: 'bye' })).rejects.toThrow(
      'node bye is not a decision point',
    );
  });
});
