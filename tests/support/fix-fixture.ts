/**
 * A small shop agent, its suite and scripted models for the fix loop (docs/fix.md). Every answer is
 * scripted, so the loop's outcome is exact:
 * - the agent says the refund window only when its node instruction mentions "30 days", the opening
 *   hours when the instruction mentions "opening hours", store credit when it mentions "store credit";
 * - the judge passes a conversation only when the agent said the matching words;
 * - `diagnose` and `propose` answers are chosen by what the prompt contains (the test, earlier attempts).
 * "refund window" and "exchange policy" fail on v1, "opening hours" passes, "gift refund" is held out.
 */
import fs from 'node:fs';
import path from 'node:path';
import type { AgentGraphInput, TestSuiteInput } from '../../src-shared/schemas/index.js';

export const shopGraph = (): AgentGraphInput => ({
  name: 'Acme shop',
  entry_node_id: 'greet',
  global_prompt: 'You are the phone agent of the Acme shop.',
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Greet the caller and ask how you can help.' },
      transitions: [
        { id: 'to-refund', target: 'refund', condition: { kind: 'prompt', prompt: 'The caller asks about a refund' } },
        {
          id: 'to-hours',
          target: 'hours',
          condition: { kind: 'prompt', prompt: 'The caller asks when the shop is open' },
        },
        {
          id: 'to-exchange',
          target: 'exchange',
          condition: { kind: 'prompt', prompt: 'The caller wants to exchange an item' },
        },
      ],
    },
    {
      id: 'refund',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Tell the caller refunds are possible.' },
    },
    { id: 'hours', type: 'conversation', instruction: { mode: 'prompt', text: 'Tell the caller the opening hours.' } },
    {
      id: 'exchange',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Help the caller with an exchange.' },
    },
    {
      id: 'fallback',
      type: 'conversation',
      instruction: { mode: 'prompt', text: 'Say goodbye.' },
      skip_response: true,
      transitions: [{ id: 'fb-skip', target: 'greet', condition: { kind: 'skip' } }],
    },
  ],
});

export const REFUND = 'refund window';
export const HOURS = 'opening hours';
export const EXCHANGE = 'exchange policy';
export const GIFT = 'gift refund';

export const shopSuite = (opts: { exchange?: boolean; holdout?: boolean } = {}): TestSuiteInput => ({
  name: 'Shop',
  tests: [
    {
      name: REFUND,
      caller_script: ['I want a refund for my order'],
      metrics: ['The agent says how many days the caller has to ask for their money back'],
    },
    { name: HOURS, caller_script: ['When are you open?'], metrics: ['The agent gives the times the shop is open'] },
    ...(opts.exchange
      ? [
          {
            name: EXCHANGE,
            caller_script: ['Can I exchange this item?'],
            metrics: ['The agent explains how swaps work'],
          },
        ]
      : []),
    ...(opts.holdout
      ? [
          {
            name: GIFT,
            holdout: true,
            caller_script: ['I want a refund for a gift I received'],
            metrics: ['The agent says how many days the caller has to ask for their money back'],
          },
        ]
      : []),
  ],
});

export const REFUND_DIAGNOSIS = {
  root_cause: 'The refund node never tells the caller how long they have to ask for a refund.',
  faults: [
    {
      location: 'node_instruction',
      node_id: 'refund',
      transition_id: '',
      quote: 'Tell the caller refunds are possible.',
      turns: [3],
      explanation: 'The instruction does not mention the refund window.',
    },
  ],
};

const EXCHANGE_DIAGNOSIS = {
  root_cause: 'The exchange node does not say exchanges are made as store credit.',
  faults: [
    {
      location: 'node_instruction',
      node_id: 'exchange',
      transition_id: '',
      quote: 'Help the caller with an exchange.',
      turns: [3],
      explanation: 'No policy in the instruction.',
    },
  ],
};

export const edit = (node: string, proposed: string, rationale = 'names what the caller needs') => ({
  kind: 'node_instruction',
  node_id: node,
  transition_id: '',
  target: '',
  snippet: '',
  proposed,
  rationale,
});

export const REFUND_FIX = 'Tell the caller refunds are possible within 30 days of delivery.';
export const EXCHANGE_FIX = 'Tell the caller exchanges are made as store credit.';

/** What `propose` answers: a good fix, a fix that breaks the opening hours, or two useless attempts. */
export type ProposalScript = 'good' | 'breaks-hours' | 'stuck' | 'invalid';

function proposeRules(kind: ProposalScript): unknown[] {
  const reply = (edits: unknown[]) => ({ edits, summary: 'a fix', confidence: 0.7 });
  switch (kind) {
    case 'good':
      return [
        // the first iteration sees the refund node and fixes only it; the next one fixes the exchange
        { purpose: 'propose', when: { last: 'Node "refund"' }, reply: reply([edit('refund', REFUND_FIX)]) },
        { purpose: 'propose', reply: reply([edit('exchange', EXCHANGE_FIX)]) },
      ];
    case 'breaks-hours':
      return [
        {
          purpose: 'propose',
          reply: reply([edit('refund', REFUND_FIX), edit('hours', 'Tell the caller to look at the website.')]),
        },
      ];
    case 'stuck':
      return [
        {
          purpose: 'propose',
          when: { last: 'Earlier attempts' },
          reply: reply([edit('refund', 'Tell the caller refunds are possible, and be very kind.')]),
        },
        { purpose: 'propose', reply: reply([edit('refund', 'Tell the caller refunds are possible, politely.')]) },
      ];
    case 'invalid':
      // a new transition out of a node that skips the caller's response: the graph check refuses it
      return [
        {
          purpose: 'propose',
          reply: reply([
            {
              kind: 'new_transition',
              node_id: 'fallback',
              transition_id: '',
              target: 'refund',
              snippet: '',
              proposed: 'The caller asks about a refund',
              rationale: 'route refunds',
            },
          ]),
        },
      ];
  }
}

/** The scripted model of every role (agent, judge, diagnose, propose). */
export function shopScript(kind: ProposalScript = 'good', extra: { delay_ms?: number } = {}): Record<string, unknown> {
  return {
    name: `shop-${kind}`,
    rules: [
      // the holdout test must never reach the model that diagnoses or proposes
      {
        purpose: 'diagnose',
        when: { any: 'for a gift' },
        reply: { $error: 'the holdout test was shown to the diagnosing model' },
      },
      {
        purpose: 'propose',
        when: { any: 'for a gift' },
        reply: { $error: 'the holdout test was shown to the proposing model' },
      },
      // the router's message lists every condition too: match the caller's own line
      { purpose: 'route', when: { last: '/caller: [^\\n]*refund/i' }, reply: 'to-refund' },
      { purpose: 'route', when: { last: '/caller: when are you open/i' }, reply: 'to-hours' },
      { purpose: 'route', when: { last: '/caller: can i exchange/i' }, reply: 'to-exchange' },
      { purpose: 'chat', when: { system: '30 days' }, reply: 'You can ask for a refund within 30 days of delivery.' },
      { purpose: 'chat', when: { system: 'opening hours' }, reply: 'We are open 9 to 5, Monday to Friday.' },
      { purpose: 'chat', when: { system: 'store credit' }, reply: 'We exchange items for store credit.' },
      { purpose: 'chat', when: { system: 'refunds are possible' }, reply: 'Yes, refunds are possible.' },
      { purpose: 'judge', when: { last: 'within 30 days' }, reply: 1 },
      { purpose: 'judge', when: { last: '9 to 5' }, reply: 1 },
      { purpose: 'judge', when: { last: 'store credit' }, reply: 1 },
      { purpose: 'diagnose', when: { last: 'Test "exchange policy"' }, reply: EXCHANGE_DIAGNOSIS },
      { purpose: 'diagnose', reply: REFUND_DIAGNOSIS },
      ...proposeRules(kind),
    ],
    defaults: { chat: 'Hello, how can I help?', score: 0, ...(extra.delay_ms ? { delay_ms: extra.delay_ms } : {}) },
  };
}

export function writeShopScript(dir: string, kind: ProposalScript = 'good', extra: { delay_ms?: number } = {}): string {
  const file = path.join(dir, `shop-${kind}.json`);
  fs.writeFileSync(file, JSON.stringify(shopScript(kind, extra)));
  return file;
}

/**
 * Stores the shop agent and suite in the database file and runs the suite once on the scripted model
 * (in this process, through the application layer), for tests that then drive the command line.
 */
export async function seedShopRun(
  db: string,
  dir: string,
  kind: ProposalScript = 'good',
  suite: Parameters<typeof shopSuite>[0] = {},
  extra: { delay_ms?: number } = {},
): Promise<{ runId: string; agentId: string; suiteId: string; model: string }> {
  const { openStore } = await import('../../src-main/store/index.js');
  const { createApp } = await import('../../src-main/app/index.js');
  const { createProviderRegistry } = await import('../../src-main/providers/registry.js');
  const { AgentGraph, TestSuite } = await import('../../src-shared/schemas/index.js');
  const store = openStore(db);
  const registry = createProviderRegistry();
  try {
    const start = writeShopScript(dir, kind);
    const model = extra.delay_ms ? writeShopScript(dir, kind, extra) : start;
    const { agent } = store.agents.create(AgentGraph.parse(shopGraph()));
    const saved = store.suites.create(TestSuite.parse(shopSuite(suite)), 'Shop', { agent_id: agent.id });
    const app = createApp(store, () => registry);
    const handle = await app.runs.start({
      agent: agent.id,
      suite: { id: saved.id, name: saved.name, data: saved.data },
      models: { agent: { provider: 'scripted', model, params: {} } },
      options: { concurrency: 2 },
    });
    await handle.done;
    return { runId: handle.runId, agentId: agent.id, suiteId: saved.id, model };
  } finally {
    await registry.close();
    store.close();
  }
}
