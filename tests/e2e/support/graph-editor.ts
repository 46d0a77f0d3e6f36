import type { Page } from 'playwright-core';
import type { AgentGraph, AgentGraphInput, NodeVisit } from '../../../src-shared/schemas/index.js';
import type { Store } from '../../../src-main/store/index.js';
import { AgentGraph as AgentGraphSchema } from '../../../src-shared/schemas/index.js';
import type { WebApp } from './browser.js';

/** Browser globals used inside page functions (this file is type-checked without the DOM library). */
declare const document: {
  querySelectorAll(s: string): ArrayLike<unknown>;
  querySelector(s: string): { textContent: string | null } | null;
};
declare const window: { location: { hash: string } };

/** Creates an agent straight in the store (for tests that are not about importing). */
export function createAgent(app: WebApp, graph: AgentGraphInput): string {
  return app.ctx.store.agents.create(AgentGraphSchema.parse(graph)).agent.id;
}

/** Opens the editor of an agent and waits until its nodes are on the canvas. */
export async function openEditor(page: Page, agentId: string, nodes?: number): Promise<void> {
  await page.evaluate((id) => {
    window.location.hash = `#/agents/${id}`;
  }, agentId);
  await page.getByTestId('graph-editor').waitFor();
  if (nodes !== undefined)
    await page.waitForFunction((n) => document.querySelectorAll('[data-testid="graph-node"]').length === n, nodes);
}

export const nodeCard = (page: Page, id: string) => page.locator(`[data-testid="graph-node"][data-node-id="${id}"]`);
export const edgeLabel = (page: Page, source: string, tid: string) =>
  page.locator(`[data-testid="edge-label"][data-edge-id="${source}::${tid}"]`);

/** Waits until live validation has answered for the current graph. */
export async function validationSettled(page: Page): Promise<string> {
  const summary = page.getByTestId('validation-summary');
  await page.waitForFunction(() => {
    const t = document.querySelector('[data-testid="validation-summary"]')?.textContent ?? '';
    return t && !/checking|Not checked/i.test(t);
  });
  return (await summary.textContent()) ?? '';
}

/** A small flow with every node type, an equation edge and a global node. */
export function demoGraph(): AgentGraph {
  return AgentGraphSchema.parse({
    name: 'Demo clinic',
    entry_node_id: 'greet',
    global_prompt: 'You are the clinic assistant. {%hours%}',
    default_variables: { clinic: 'Northside' },
    snippets: { hours: 'The clinic is open 8am to 6pm on weekdays.' },
    tools: [
      {
        name: 'book_slot',
        description: 'Books a slot',
        parameters: { type: 'object', properties: { day: { type: 'string' } } },
      },
    ],
    nodes: [
      {
        id: 'greet',
        name: 'Greeting',
        type: 'conversation',
        position: { x: 0, y: 0 },
        instruction: { mode: 'prompt', text: 'Greet the caller to {{clinic}}.' },
        transitions: [
          { id: 'to-ask', target: 'ask', condition: { kind: 'prompt', prompt: 'The caller wants an appointment' } },
        ],
      },
      {
        id: 'ask',
        name: 'Ask details',
        type: 'extract',
        position: { x: 320, y: 0 },
        variables: [
          { name: 'patient_type', description: 'new or returning', type: 'enum', choices: ['new', 'returning'] },
        ],
        transitions: [{ id: 'to-route', target: 'route', condition: { kind: 'always' } }],
      },
      {
        id: 'route',
        name: 'Route',
        type: 'logic',
        position: { x: 640, y: 0 },
        transitions: [
          {
            id: 'is-new',
            target: 'book',
            condition: {
              kind: 'equation',
              match: 'all',
              equations: [{ left: 'patient_type', operator: '==', right: 'new' }],
            },
          },
          { id: 'other', target: 'transfer', condition: { kind: 'else' } },
        ],
      },
      {
        id: 'book',
        name: 'Book',
        type: 'function',
        position: { x: 960, y: -120 },
        tool: 'book_slot',
        output_variables: [{ output_key: 'slot', variable: 'slot' }],
        transitions: [{ id: 'booked', target: 'bye', condition: { kind: 'always' } }],
      },
      {
        id: 'transfer',
        name: 'Front desk',
        type: 'transfer',
        position: { x: 960, y: 120 },
        target: '+15550100',
        transitions: [],
      },
      {
        id: 'bye',
        name: 'Goodbye',
        type: 'end',
        position: { x: 1280, y: -120 },
        message: { mode: 'static', text: 'See you on {{slot}}.' },
        transitions: [],
      },
      {
        id: 'menu',
        name: 'Phone menu',
        type: 'press_digit',
        position: { x: 320, y: 260 },
        instruction: { mode: 'prompt', text: 'Press 1 for appointments' },
        global: {
          entry_conditions: [{ id: 'menu-entry', condition: { kind: 'prompt', prompt: 'An automated menu answers' } }],
          go_back_conditions: [],
        },
        transitions: [{ id: 'menu-done', target: 'greet', condition: { kind: 'prompt', prompt: 'A person answers' } }],
      },
    ],
  });
}

/**
 * A finished run of the demo graph with three results (two reach the end, one stops at booking): for
 * coverage views. `o.suite` makes it a run of that suite; `o.paths` replaces the three paths (node ids, each
 * entered from the one before by its first transition to it).
 */
export function seedCoverageRun(
  store: Store,
  agentId: string,
  o: { suite?: { id: string; name: string }; paths?: string[][] } = {},
): string {
  const v = store.agents.latest(agentId)!;
  const run = store.runs.create({
    kind: 'simulated',
    agent_id: agentId,
    agent_version_id: v.id,
    agent_name: v.graph.name,
    suite_id: o.suite?.id ?? null,
    suite_name: o.suite?.name ?? 'Booking suite',
    models: {},
    options: { concurrency: 1 },
  });
  const visit = (node: string, turn: number, via?: string, reason = ''): NodeVisit => ({
    node,
    turn,
    ...(via ? { via } : {}),
    reason,
  });
  const full = [
    visit('greet', 0, undefined, 'entry'),
    visit('ask', 1, 'to-ask', 'wants appointment'),
    visit('route', 2, 'to-route', 'always'),
    visit('book', 2, 'is-new', 'equation'),
    visit('bye', 3, 'booked', 'always'),
  ];
  const via = (from: string, to: string) =>
    v.graph.nodes.find((n) => n.id === from)?.transitions.find((t) => t.target === to)?.id;
  const given = o.paths?.map((p) => p.map((node, i) => visit(node, i, i ? via(p[i - 1], node) : undefined)));
  const paths: NodeVisit[][] = given ?? [full, full, full.slice(0, 4)];
  paths.forEach((p, i) =>
    store.results.insert({
      run_id: run.id,
      test: `test ${i + 1}`,
      test_index: i,
      repeat: 0,
      status: i === 2 ? 'fail' : 'pass',
      end_reason: 'end_node',
      turns: 4,
      transcript: [],
      nodes_visited: p,
      tools_called: [],
      variables: {},
      metrics: [],
      rules: [],
      assertions: [],
      tokens: { prompt: 0, cached_prompt: 0, completion: 0 },
      model_calls: [],
      duration_ms: 10,
      error: null,
      started_at: new Date().toISOString(),
      finished_at: new Date().toISOString(),
    }),
  );
  store.runs.setStatus(run.id, 'completed');
  store.runs.refreshSummary(run.id);
  return run.id;
}
