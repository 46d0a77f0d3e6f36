import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentGraph, NodeOf } from '../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile } from '../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, agentOk, read } from './helpers.js';

const load = (dir: string, f: string) => agentOk(read(path.join(dir, f)), f);
const node = <T extends AgentGraph['nodes'][number]['type']>(g: AgentGraph, id: string, type: T) => {
  const n = g.nodes.find((x) => x.id === id);
  expect(n?.type).toBe(type);
  return n as NodeOf<T>;
};

describe('RevRing flow (order status hotline)', () => {
  const r = load(FIXTURE_DIR, 'revring-order-status.json');
  const g = r.graph;

  it('imports cleanly with every node type mapped', () => {
    expect(r.warnings).toEqual([]);
    expect(g.nodes.map((n) => [n.id, n.type])).toEqual([
      ['greeting', 'conversation'],
      ['extract_order', 'extract'],
      ['lookup_order', 'function'],
      ['check_status', 'logic'],
      ['shipped', 'conversation'],
      ['not_shipped', 'conversation'],
      ['goodbye', 'end'],
      ['transfer_human', 'transfer'],
    ]);
    expect(g.first_speaker).toBe('agent');
  });

  it('maps edges by kind: condition (with order), default, else, skip, and __global__', () => {
    expect(node(g, 'greeting', 'conversation').transitions).toEqual([
      {
        id: 'e-greeting-extract',
        target: 'extract_order',
        order: 0,
        condition: { kind: 'prompt', prompt: 'Did the caller give an order number?' },
      },
    ]);
    expect(node(g, 'extract_order', 'extract').transitions[0].condition).toEqual({ kind: 'always' });
    expect(node(g, 'check_status', 'logic').transitions.map((t) => t.condition)).toEqual([
      { kind: 'equation', match: 'all', equations: [{ left: 'order_status', operator: '==', right: 'shipped' }] },
      { kind: 'else' },
    ]);
    expect(node(g, 'shipped', 'conversation')).toMatchObject({
      skip_response: true,
      transitions: [{ condition: { kind: 'skip' } }],
    });
    expect(node(g, 'transfer_human', 'transfer').global?.entry_conditions).toEqual([
      expect.objectContaining({
        id: 'e-global-human',
        condition: { kind: 'prompt', prompt: 'Is the caller asking to speak with a human?' },
      }),
    ]);
  });

  it('maps node data: extract variables, function outputs and speech, transfer target', () => {
    expect(node(g, 'extract_order', 'extract').variables).toEqual([
      { name: 'order_number', description: 'The order number the caller gave, digits only', type: 'text' },
    ]);
    expect(node(g, 'lookup_order', 'function')).toMatchObject({
      tool: 'lookup_order_status',
      wait_for_result: true,
      speak_during_execution: { mode: 'static', text: 'One moment while I look up order {{order_number}}.' },
      output_variables: [
        { output_key: 'status', variable: 'order_status' },
        { output_key: 'eta', variable: 'delivery_eta' },
      ],
    });
    expect(node(g, 'transfer_human', 'transfer')).toMatchObject({
      target: '+14155550123',
      message: { mode: 'prompt', text: 'Let me connect you with a member of our team.' },
    });
    expect(node(g, 'goodbye', 'end').message).toEqual({ mode: 'static', text: 'Thanks for calling. Goodbye!' });
    expect(g.tools.map((t) => t.name)).toEqual(['lookup_order_status']);
  });

  it('exports a Retell flow to RevRing: orders assigned, globals as __global__ edges, go-backs dropped', () => {
    const src = load(CORPUS_DIR, 'retell-sample_config_global_nodes.json').graph;
    const r2 = exportAgent(src, 'revring');
    const out = JSON.parse(r2.text);
    expect(out.schemaVersion).toBe(1);
    const globals = out.edges.filter((e: { source: string }) => e.source === '__global__');
    expect(globals.map((e: { target: string }) => e.target)).toEqual(['cancel_request', 'ask_about_specials']);
    expect(out.nodes.find((n: { id: string }) => n.id === 'cancel_request').isGlobal).toBe(true);
    const cond = out.edges.filter(
      (e: { kind: string; source: string }) => e.kind === 'condition' && e.source === 'greeting',
    );
    expect(cond[0].order).toBe(0);
    expect(r2.dropped.filter((d) => /go-back/.test(d.feature)).map((d) => d.path)).toEqual([
      'nodes[4].global.go_back_conditions',
      'nodes[5].global.go_back_conditions',
    ]);
    const back = parseAgentFile(r2.text, 'back.json');
    expect(back.ok).toBe(true);
  });
});

describe('VAPI', () => {
  it('assistant: one node, system message as instruction, first message, function tools', () => {
    const g = load(CORPUS_DIR, 'vapi-sample_assistant.json').graph;
    expect(g.name).toBe('Healthcare Receptionist');
    expect(g.nodes).toHaveLength(1);
    const a = node(g, 'assistant', 'conversation');
    expect(a.instruction.text).toMatch(/^You are a helpful medical receptionist/);
    expect(a.tools).toEqual(['lookup_patient', 'get_available_slots', 'book_appointment', 'transfer_call', 'end_call']);
    expect(g.begin_message).toBe('Hello! Thank you for calling Acme Healthcare. How can I help you today?');
    expect(g.tools[0]).toMatchObject({
      name: 'lookup_patient',
      kind: 'custom',
      parameters: { required: ['full_name', 'date_of_birth'] },
    });
    expect(g.source.meta.assistant).toMatchObject({
      extra: { voice: { provider: '11labs' }, maxDurationSeconds: 600 },
    });
  });

  it('squad: members become nodes joined by handoff transitions; tools shared by name', () => {
    const r = load(FIXTURE_DIR, 'vapi-squad-clinic.json');
    const g = r.graph;
    expect(g).toMatchObject({
      name: 'Clinic front desk squad',
      entry_node_id: 'Receptionist',
      begin_message: 'Thank you for calling Acme Clinic. How can I help?',
    });
    expect(node(g, 'Receptionist', 'conversation').transitions).toEqual([
      expect.objectContaining({
        id: 'Receptionist->Scheduler',
        target: 'Scheduler',
        condition: { kind: 'prompt', prompt: 'The caller wants to book, move or cancel an appointment' },
      }),
      expect.objectContaining({ id: 'Receptionist->Billing', target: 'Billing' }),
    ]);
    expect(g.tools.map((t) => [t.name, t.kind])).toEqual([
      ['lookup_patient', 'custom'],
      ['book_appointment', 'custom'],
      ['endCall', 'end_call'],
    ]);
    expect(node(g, 'Billing', 'conversation').tools).toEqual(['endCall']);
    expect(r.warnings).toHaveLength(1);
  });

  it('squad member by assistantId and handoff to a missing member are reported with paths', () => {
    const squad = {
      members: [
        {
          assistant: { name: 'A', model: { messages: [{ role: 'system', content: 'hi' }] } },
          assistantDestinations: [{ type: 'assistant', assistantName: 'Nobody', description: 'x' }],
        },
        { assistantId: 'asst_123' },
      ],
    };
    const r = parseAgentFile(JSON.stringify(squad), 'squad.json');
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.errors[0]).toMatchObject({
      path: 'members[0].assistantDestinations[0].assistantName',
      message: expect.stringMatching(/goes to node "Nobody", which does not exist/),
    });
    expect(r.warnings.find((w) => w.path === 'members[1].assistantId')?.message).toMatch(/saved assistant "asst_123"/);
  });

  it('a multi-node graph exports as a squad; logic nodes are dropped', () => {
    const g = load(CORPUS_DIR, 'retell-sample_config_logic_split.json').graph;
    const r = exportAgent(g, 'vapi');
    const out = JSON.parse(r.text);
    expect(out.members.map((m: { assistant: { name: string } }) => m.assistant.name)).toEqual([
      'greeting',
      'premium_support',
      'standard_support',
      'farewell',
    ]);
    expect(out.members[0].assistantDestinations).toEqual([]);
    expect(r.dropped.map((d) => d.path)).toEqual(expect.arrayContaining(['nodes[1]', 'nodes[0].transitions[0]']));
  });
});

describe('voicetest graph JSON', () => {
  it('maps node types, always-on-logic to else, tools and metadata names', () => {
    const g = load(CORPUS_DIR, 'graphs-graph_with_logic_split.json').graph;
    expect(g.global_prompt).toBe('You are a helpful customer service agent.');
    expect(node(g, 'router', 'logic')).toMatchObject({
      name: 'Account Router',
      transitions: [{ condition: { kind: 'equation' } }, { target: 'standard', condition: { kind: 'else' } }],
    });
    expect(node(g, 'farewell', 'conversation').tools).toEqual(['end_call']);
    expect(g.tools).toEqual([expect.objectContaining({ name: 'end_call', kind: 'end_call', parameters: {} })]);
  });

  it('exports Parley snippets and keeps {%refs%}; other formats expand them', () => {
    const g = load(CORPUS_DIR, 'graphs-simple_graph.json').graph;
    g.snippets = { bye: 'Goodbye and take care.' };
    node(g, 'farewell', 'conversation').instruction.text = '{%bye%}';
    const vt = JSON.parse(exportAgent(g, 'voicetest').text);
    expect(vt.snippets).toEqual({ bye: 'Goodbye and take care.' });
    expect(vt.nodes.farewell.state_prompt).toBe('{%bye%}');
    const retell = JSON.parse(exportAgent(g, 'retell-cf').text);
    expect(retell.nodes[1].instruction.text).toBe('Goodbye and take care.');
  });

  it('a format without snippets gets nested snippets expanded the way the engine expands them', () => {
    const g = load(CORPUS_DIR, 'graphs-simple_graph.json').graph;
    g.snippets = {
      bye: '{%thanks%} Goodbye.',
      thanks: 'Thanks for calling {%clinic name%}.',
      'clinic name': 'Oak Clinic',
    };
    node(g, 'farewell', 'conversation').instruction.text = '{%bye%}';
    const retell = JSON.parse(exportAgent(g, 'retell-cf').text);
    expect(retell.nodes[1].instruction.text).toBe('Thanks for calling Oak Clinic. Goodbye.');
  });
});
