import { describe, expect, it } from 'vitest';
import { loadRunModels, planRun, PlanError, runSuite } from '../../../../src-main/engine/index.js';
import { TestSuite } from '../../../../src-shared/schemas/index.js';
import { scriptedModel } from '../../../../src-main/providers/scripted.js';
import { edge, spy, staticNode } from '../helpers.js';
import { bench } from '../run-helpers.js';

const agentGraph = {
  entry_node_id: 'greet',
  tools: [{ name: 'lookup', parameters: { type: 'object', properties: { id: { type: 'string' } } } }],
  metrics: [{ criterion: 'Polite', threshold: 0.5 }],
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Greet. Order {{order}}.' },
      transitions: [edge('t', 'look', { kind: 'always' })],
    },
    {
      id: 'look',
      type: 'function',
      tool: 'lookup',
      arguments: { id: '{{order}}' },
      output_variables: [{ output_key: 'status', variable: 'status' }],
      transitions: [edge('d', 'bye', { kind: 'always' })],
    },
    { id: 'bye', type: 'end', message: { mode: 'static', text: 'Your order is {{status}}. Bye.' } },
  ],
} as never;

const agentScript = {
  chat: ['Hello!'],
  judge: [[0.9, 0.9]],
  rules: [
    { purpose: 'chat', when: { system: 'Order C1' }, reply: { $error: 'boom' } },
    { purpose: 'judge', when: { any: 'judge-explode' }, reply: { $error: 'judge offline' } },
  ],
};

const suite = {
  name: 'orders',
  tests: [
    {
      name: 'shipped',
      caller_script: ['Where is A17?'],
      dynamic_variables: { order: 'A17' },
      tool_mocks: [{ tool: 'lookup', response: { status: 'shipped' } }],
      includes: ['shipped'],
      metrics: ['Answers the question'],
    },
    { name: 'unmocked', caller_script: ['hi'], dynamic_variables: { order: 'B1' } },
    { name: 'explodes', caller_script: ['explode'], dynamic_variables: { order: 'C1' } },
    {
      name: 'excluded word',
      caller_script: ['hello'],
      dynamic_variables: { order: 'D1' },
      tool_mocks: [{ tool: 'lookup', response: { status: 'lost' } }],
      excludes: ['agent: lost'],
    },
    {
      name: 'judge fails',
      caller_script: ['judge-explode'],
      dynamic_variables: { order: 'E1' },
      tool_mocks: [{ tool: 'lookup', response: { status: 'ok' } }],
      includes: ['nothing like this'],
    },
  ],
};

describe('run suite', () => {
  it('stores one result per conversation with status, end reason, trace, verdicts, tokens and the run summary', async () => {
    const b = bench(agentGraph, suite, { agent: agentScript });
    const handle = await b.start({ options: { concurrency: 2 } });
    const out = await handle.done;
    expect(out.run.status).toBe('completed');
    expect(out.run.summary).toEqual({ total: 5, passed: 1, failed: 2, errored: 2 });
    const byName = Object.fromEntries(out.results.map((r) => [r.test, r]));
    expect(byName.shipped).toMatchObject({
      status: 'pass',
      end_reason: 'end_node',
      turns: 1,
      error: null,
      test_index: 0,
      repeat: 0,
    });
    expect(byName.shipped.transcript.map((t) => [t.role, t.content, t.node])).toEqual([
      ['agent', 'Hello!', 'greet'],
      ['caller', 'Where is A17?', 'greet'],
      ['tool', 'lookup({"id":"A17"}) -> {"status":"shipped"}', 'look'],
      ['agent', 'Your order is shipped. Bye.', 'bye'],
    ]);
    expect(byName.shipped.nodes_visited.map((v) => v.node)).toEqual(['greet', 'look', 'bye']);
    expect(byName.shipped.metrics.map((m) => [m.criterion, m.score, m.threshold, m.global ?? false])).toEqual([
      ['Answers the question', 0.9, 0.7, false],
      ['Polite', 0.9, 0.5, true],
    ]);
    expect(byName.shipped.variables).toMatchObject({ order: 'A17', status: 'shipped', params: { id: 'A17' } });
    expect(byName.shipped.model_calls.map((c) => `${c.role}:${c.purpose}`)).toEqual(['agent:chat', 'judge:judge']);
    expect(byName.shipped.tokens.prompt).toBe(byName.shipped.model_calls.reduce((n, c) => n + c.tokens.prompt, 0));
    expect(byName.unmocked).toMatchObject({ status: 'fail' });
    expect(byName.unmocked.assertions).toEqual([
      expect.objectContaining({ kind: 'unmocked_tool', target: 'lookup', passed: false }),
    ]);
    expect(byName.explodes).toMatchObject({
      status: 'error',
      end_reason: 'error',
      transcript: [],
      error: 'agent model scripted:inline (chat at node greet) failed: scripted model inline: boom',
    });
    expect(byName['judge fails']).toMatchObject({
      status: 'error',
      end_reason: 'end_node',
      error: 'judging failed: judge model scripted:inline (judge) failed: scripted model inline: judge offline',
    });
    expect(byName['judge fails'].rules).toEqual([expect.objectContaining({ kind: 'includes', passed: false })]);
    expect(byName['excluded word'].status).toBe('fail');
    expect(byName['excluded word'].rules[0].message).toMatch(/"lost" appears in turn 4 \(agent at node bye\)/);
    expect(b.store.results.listByRun(handle.runId)).toHaveLength(5);
    const run = b.store.runs.require(handle.runId);
    expect(run.models.agent?.identity).toMatchObject({ provider: 'scripted', name: 'inline' });
    expect(run.models.agent?.identity?.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(out.tests.map((t) => [t.test, t.ok])).toEqual([
      ['shipped', true],
      ['unmocked', false],
      ['explodes', false],
      ['excluded word', false],
      ['judge fails', false],
    ]);
  });

  it('emits run.started, test.started/turn/token/finished and run.finished; results are stored as each finishes', async () => {
    const b = bench(agentGraph, { tests: [suite.tests[0]] }, { agent: agentScript });
    const handle = await b.start();
    const storedAtFinish: number[] = [];
    handle.subscribe((e) => {
      if (e.type === 'test.finished') storedAtFinish.push(b.store.results.listByRun(e.run_id).length);
    });
    const out = await handle.done;
    const types = b.events.map((e) => e.type);
    expect(types[0]).toBe('run.started');
    expect(types[1]).toBe('test.started');
    expect(types.at(-2)).toBe('test.finished');
    expect(types.at(-1)).toBe('run.finished');
    expect(b.events.filter((e) => e.type === 'test.turn')).toHaveLength(4);
    expect(
      b.events
        .filter((e) => e.type === 'test.token')
        .map((e) => (e as { chunk: string }).chunk)
        .join(''),
    ).toBe('Hello!');
    expect(b.events[0]).toEqual({ type: 'run.started', run_id: handle.runId, total: 1 });
    expect(b.events.at(-1)).toEqual({
      type: 'run.finished',
      run_id: handle.runId,
      status: 'completed',
      summary: { total: 1, passed: 1, failed: 0, errored: 0 },
      error: null,
    });
    expect(storedAtFinish).toEqual([1]);
    expect(b.events.find((e) => e.type === 'test.finished')).toMatchObject({
      status: 'pass',
      result_id: out.results[0].id,
    });
  });

  it('repeats: each repeat is stored; the option overrides the test; pass rate against min_pass_rate', async () => {
    const b = bench(
      { entry_node_id: 'a', nodes: [staticNode('a', 'Hi.')] },
      {
        min_pass_rate: 0.5,
        tests: [
          { name: 'r', repeats: 3, caller_script: ['x'], includes: ['Hi'] },
          { name: 'once', caller_script: [], includes: ['nope'] },
        ],
      },
    );
    const out = await (await b.start()).done;
    expect(out.results.map((r) => `${r.test}#${r.repeat}`)).toEqual(['r#0', 'r#1', 'r#2', 'once#0']);
    expect(out.tests.map((t) => [t.test, t.runs, t.pass_rate, t.ok])).toEqual([
      ['r', 3, 1, true],
      ['once', 1, 0, false],
    ]);
    const again = await (await b.start({ options: { repeats: 2 } })).done;
    expect(again.results).toHaveLength(4);
    expect(again.run.options.repeats).toBe(2);
  });

  it('runs conversations in parallel up to the concurrency limit', async () => {
    const slow = { chat: [{ $delay_ms: 60, text: 'Hi.' }] };
    const b = bench(
      { entry_node_id: 'a', nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: '' } }] },
      { tests: Array.from({ length: 6 }, (_, i) => ({ name: `t${i}`, caller_script: [] })) },
      { agent: slow },
    );
    let live = 0;
    let peak = 0;
    const handle = await b.start({ options: { concurrency: 3 } });
    handle.subscribe((e) => {
      if (e.type === 'test.started') peak = Math.max(peak, ++live);
      if (e.type === 'test.finished') live--;
    });
    const t0 = Date.now();
    await handle.done;
    expect(peak).toBe(3);
    expect(Date.now() - t0).toBeLessThan(6 * 60);
  });

  it('cancellation stops promptly, keeps finished results, marks the run cancelled; resume runs only the rest', async () => {
    const slow = { chat: [{ $delay_ms: 150, text: 'Hi.' }] };
    const g = {
      entry_node_id: 'a',
      nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: '' } }],
    } as never;
    const tests = Array.from({ length: 5 }, (_, i) => ({ name: `t${i}`, caller_script: [] }));
    const b = bench(g, { tests }, { agent: slow });
    const handle = await b.start({ options: { concurrency: 1 } });
    handle.subscribe((e) => {
      if (e.type === 'test.finished') handle.cancel('user pressed stop');
    });
    const t0 = Date.now();
    const out = await handle.done;
    expect(Date.now() - t0).toBeLessThan(1500);
    expect(out.run.status).toBe('cancelled');
    expect(out.run.error).toBe('user pressed stop');
    expect(out.results.map((r) => r.test)).toEqual(['t0']);
    expect(b.events.at(-1)).toMatchObject({ type: 'run.finished', status: 'cancelled' });

    b.events.length = 0;
    const resumed = await (await b.start({ resume: handle.runId, agent: undefined, suite: undefined })).done;
    expect(resumed.run.id).toBe(handle.runId);
    expect(resumed.run.status).toBe('completed');
    expect(b.events.filter((e) => e.type === 'test.started').map((e) => (e as { test: string }).test)).toEqual([
      't1',
      't2',
      't3',
      't4',
    ]);
    expect(resumed.results.map((r) => r.test)).toEqual(['t0', 't1', 't2', 't3', 't4']);
    expect(resumed.run.summary.total).toBe(5);
  });

  it('an outer AbortSignal cancels too; a cancelled conversation is not stored', async () => {
    const b = bench(
      { entry_node_id: 'a', nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: '' } }] },
      { tests: [{ name: 'slow', caller_script: [] }] },
      { agent: { chat: [{ $delay_ms: 5000, text: 'late' }] } },
    );
    const ac = new AbortController();
    setTimeout(() => ac.abort(), 50);
    const out = await (await b.start({ signal: ac.signal })).done;
    expect(out.run.status).toBe('cancelled');
    expect(out.results).toEqual([]);
  });

  it('an unknown test name fails before any run is created', async () => {
    const b = bench(
      { entry_node_id: 'a', nodes: [staticNode('a', 'Hi.')] },
      { tests: [{ name: 't', caller_script: [] }] },
    );
    await expect(b.start({ options: { tests: ['nope'] } })).rejects.toThrow(PlanError);
    expect(b.store.runs.list()).toEqual([]);
  });

  it('resume refuses other models than the run used', async () => {
    const b = bench(
      { entry_node_id: 'a', nodes: [staticNode('a', 'Hi.')] },
      { tests: [{ name: 't', caller_script: [] }] },
    );
    const first = await (await b.start()).done;
    const other = scriptedModel({}, { model: 'other.json' });
    await expect(
      b.start({ resume: first.run.id, models: { agent: other, caller: other, judge: other } }),
    ).rejects.toThrow(/resume must use the run's models \(agent was scripted:inline, got scripted:other\.json\)/);
  });

  it('sessions are opened per role/purpose per conversation and all disposed', async () => {
    const s = spy(scriptedModel({ route: ['none'] }));
    const b = bench(
      {
        entry_node_id: 'a',
        nodes: [
          {
            id: 'a',
            type: 'conversation',
            instruction: { mode: 'prompt', text: '' },
            transitions: [edge('p', 'a', { kind: 'prompt', prompt: 'x' })],
          },
        ],
      },
      {
        tests: [
          { name: 't1', caller_script: ['a'], metrics: ['m'] },
          { name: 't2', caller_script: ['b'], metrics: ['m'] },
        ],
      },
      { agent: s.model },
    );
    await (
      await b.start({ options: { concurrency: 1 } })
    ).done;
    expect(s.sessions).toEqual([
      'agent:chat',
      'agent:route',
      'judge:judge',
      'agent:chat',
      'agent:route',
      'judge:judge',
    ]);
    expect(s.disposed.sort()).toEqual([0, 1, 2, 3, 4, 5]);
  });
});

describe('run planning and model loading', () => {
  const s = TestSuite.parse({
    name: 's',
    default_max_turns: 7,
    tests: [
      { name: 'a', repeats: 2 },
      { name: 'b', max_turns: 3 },
    ],
  });

  it("a simulated caller's message streams as test.token events with role caller (decoded from its structured answer)", async () => {
    const g = {
      entry_node_id: 'a',
      nodes: [{ id: 'a', type: 'conversation', instruction: { mode: 'prompt', text: 'Help.' } }],
    } as never;
    const caller = scriptedModel({
      caller: ['I need "help" with order A17.', { message: 'Thanks, bye.', done: true }],
    });
    const b = bench(
      g,
      { tests: [{ name: 'sim', user_prompt: 'You need help.' }] },
      { agent: { chat: ['Hi.', 'Sure.'] }, caller },
    );
    const out = await (await b.start()).done;
    const streamed = b.events
      .filter((e) => e.type === 'test.token' && e.role === 'caller')
      .map((e) => (e as { chunk: string }).chunk)
      .join('');
    expect(streamed).toBe('I need "help" with order A17.Thanks, bye.');
    expect(out.results[0].transcript.filter((t) => t.role === 'caller').map((t) => t.content)).toEqual([
      'I need "help" with order A17.',
      'Thanks, bye.',
    ]);
  });

  it('plans (test_index, repeat) pairs with max turns and repeats, filters by name, skips finished pairs', () => {
    expect(planRun(s, {}).map((p) => [p.test.name, p.test_index, p.repeat, p.maxTurns])).toEqual([
      ['a', 0, 0, 7],
      ['a', 0, 1, 7],
      ['b', 1, 0, 3],
    ]);
    expect(planRun(s, { tests: ['b'], max_turns: 9 }).map((p) => [p.test_index, p.maxTurns])).toEqual([[1, 9]]);
    expect(planRun(s, {}, new Set(['0:1'])).map((p) => `${p.test_index}:${p.repeat}`)).toEqual(['0:0', '1:0']);
    expect(() => planRun(s, { tests: ['zzz'] })).toThrow(PlanError);
    expect(() => planRun(s, { tests: ['zzz'] })).toThrow('no test named "zzz" in suite "s" (tests: a, b)');
  });

  it('loads each distinct model once; caller and judge default to the agent model', async () => {
    const loaded: string[] = [];
    const loader = {
      load: async (spec: { model: string }) => {
        loaded.push(spec.model);
        return scriptedModel({}, { model: spec.model });
      },
    };
    const a = { provider: 'scripted' as const, model: 'a.json', params: {} };
    const m = await loadRunModels(loader as never, { agent: a });
    expect(loaded).toEqual(['a.json']);
    expect(m.caller).toBe(m.agent);
    expect(m.judge).toBe(m.agent);
    loaded.length = 0;
    const m2 = await loadRunModels(loader as never, { agent: a, caller: { ...a, model: 'c.json' }, judge: { ...a } });
    expect(loaded).toEqual(['a.json', 'c.json']);
    expect(m2.judge).toBe(m2.agent);
  });

  it('runSuite waits for the outcome', async () => {
    const b = bench(
      { entry_node_id: 'a', nodes: [staticNode('a', 'Hi.')] },
      { tests: [{ name: 't', caller_script: [] }] },
    );
    const out = await runSuite({
      store: b.store,
      models: { agent: scriptedModel({}), caller: scriptedModel({}), judge: scriptedModel({}) },
      agent: b.agent,
      suite: { id: null, name: 'x', data: TestSuite.parse({ tests: [{ name: 't', caller_script: [] }] }) },
    });
    expect(out.run.status).toBe('completed');
  });
});
