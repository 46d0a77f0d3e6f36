/**
 * Every role's requests are prefix-stable over HTTP: two consecutive calls of one conversation send
 * the same messages, the later one only longer at the end, so a server's prefix cache (llama-server,
 * vLLM, SGLang) serves everything the earlier call already evaluated. Checked on the message arrays
 * the OpenAI-protocol test server received (real HTTP, real inference on the tiny GGUF).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SimulatedCaller } from '../../../src-main/engine/conversation/caller.js';
import { answerCaller, askCaller, openConversation } from '../../../src-main/engine/conversation/conversation.js';
import { judgeMetrics } from '../../../src-main/engine/judge/llm-judge.js';
import { DEFAULT_LIMITS } from '../../../src-main/engine/limits.js';
import { ModelCalls } from '../../../src-main/engine/model-io/model-calls.js';
import { extractVariables } from '../../../src-main/engine/conversation/nodes/extract.js';
import { makeRouter } from '../../../src-main/engine/conversation/router.js';
import { Runtime } from '../../../src-main/engine/conversation/runtime.js';
import { createProviderRegistry, type ProviderRegistry } from '../../../src-main/providers/registry.js';
import type { ChatModel } from '../../../src-main/providers/types.js';
import type { NodeOf, TranscriptTurn } from '../../../src-shared/schemas/index.js';
import { startOpenAiServer, type OpenAiTestServer } from '../../servers/openai-server.js';
import { fixedNow, graph, testCase } from '../../unit/engine/helpers.js';

type Msg = { role: string; content: string | null };

let srv: OpenAiTestServer;
let reg: ProviderRegistry;
let model: ChatModel;

beforeAll(async () => {
  srv = await startOpenAiServer();
  reg = createProviderRegistry({ openai: { retry: { baseMs: 5, maxMs: 50 } } });
  model = await reg.load({ provider: 'openai', model: 'tiny', endpoints: [srv.baseUrl] });
});

afterAll(async () => {
  await reg?.close();
  await srv?.stop();
});

/** The message arrays of the chat requests received since `from` whose first message starts with `lead`. */
function received(from: number, lead: string): Msg[][] {
  return srv.requests
    .slice(from)
    .filter((r) => r.path === '/v1/chat/completions')
    .map((r) => (r.body as { messages: Msg[] }).messages)
    .filter((m) => String(m[0]?.content ?? '').startsWith(lead));
}

/**
 * `later` re-sends `earlier` and only adds at the end: every message but the last is the same, the
 * last one is the same or continued (text appended), and whatever follows is new.
 */
function expectGrowsAtTheEnd(earlier: Msg[], later: Msg[]): void {
  expect(later.length).toBeGreaterThanOrEqual(earlier.length);
  expect(later.slice(0, earlier.length - 1)).toEqual(earlier.slice(0, -1));
  const a = earlier[earlier.length - 1];
  const b = later[earlier.length - 1];
  expect(b.role).toBe(a.role);
  expect(String(b.content).startsWith(String(a.content))).toBe(true);
  expect(JSON.stringify(later).length).toBeGreaterThan(JSON.stringify(earlier).length);
}

const AGENT_PROMPT = 'You are the front desk of Acme Dental.';

function runtime(nodes: unknown[], extra: Record<string, unknown> = {}) {
  const g = graph({ entry_node_id: (nodes[0] as { id: string }).id, nodes, ...extra } as never);
  const calls = new ModelCalls({ agent: model, caller: model, judge: model });
  const rt = new Runtime({
    graph: g,
    test: testCase(),
    callId: 'call-1',
    calls,
    limits: DEFAULT_LIMITS,
    now: fixedNow,
  });
  return { rt, calls };
}

describe('prefix-stable requests over HTTP', () => {
  it('agent and caller: each call re-sends the previous one and adds the new turns at the end', async () => {
    const { rt, calls } = runtime(
      [{ id: 'desk', type: 'conversation', instruction: { mode: 'prompt', text: 'Greet, then help book a visit.' } }],
      { first_speaker: 'agent', global_prompt: AGENT_PROMPT },
    );
    const caller = new SimulatedCaller(
      '## Identity\nYou are Sam.\n\n## Goal\nBook a cleaning next week.',
      {},
      calls,
      DEFAULT_LIMITS,
    );
    const from = srv.requests.length;
    expect(await openConversation(rt, 'desk')).toBeUndefined();
    // three caller turns, the model's own words (its "done" is ignored: a random-weight model hangs up at once)
    for (let i = 0; i < 3; i++) {
      const turn = await askCaller(rt, caller);
      expect(await answerCaller(rt, { message: turn.message || '(mumbles)', done: false })).toBeUndefined();
    }
    await calls.disposeAll();
    const agent = received(from, AGENT_PROMPT);
    const callers = received(from, 'You are role-playing a caller');
    expect(agent).toHaveLength(4);
    expect(callers).toHaveLength(3);
    for (const sent of [agent, callers])
      for (let i = 1; i < sent.length; i++) expectGrowsAtTheEnd(sent[i - 1], sent[i]);
    // the caller's own lines go back as the JSON answers it wrote (its slot's cache holds those tokens)
    const said = rt.transcript.filter((t) => t.role === 'caller').map((t) => t.content);
    const own = callers[2].filter((m) => m.role === 'assistant').map((m) => String(m.content));
    expect(own).toHaveLength(2);
    for (const [i, content] of own.entries())
      if (said[i] !== '(mumbles)') expect((JSON.parse(content) as { message: string }).message.trim()).toBe(said[i]);
  });

  it('router: the conversation follows the fixed instructions and only grows, also across a node switch; the conditions close the request', async () => {
    const cond = (id: string, prompt: string) => ({ id, target: 'end', condition: { kind: 'prompt', prompt } });
    const desk = {
      id: 'desk',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Help.' },
      transitions: [
        cond('to_billing', 'The caller asks about a bill.'),
        cond('to_booking', 'The caller wants an appointment.'),
      ],
    };
    const billing = { ...desk, id: 'billing', transitions: [cond('paid', 'The caller says the bill is paid.')] };
    const { rt, calls } = runtime([desk, billing, { id: 'end', type: 'end' }]);
    rt.visit('desk', 'entry');
    const deskOptions = [
      { key: 'to_billing', prompt: 'The caller asks about a bill.' },
      { key: 'to_booking', prompt: 'The caller wants an appointment.' },
    ];
    const from = srv.requests.length;
    rt.sayAgent('desk', 'Acme Dental, how can I help?');
    rt.sayCaller('Hi, I have a question.');
    await makeRouter(rt, rt.node('desk'))(deskOptions);
    rt.sayAgent('desk', 'Sure, what is it?');
    rt.sayCaller('It is about my last bill.');
    await makeRouter(rt, rt.node('desk'))(deskOptions);
    rt.visit('billing', 'to_billing');
    rt.sayAgent('billing', 'Let me look at your bill.');
    rt.sayCaller('I paid it already.');
    await makeRouter(rt, rt.node('billing'))([{ key: 'paid', prompt: 'The caller says the bill is paid.' }]);
    await calls.disposeAll();
    const sent = received(from, 'You route a phone conversation');
    expect(sent).toHaveLength(3);
    for (let i = 1; i < sent.length; i++) {
      const [a, b] = [sent[i - 1], sent[i]];
      expect(b[0]).toEqual(a[0]);
      // everything of the earlier request up to the end of its conversation is re-sent unchanged
      const earlier = String(a[1].content);
      const conversationEnd = earlier.indexOf('\n\nConditions:\n');
      expect(conversationEnd).toBeGreaterThan(0);
      expect(String(b[1].content).startsWith(earlier.slice(0, conversationEnd))).toBe(true);
      // after it come the new lines, then only the conditions and the question
      expect(String(b[1].content).slice(conversationEnd)).toMatch(/^\n(agent|caller): /);
      expect(earlier.slice(conversationEnd)).toMatch(
        /^\n\nConditions:\n(- .+\n)+\nWhich condition is true\? Answer with its id or none\.$/,
      );
    }
    expect(sent[2][1].content).toContain('- paid: The caller says the bill is paid.');
  });

  it('extractor: the variables lead, the conversation follows and only grows', async () => {
    const node = {
      id: 'collect',
      type: 'extract',
      variables: [
        { name: 'name', type: 'text', description: "the caller's name" },
        { name: 'day', type: 'enum', choices: ['mon', 'tue'] },
      ],
      transitions: [],
    };
    const { rt, calls } = runtime([node]);
    rt.visit('collect', 'entry');
    const from = srv.requests.length;
    rt.sayAgent('collect', 'May I have your name?');
    rt.sayCaller('Sam Lee.');
    await extractVariables(rt, rt.node('collect') as NodeOf<'extract'>);
    rt.sayAgent('collect', 'Which day suits you?');
    rt.sayCaller('Tuesday.');
    await extractVariables(rt, rt.node('collect') as NodeOf<'extract'>);
    await calls.disposeAll();
    const sent = received(from, 'You extract values');
    expect(sent).toHaveLength(2);
    expect(sent[0][0].content).toContain("- name (text): the caller's name");
    expectGrowsAtTheEnd(sent[0], sent[1]);
  });

  it('judge: the rubric leads and the transcript comes last (conversations of one test share the rubric)', async () => {
    const metrics = [
      { criterion: 'The agent greets the caller.', threshold: 0.5, global: false },
      { criterion: 'The agent offers a time.', threshold: 0.5, global: false },
    ];
    const t = (lines: [TranscriptTurn['role'], string][]): TranscriptTurn[] =>
      lines.map(
        ([role, content]) => ({ role, content, ...(role === 'agent' ? { node: 'desk' } : {}) }) as TranscriptTurn,
      );
    const first = t([
      ['agent', 'Hello, Acme Dental.'],
      ['caller', 'I need a cleaning.'],
    ]);
    const second = t([
      ['agent', 'Acme Dental, good morning.'],
      ['caller', 'Can I come Tuesday?'],
    ]);
    const calls = new ModelCalls({ agent: model, caller: model, judge: model });
    const from = srv.requests.length;
    await judgeMetrics(calls, first, metrics);
    await judgeMetrics(calls, second, metrics);
    const combined = received(from, 'You are a strict evaluator');
    expect(combined).toHaveLength(2);
    // the whole system message (instructions + criteria) is the same; each transcript is the last message
    expect(combined[1][0]).toEqual(combined[0][0]);
    expect(combined[0][0].content).toContain('metric_2: The agent offers a time.');
    expect(combined[0].at(-1)!.content).toContain('[2] caller: I need a cleaning.');
    expect(combined[1].at(-1)!.content).toContain('[2] caller: Can I come Tuesday?');

    // one call per metric: the instructions and the transcript lead, only the criterion differs at the end
    const from2 = srv.requests.length;
    await judgeMetrics(calls, first, metrics, { combined: false });
    await calls.disposeAll();
    const single = received(from2, 'You are a strict evaluator');
    expect(single).toHaveLength(2);
    expect(single[1][0]).toEqual(single[0][0]);
    const [a, b] = [String(single[0][1].content), String(single[1][1].content)];
    const transcriptEnd = a.indexOf('Criterion: ');
    expect(transcriptEnd).toBeGreaterThan(0);
    expect(b.slice(0, transcriptEnd + 'Criterion: '.length)).toBe(a.slice(0, transcriptEnd + 'Criterion: '.length));
  });
});
