import { openStore } from '../../../src-main/store/index.js';
import {
  AgentGraph,
  type AgentGraphInput,
  type Result,
  type TranscriptTurn,
} from '../../../src-shared/schemas/index.js';

/**
 * Populates a real SQLite file through the store repositories with three runs of one suite:
 * A (agent v1, llama3.2), B (agent v2, qwen2.5) and C (agent v2, llama3.2 Q8), with repeats.
 */

const graphV1: AgentGraphInput = {
  name: 'Dental',
  entry_node_id: 'greet',
  global_prompt: 'You are Ava, a scheduler for Bright Smile Dental.',
  nodes: [
    {
      id: 'greet',
      type: 'conversation',
      instruction: { text: 'Greet the caller and ask how you can help.' },
      transitions: [
        { id: 'e_book', target: 'book', condition: { kind: 'prompt', prompt: 'Caller wants to book' } },
        { id: 'e_billing', target: 'billing', condition: { kind: 'prompt', prompt: 'Caller asks about a bill' } },
      ],
    },
    {
      id: 'book',
      type: 'conversation',
      instruction: { text: 'Offer Tuesday at 3 PM.' },
      transitions: [{ id: 'e_done', target: 'end', condition: { kind: 'prompt', prompt: 'Caller accepts' } }],
    },
    { id: 'billing', type: 'conversation', instruction: { text: 'Explain the bill.' }, transitions: [] },
    { id: 'end', type: 'end', message: { mode: 'static', text: 'Booked. Goodbye!' } },
  ],
};

const graphV2 = (): AgentGraphInput => {
  const g = structuredClone(graphV1);
  (g.nodes[1] as { instruction: { text: string } }).instruction.text =
    'Offer the first free slot and confirm the day twice.';
  g.nodes[0].transitions![0] = {
    id: 'e_book',
    target: 'book',
    condition: { kind: 'prompt', prompt: 'Caller wants to book or move an appointment' },
  };
  return g;
};

const t = (role: TranscriptTurn['role'], content: string, node: string): TranscriptTurn => ({ role, content, node });
const metric = (score: number, reasoning: string, turns?: number[]) => ({
  criterion: 'Books the appointment',
  score,
  threshold: 0.7,
  passed: score >= 0.7,
  reasoning,
  ...(turns ? { turns } : {}),
});

type R = Omit<Result, 'id' | 'run_id'>;
const base = (test: string, test_index: number, repeat: number, status: Result['status']): R => ({
  test,
  test_index,
  repeat,
  status,
  end_reason: 'caller_done',
  turns: 2,
  transcript: [],
  nodes_visited: [],
  tools_called: [],
  variables: {},
  metrics: [],
  rules: [],
  assertions: [],
  tokens: { prompt: 200, cached_prompt: 100, completion: 40 },
  model_calls: [],
  duration_ms: 1500,
  error: null,
  started_at: '2025-01-01T00:00:00.000Z',
  finished_at: '2025-01-01T00:00:01.500Z',
});

function booking(ok: boolean, ti: number): R {
  return {
    ...base('books a cleaning', ti, 0, ok ? 'pass' : 'fail'),
    end_reason: ok ? 'end_node' : 'max_turns',
    transcript: ok
      ? [
          t('agent', 'Hello, Bright Smile Dental, how can I help?', 'greet'),
          t('caller', 'I want to book a cleaning.', 'greet'),
          t('agent', 'I have Tuesday at 3 PM.', 'book'),
          t('caller', 'Perfect.', 'book'),
          t('agent', 'Booked. Goodbye!', 'end'),
        ]
      : [
          t('agent', 'Hello, Bright Smile Dental, how can I help?', 'greet'),
          t('caller', 'I want to book a cleaning.', 'greet'),
          t('agent', 'Let me look at your bill first.', 'billing'),
          t('caller', 'No, a cleaning please.', 'billing'),
          t('agent', 'Your balance is zero.', 'billing'),
        ],
    nodes_visited: ok
      ? [
          { node: 'greet', turn: 0, reason: 'entry' },
          { node: 'book', turn: 2, via: 'e_book', reason: 'caller asks to book a cleaning' },
          { node: 'end', turn: 4, via: 'e_done', reason: 'caller accepted the slot' },
        ]
      : [
          { node: 'greet', turn: 0, reason: 'entry' },
          { node: 'billing', turn: 2, via: 'e_billing', reason: 'cleaning sounded like a billing question' },
        ],
    metrics: [
      ok ? metric(0.92, 'Booked Tuesday 3 PM.') : metric(0.15, 'Never offered a slot; talked about billing.', [2, 4]),
    ],
    rules: [
      { kind: 'includes', target: 'Tuesday', passed: ok, message: ok ? '' : 'transcript does not contain "Tuesday"' },
    ],
    tokens: ok
      ? { prompt: 420, cached_prompt: 300, completion: 61 }
      : { prompt: 610, cached_prompt: 320, completion: 88 },
    duration_ms: ok ? 2100 : 3400,
    turns: 2,
  };
}

export interface Seeded {
  runA: string;
  runB: string;
  runC: string;
  imported?: string;
}

export function seedDiffDb(file: string): Seeded {
  const store = openStore(file);
  try {
    const { agent, version: v1 } = store.agents.create(AgentGraph.parse(graphV1));
    const { version: v2 } = store.agents.saveVersion(agent.id, AgentGraph.parse(graphV2()), 'offer first free slot');
    const mk = (version: string, model: string, quant: string, rows: R[], times: [string, string]) => {
      const run = store.runs.create(
        {
          kind: 'simulated',
          agent_id: agent.id,
          agent_version_id: version,
          agent_name: agent.name,
          suite_id: null,
          suite_name: 'smoke',
          models: {
            agent: {
              spec: { provider: 'ollama', model, params: {} },
              identity: { provider: 'ollama', name: model, quantization: quant, digest: `sha256:${model}`, params: {} },
            },
          },
          options: { concurrency: 2 },
        },
        { schema_version: 1, name: 'smoke', tests: [], min_pass_rate: 0.6 },
      );
      for (const r of rows) store.results.insert({ ...r, run_id: run.id });
      store.runs.refreshSummary(run.id);
      // Fixed timestamps so the wall time in snapshots is stable.
      store.db
        .prepare("UPDATE runs SET status = 'completed', started_at = ?, finished_at = ? WHERE id = ?")
        .run(times[0], times[1], run.id);
      return run.id;
    };
    const greet = (ti: number, score: number, reasoning: string): R => ({
      ...base('greets warmly', ti, 0, 'pass'),
      metrics: [{ criterion: 'Greets warmly', score, threshold: 0.7, passed: true, reasoning }],
    });
    const reps = (name: string, ti: number, statuses: Result['status'][]) =>
      statuses.map((s, i) => base(name, ti, i, s));
    const runA = mk(
      v1.id,
      'llama3.2:3b',
      'Q4_K_M',
      [
        greet(0, 0.9, 'Warm greeting.'),
        booking(true, 1),
        ...reps('handles a refund', 2, ['pass', 'pass', 'pass', 'pass', 'fail']),
        ...reps('reads back the date', 3, Array(8).fill('pass')),
        base('legacy check', 4, 0, 'pass'),
      ],
      ['2025-01-01T10:00:00.000Z', '2025-01-01T10:00:42.000Z'],
    );
    const runB = mk(
      v2.id,
      'qwen2.5:7b',
      'Q4_K_M',
      [
        greet(0, 0.8, 'Polite but brief.'),
        booking(false, 1),
        ...reps('handles a refund', 2, ['pass', 'pass', 'fail', 'fail', 'fail']),
        ...reps('reads back the date', 3, [...Array(7).fill('fail'), 'pass']),
        base('spells the name', 4, 0, 'fail'),
      ],
      ['2025-01-02T10:00:00.000Z', '2025-01-02T10:01:05.500Z'],
    );
    const runC = mk(
      v2.id,
      'llama3.2:3b',
      'Q8_0',
      [
        greet(0, 0.85, 'Fine.'),
        booking(true, 1),
        ...reps('handles a refund', 2, ['pass', 'pass', 'pass', 'fail', 'pass']),
        ...reps('reads back the date', 3, Array(8).fill('pass')),
        base('spells the name', 4, 0, 'pass'),
      ],
      ['2025-01-03T10:00:00.000Z', '2025-01-03T10:00:50.000Z'],
    );
    return { runA, runB, runC };
  } finally {
    store.close();
  }
}
