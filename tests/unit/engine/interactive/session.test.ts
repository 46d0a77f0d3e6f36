import { describe, expect, it } from 'vitest';
import type { PlaygroundEvent } from '../../../../src-shared/contract/events.js';
import type { AgentGraphInput, TestCaseInput } from '../../../../src-shared/schemas/index.js';
import { ModelCalls } from '../../../../src-main/engine/model-io/model-calls.js';
import { runConversation } from '../../../../src-main/engine/conversation/conversation.js';
import {
  InteractiveError,
  InteractiveSession,
  type InteractiveSessionInit,
} from '../../../../src-main/engine/interactive/index.js';
import { scriptedModel, type ScriptInput } from '../../../../src-main/providers/scripted.js';
import { edge, fixedNow, graph, staticNode, testCase } from '../helpers.js';
import { withoutLatency } from '../../../support/without-latency.js';

/**
 * greet (prompt) --p_book: "wants to book"--> ask (extract name) --eq: name exists--> lookup (function find_slots)
 *   --always--> offer (static "{{first_slot}}") --p_yes--> bye (end).  greet --p_human--> human (transfer).
 */
const clinic: AgentGraphInput = {
  name: 'Clinic',
  entry_node_id: 'greet',
  tools: [
    { name: 'find_slots', description: 'Find slots', kind: 'custom', parameters: { type: 'object', properties: {} } },
  ],
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Greet the caller.' },
      transitions: [
        edge('p_book', 'ask', { kind: 'prompt', prompt: 'The caller wants to book' }),
        edge('p_human', 'human', { kind: 'prompt', prompt: 'The caller asks for a human' }),
      ],
    },
    {
      id: 'ask',
      type: 'extract',
      variables: [{ name: 'name', type: 'text', description: 'caller name' }],
      transitions: [
        edge('eq_name', 'lookup', { kind: 'equation', equations: [{ left: 'name', operator: 'exists' }] }),
        edge('ask_else', 'greet', { kind: 'else' }),
      ],
    },
    {
      id: 'lookup',
      type: 'function',
      tool: 'find_slots',
      output_variables: [{ output_key: 'first_slot', variable: 'first_slot' }],
      transitions: [edge('to_offer', 'offer', { kind: 'always' })],
    },
    staticNode('offer', 'I have {{first_slot}}. Shall I book it?', [
      edge('p_yes', 'bye', { kind: 'prompt', prompt: 'The caller accepts' }),
    ]),
    { id: 'bye', type: 'end', message: { mode: 'static', text: 'Booked. Goodbye!' } },
    { id: 'human', type: 'transfer', message: { mode: 'static', text: 'Transferring you.' }, target: '+100' },
  ],
} as never;

const agentScript: ScriptInput = {
  chat: ['Hello, Clinic here. How can I help?'],
  route: [
    { transition: 'p_book', reason: 'the caller said they want to book' },
    { transition: 'p_yes', reason: 'the caller said yes' },
  ],
  extract: [{ name: 'Dana' }],
};
const mocks: TestCaseInput['tool_mocks'] = [{ tool: 'find_slots', response: { first_slot: 'Tuesday at 10' } }];

function session(
  over: Partial<InteractiveSessionInit> & {
    agent?: ScriptInput;
    caller?: ScriptInput;
    testInput?: Partial<TestCaseInput>;
    g?: AgentGraphInput;
  } = {},
) {
  const events: PlaygroundEvent[] = [];
  const agent = scriptedModel(over.agent ?? agentScript);
  const caller = over.caller ? scriptedModel(over.caller) : undefined;
  const s = new InteractiveSession({
    id: 'try_1',
    graph: graph(over.g ?? clinic),
    test: testCase({ tool_mocks: mocks, ...over.testInput }),
    mode: 'manual',
    models: { agent, ...(caller ? { caller } : {}) },
    now: fixedNow,
    info: {
      agent_id: 'ag_1',
      version_id: 'v_1',
      agent_name: 'Clinic',
      persona: null,
      models: { agent: 'scripted: a', caller: null },
    },
    onEvent: (e) => events.push(e),
    ...over,
  });
  return { s, events };
}

describe('interactive session (manual: the user types as the caller)', () => {
  it('opens with the agent, then each typed turn routes, extracts, calls tools and speaks, with a decision log', async () => {
    const { s } = session();
    const opened = await s.open();
    expect(withoutLatency(opened.transcript)).toEqual([
      { role: 'agent', content: 'Hello, Clinic here. How can I help?', node: 'greet' },
    ]);
    expect(opened.current_node).toBe('greet');
    expect(opened.steps[0]).toMatchObject({
      index: 0,
      kind: 'open',
      moves: [{ from: null, to: 'greet', kind: 'entry' }],
    });

    const a = await s.say('I would like to book, my name is Dana.');
    expect(a.current_node).toBe('offer');
    expect(a.transcript.slice(1).map((t) => `${t.role}@${t.node}: ${t.content}`)).toEqual([
      'caller@greet: I would like to book, my name is Dana.',
      'tool@lookup: find_slots({}) -> {"first_slot":"Tuesday at 10"}',
      'agent@offer: I have Tuesday at 10. Shall I book it?',
    ]);
    const step = a.steps[1];
    expect(step.caller).toEqual({ text: 'I would like to book, my name is Dana.', by: 'you', done: false });
    expect(step.turns).toEqual({ from: 1, to: 4 });
    expect(step.moves).toEqual([
      {
        from: 'greet',
        to: 'ask',
        via: 'p_book',
        kind: 'prompt',
        condition: 'The caller wants to book',
        reason: 'the caller said they want to book',
      },
      {
        from: 'ask',
        to: 'lookup',
        via: 'eq_name',
        kind: 'equation',
        condition: 'name exists',
        reason: 'the equation holds',
      },
      { from: 'lookup', to: 'offer', via: 'to_offer', kind: 'always', reason: 'always taken' },
    ]);
    expect(step.routes).toEqual([{ node: 'greet', chosen: 'p_book', reason: 'the caller said they want to book' }]);
    expect(step.variables).toEqual(
      expect.arrayContaining([
        { name: 'name', value: 'Dana', source: 'extracted', node: 'ask' },
        { name: 'first_slot', value: 'Tuesday at 10', source: 'tool', node: 'lookup' },
      ]),
    );
    // `params` (the tool's arguments) is shown with the tool call, not as a variable
    expect(step.variables.map((v) => v.name).sort()).toEqual(['first_slot', 'name']);
    expect(step.tools).toEqual([
      { name: 'find_slots', args: {}, result: { first_slot: 'Tuesday at 10' }, node: 'lookup', mocked: true },
    ]);
    expect(step.stayed).toBeUndefined();
    expect(a.variables).toMatchObject({ name: 'Dana', first_slot: 'Tuesday at 10' });
    expect(a.turns).toBe(1);

    const b = await s.say('Yes please.');
    expect(b.ended).toBe(true);
    expect(b.end_reason).toBe('end_node');
    expect(b.current_node).toBe('bye');
    expect(withoutLatency(b.transcript).at(-1)).toEqual({ role: 'agent', content: 'Booked. Goodbye!', node: 'bye' });
    expect(b.steps[2]).toMatchObject({
      ended: 'end_node',
      moves: [{ from: 'offer', to: 'bye', via: 'p_yes', kind: 'prompt' }],
    });
    await expect(s.say('hello?')).rejects.toMatchObject({ code: 'ended' });
  });

  it('stays on the node when the router says none, and says why', async () => {
    const { s } = session({
      agent: {
        chat: ['Hi.', 'Sorry, how can I help?'],
        route: [{ transition: 'none', reason: 'the caller only said hello' }],
      },
    });
    await s.open();
    const st = await s.say('Hello?');
    expect(st.current_node).toBe('greet');
    expect(st.steps[1].moves).toEqual([]);
    expect(st.steps[1].stayed).toEqual({ node: 'greet', reason: 'the caller only said hello' });
    expect(st.steps[1].routes).toEqual([{ node: 'greet', chosen: null, reason: 'the caller only said hello' }]);
    expect(withoutLatency(st.transcript).at(-1)).toEqual({
      role: 'agent',
      content: 'Sorry, how can I help?',
      node: 'greet',
    });
  });

  it('an unmocked tool call is logged with mocked: false and its error', async () => {
    const { s } = session({ testInput: { tool_mocks: [] } });
    await s.open();
    const st = await s.say('Book me, I am Dana.');
    expect(st.steps[1].tools).toEqual([
      expect.objectContaining({
        name: 'find_slots',
        mocked: false,
        error: expect.stringContaining('no mock for tool "find_slots"'),
      }),
    ]);
    expect(st.steps[1].variables).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: 'tool_error', source: 'tool' })]),
    );
  });

  it('starts on any node: it is entered as if the conversation had arrived there', async () => {
    const { s } = session({ startNode: 'offer', testInput: { dynamic_variables: { first_slot: 'Friday at 9' } } });
    const st = await s.open();
    expect(st.start_node).toBe('offer');
    expect(st.visits).toEqual([{ node: 'offer', turn: 0, reason: 'start' }]);
    expect(st.steps[0].moves).toEqual([{ from: null, to: 'offer', kind: 'start', reason: 'chosen as the start node' }]);
    expect(withoutLatency(st.transcript)).toEqual([
      { role: 'agent', content: 'I have Friday at 9. Shall I book it?', node: 'offer' },
    ]);
  });

  it('an unknown start node is refused with the node list', () => {
    expect(() => session({ startNode: 'nope' })).toThrow(/node "nope" does not exist.*greet, ask/);
  });

  it('streams agent tokens, finished turns, node changes and the state after each step as events', async () => {
    const { s, events } = session();
    await s.open();
    await s.say('I want to book. Dana.');
    const tokens = events.filter((e) => e.type === 'playground.token');
    expect(tokens.length).toBeGreaterThan(3);
    expect(
      tokens
        .slice(0, 7)
        .map((e) => (e as { chunk: string }).chunk)
        .join(''),
    ).toBe('Hello, Clinic here. How can I help?');
    expect(events.filter((e) => e.type === 'playground.node').map((e) => (e as { node: string }).node)).toEqual([
      'greet',
      'ask',
      'lookup',
      'offer',
    ]);
    expect(
      events.filter((e) => e.type === 'playground.turn').map((e) => (e as { turn: { role: string } }).turn.role),
    ).toEqual(['agent', 'caller', 'tool', 'agent']);
    const turns = events.filter((e) => e.type === 'playground.turn') as Extract<
      PlaygroundEvent,
      { type: 'playground.turn' }
    >[];
    expect(turns.map((e) => [e.step, e.index])).toEqual([
      [0, 0],
      [1, 1],
      [1, 2],
      [1, 3],
    ]);
    expect(new Set(tokens.map((e) => (e as { step: number }).step))).toEqual(new Set([0]));
    const states = events.filter((e) => e.type === 'playground.state');
    expect(states).toHaveLength(2);
    expect(events.every((e) => e.session_id === 'try_1')).toBe(true);
  });

  it('the caller may hang up: with words they are recorded, with none the call ends at once', async () => {
    const { s } = session();
    await s.open();
    const st = await s.say('No thanks, bye.', true);
    expect(st).toMatchObject({ ended: true, end_reason: 'caller_done', turns: 1 });
    expect(st.transcript.at(-1)).toMatchObject({ role: 'caller', content: 'No thanks, bye.' });
    const { s: quiet } = session();
    await quiet.open();
    const q = await quiet.say('', true);
    expect(q).toMatchObject({ ended: true, end_reason: 'caller_done', turns: 0 });
    await expect(session().s.say('   ')).rejects.toMatchObject({ code: 'invalid' });
  });

  it('step is refused in manual mode (no simulated caller)', async () => {
    const { s } = session();
    await s.open();
    await expect(s.step()).rejects.toBeInstanceOf(InteractiveError);
    await expect(s.step()).rejects.toMatchObject({ code: 'invalid' });
  });

  it('one step at a time: a second call while the agent answers is refused as busy', async () => {
    const { s } = session({ agent: { ...agentScript, defaults: { delay_ms: 60 } } });
    await s.open();
    const first = s.say('I want to book. Dana.');
    await expect(s.say('hello?')).rejects.toMatchObject({ code: 'busy' });
    expect(s.state().busy).toBe(true);
    const done = await first;
    expect(done.busy).toBe(false);
    expect(done.transcript.filter((t) => t.role === 'caller')).toHaveLength(1);
  });

  it('stop cancels a running step: the conversation ends cancelled, nothing more is said', async () => {
    const { s } = session({ agent: { ...agentScript, defaults: { delay_ms: 2_000 } } });
    const opening = s.open();
    await new Promise((r) => setTimeout(r, 30));
    const t0 = Date.now();
    expect(s.stop()).toBe(true);
    const st = await opening;
    expect(Date.now() - t0).toBeLessThan(1_000);
    expect(st).toMatchObject({ ended: true, end_reason: 'cancelled', error: 'stopped by the user', busy: false });
    expect(st.transcript).toEqual([]);
    expect(s.stop()).toBe(false);
  });

  it('a failing model ends the conversation with an error naming the model and the node', async () => {
    const { s } = session({ agent: { chat: [{ $error: 'model crashed' }] } });
    const st = await s.open();
    expect(st.ended).toBe(true);
    expect(st.end_reason).toBe('error');
    expect(st.error).toMatch(/agent model scripted:.*\(chat at node greet\) failed: .*model crashed/);
    expect(st.steps[0].error).toBe(st.error);
  });

  it('ends with max_turns once the caller turn limit is reached', async () => {
    const { s } = session({ maxTurns: 2, agent: { chat: ['Hi.'], defaults: { chat: 'Mm.' } } });
    await s.open();
    expect((await s.say('one')).ended).toBe(false);
    const st = await s.say('two');
    expect(st).toMatchObject({ ended: true, end_reason: 'max_turns', turns: 2 });
  });
});

describe('interactive session (simulated: the persona speaks)', () => {
  it('each step: the persona speaks one turn, then the agent answers; done ends the call', async () => {
    const { s } = session({
      mode: 'simulated',
      callerPrompt: '## Identity\nYou are Dana.',
      caller: { caller: ['I want to book, I am Dana.', { message: 'Yes.', done: false }, { message: '', done: true }] },
    });
    await s.open();
    const one = await s.step();
    expect(one.steps[1].caller).toEqual({ text: 'I want to book, I am Dana.', by: 'persona', done: false });
    expect(one.current_node).toBe('offer');
    const two = await s.step();
    expect(two).toMatchObject({ ended: true, end_reason: 'end_node' });
    // a typed turn is allowed in simulated mode too (the user takes over the caller)
    const { s: mixed } = session({
      mode: 'simulated',
      caller: { caller: ['Hello.'] },
      agent: { chat: ['Hi.', 'Yes?', 'Sure.'] },
    });
    await mixed.open();
    await mixed.step();
    const typed = await mixed.say('Actually, a human please.');
    expect(typed.steps.map((x) => x.caller?.by ?? 'open')).toEqual(['open', 'persona', 'you']);
  });

  it('stepping to the end gives the same conversation as runConversation on the same scripts', async () => {
    const callerScript: ScriptInput = { caller: ['I want to book, I am Dana.', 'Yes please.'] };
    const test = testCase({ tool_mocks: mocks });
    const calls = new ModelCalls({
      agent: scriptedModel(agentScript),
      caller: scriptedModel(callerScript),
      judge: scriptedModel({}),
    });
    const batch = await runConversation({
      graph: graph(clinic),
      test,
      callId: 'c',
      calls,
      callerPrompt: 'You are Dana.',
      now: fixedNow,
    });
    await calls.disposeAll();

    const { s } = session({ mode: 'simulated', callerPrompt: 'You are Dana.', caller: callerScript });
    let st = await s.open();
    while (!st.ended) st = await s.step();
    expect(withoutLatency(st.transcript)).toEqual(withoutLatency(batch.transcript));
    expect(st.visits).toEqual(batch.visits);
    expect(st.variables).toEqual(batch.variables);
    expect(st.end_reason).toBe(batch.endReason);
    expect(st.steps.flatMap((x) => x.tools)).toEqual(batch.toolCalls);
  });
});
