import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { AgentGraph, NodeOf } from '../../../src-shared/schemas/index.js';
import { exportAgent, parseAgentFile } from '../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, agentOk, normal, read } from './helpers.js';

const corpus = (f: string) => agentOk(read(path.join(CORPUS_DIR, f)), f).graph;
const fixture = (f: string) => agentOk(read(path.join(FIXTURE_DIR, f)), f);
const node = <T extends AgentGraph['nodes'][number]['type']>(g: AgentGraph, id: string, type: T) => {
  const n = g.nodes.find((x) => x.id === id);
  expect(n?.type).toBe(type);
  return n as NodeOf<T>;
};

describe('Retell conversation flow import', () => {
  it('global nodes: entry condition, go-back conditions, end node message, flow settings', () => {
    const g = corpus('retell-sample_config_global_nodes.json');
    expect(g).toMatchObject({
      entry_node_id: 'greeting',
      first_speaker: 'agent',
      global_prompt: 'You are a friendly pizza ordering assistant for Cosmic Slice Pizza.',
    });
    const cancel = node(g, 'cancel_request', 'conversation');
    expect(cancel.global?.entry_conditions).toEqual([
      {
        id: 'cancel_request#global',
        condition: {
          kind: 'prompt',
          prompt: 'The caller says they want to cancel, hang up, stop ordering, or they say goodbye',
        },
      },
    ]);
    expect(cancel.global?.go_back_conditions.map((c) => [c.id, c.condition])).toEqual([
      ['go-back-cancel-1', { kind: 'prompt', prompt: 'The caller changes their mind and wants to continue ordering' }],
    ]);
    expect(node(g, 'ask_about_specials', 'conversation').global?.go_back_conditions).toHaveLength(2);
    expect(node(g, 'order_complete', 'end').message).toEqual({
      mode: 'prompt',
      text: 'Thank the caller, give them an estimated delivery time of 30-45 minutes, and say goodbye.',
    });
    expect(node(g, 'customize_order', 'conversation').position).toEqual({ x: 500, y: 0 });
    expect(g.source.meta.extra).toMatchObject({
      model_choice: { type: 'cascading', model: 'gpt-4o' },
      conversation_flow_id: 'cf_pizza_order_001',
    });
  });

  it('extract node: typed variables, {{var}} equations joined by &&, else edge', () => {
    const g = corpus('retell-sample_config_extract_variables.json');
    const x = node(g, 'extract_dob', 'extract');
    expect(x.variables.map((v) => [v.name, v.type])).toEqual([
      ['dob_month', 'text'],
      ['dob_day', 'text'],
      ['dob_year', 'text'],
    ]);
    expect(x.transitions[0].condition).toEqual({
      kind: 'equation',
      match: 'all',
      equations: [
        { left: 'dob_month', operator: '==', right: '{{expected_month}}' },
        { left: 'dob_day', operator: '==', right: '{{expected_day}}' },
        { left: 'dob_year', operator: '==', right: '{{expected_year}}' },
      ],
    });
    expect(x.transitions[1]).toMatchObject({ id: 'edge-no-match', target: 'dob_retry', condition: { kind: 'else' } });
  });

  it('function node: tool_id resolved to the tool name, response settings kept', () => {
    const g = corpus('retell-sample_config_function_node.json');
    const f = node(g, 'submit_order', 'function');
    expect(f).toMatchObject({
      tool: 'submit-order-to-kitchen',
      wait_for_result: false,
      transitions: [{ target: 'confirm_order', condition: { kind: 'else' } }],
    });
    expect(f.speak_during_execution).toBeUndefined();
    expect(g.tools).toEqual([
      expect.objectContaining({
        name: 'submit-order-to-kitchen',
        description: 'Send the pizza order to the kitchen ticketing system.',
        kind: 'custom',
      }),
    ]);
    expect(g.tools[0].source_meta?.extra).toMatchObject({
      tool_id: 'tool_order_001',
      url: 'https://example.invalid/orders',
      method: 'POST',
    });
  });

  it('logic_split is a logic node; a missing else is only a warning for Retell files', () => {
    const r = agentOk(read(path.join(CORPUS_DIR, 'retell-sample_config_logic_split.json')), 'ls.json');
    expect(node(r.graph, 'router', 'logic').transitions.map((t) => t.condition.kind)).toEqual(['equation', 'equation']);
    expect(r.warnings.find((w) => /logic node "router" has no else edge/.test(w.message))?.path).toBe('nodes[1]');
  });

  it('dashboard export: agent name, static text, skip/always/failure edges, string equations, unknown node types', () => {
    const r = fixture('retell-cf-dashboard-export.json');
    const g = r.graph;
    expect(g.name).toBe('Dental office flow');
    expect(node(g, 'welcome', 'conversation')).toMatchObject({
      skip_response: true,
      instruction: { mode: 'static' },
      transitions: [{ condition: { kind: 'skip' } }],
    });
    expect(node(g, 'get_info', 'extract').transitions[0].condition).toEqual({
      kind: 'equation',
      match: 'any',
      equations: [
        { left: 'visit_type', operator: '==', right: 'emergency' },
        { left: 'is_new', operator: 'not_exists' },
      ],
    });
    expect(node(g, 'book', 'function')).toMatchObject({
      tool: 'book_visit',
      speak_during_execution: { mode: 'prompt', text: 'Tell the caller you are booking the visit.' },
      output_variables: [{ output_key: '$.id', variable: 'booking_id' }],
    });
    expect(node(g, 'keypad', 'press_digit').transitions[0].condition).toEqual({
      kind: 'equation',
      match: 'any',
      equations: [{ left: 'digit', operator: 'exists' }],
    });
    expect(node(g, 'transfer_dentist', 'transfer')).toMatchObject({
      target: '+14155550111',
      transitions: [{ id: 'e-transfer-failed', condition: { kind: 'prompt', prompt: 'Transfer failed' } }],
    });
    expect(node(g, 'transfer_dentist', 'transfer').global?.entry_conditions).toHaveLength(1);
    expect(node(g, 'send_sms', 'conversation').source_meta).toMatchObject({ type: 'sms' });
    expect(node(g, 'ask_need', 'conversation').transitions).toHaveLength(1);
    const paths = r.warnings.map((w) => w.path);
    expect(paths).toContain('conversationFlow.nodes[1].edges[1]');
    expect(paths).toContain('conversationFlow.nodes[4].type');
  });

  it('an edit in Parley is exported, and everything else stays as it was', () => {
    const text = read(path.join(FIXTURE_DIR, 'retell-cf-dashboard-export.json'));
    const g = agentOk(text).graph;
    const ask = node(g, 'ask_need', 'conversation');
    ask.instruction.text = 'Ask how we can help today.';
    (ask.transitions[0].condition as { prompt: string }).prompt = 'The caller wants an appointment';
    const out = JSON.parse(exportAgent(g, 'retell-cf').text);
    const original = JSON.parse(text);
    expect(out.conversationFlow.nodes[1].instruction.text).toBe('Ask how we can help today.');
    expect(out.conversationFlow.nodes[1].edges[0].transition_condition.prompt).toBe('The caller wants an appointment');
    expect(out.conversationFlow.nodes[1].edges[1]).toEqual(original.conversationFlow.nodes[1].edges[1]);
    original.conversationFlow.nodes[1].instruction.text = 'Ask how we can help today.';
    original.conversationFlow.nodes[1].edges[0].transition_condition.prompt = 'The caller wants an appointment';
    expect(normal(JSON.stringify(out))).toBe(normal(JSON.stringify(original)));
  });

  it('export to Retell from another format: dropped features are listed, snippets expanded', () => {
    const g = fixture('revring-order-status.json').graph;
    g.snippets = { sign: 'Thanks!' };
    const greet = node(g, 'greeting', 'conversation');
    greet.instruction.text += ' {%sign%}';
    const r = exportAgent(g, 'retell-cf');
    const out = JSON.parse(r.text);
    expect(out.nodes[0].instruction.text).toMatch(/Thanks!$/);
    expect(out.nodes.find((n: { id: string }) => n.id === 'transfer_human').global_node_setting.condition).toBe(
      'Is the caller asking to speak with a human?',
    );
    expect(out.tools[0]).toMatchObject({
      tool_id: 'lookup_order_status',
      name: 'lookup_order_status',
      response_variables: { order_status: 'status', delivery_eta: 'eta' },
    });
    const features = r.dropped.map((d) => `${d.path} ${d.feature}`);
    expect(features).toContain('snippets snippets');
    expect(
      features.some((f) => /nodes\[7\]\.source_meta revring settings kept from import: transferMode/.test(f)),
    ).toBe(true);
    const back = parseAgentFile(r.text, 'back.json');
    expect(back.ok).toBe(true);
  });
});

describe('Retell LLM import', () => {
  it('multi-state: states are nodes, general tools callable everywhere, begin message', () => {
    const g = corpus('retell-sample_llm_config.json');
    expect(g.nodes.map((n) => n.id)).toEqual([
      'greeting',
      'verify_identity',
      'appointment_management',
      'general_inquiry',
      'closing',
    ]);
    expect(g.begin_message).toBe('Hello! Thank you for calling Acme Healthcare. How can I help you today?');
    expect(g.global_prompt).toMatch(/^You are a helpful medical receptionist/);
    expect(g.tools.map((t) => [t.name, t.kind])).toEqual([
      ['end_call', 'end_call'],
      ['transfer_to_nurse', 'transfer_call'],
      ['lookup_patient', 'custom'],
      ['get_available_slots', 'custom'],
      ['book_appointment', 'custom'],
    ]);
    const verify = node(g, 'verify_identity', 'conversation');
    expect(verify.tools).toEqual(['end_call', 'transfer_to_nurse', 'lookup_patient']);
    expect(verify.transitions).toEqual([
      {
        id: 'verify_identity->appointment_management',
        target: 'appointment_management',
        condition: { kind: 'prompt', prompt: 'Patient identity has been verified' },
      },
    ]);
  });

  it('empty edge descriptions get a placeholder question and a warning, and export back empty', () => {
    const text = read(path.join(CORPUS_DIR, 'retell-sample_llm_with_variables.json'));
    const r = agentOk(text);
    expect(node(r.graph, 'intro', 'conversation').transitions[0].condition).toEqual({
      kind: 'prompt',
      prompt: 'The conversation is ready to move on to state "identity_check"',
    });
    expect(node(r.graph, 'identity_check', 'conversation').transitions[0].condition).toEqual({
      kind: 'prompt',
      prompt: 'Patient confirmed',
    });
    expect(r.warnings.filter((w) => /has no description/.test(w.message)).map((w) => w.path)).toEqual([
      'states[0].edges[0].description',
      'states[0].edges[1].description',
    ]);
    expect(JSON.parse(exportAgent(r.graph, 'retell-llm').text).states[0].edges[0]).toEqual({
      destination_state_name: 'identity_check',
      description: '',
      condition: '',
    });
  });

  it('dashboard export (retellLlmData): agent name, starting state, state tools', () => {
    const g = fixture('retell-llm-dashboard-export.json').graph;
    expect(g).toMatchObject({
      name: 'Pharmacy refill line',
      entry_node_id: 'identify',
      default_variables: { pharmacy_name: 'Main Street Pharmacy' },
    });
    expect(node(g, 'identify', 'conversation').tools).toEqual(['end_call', 'transfer_to_pharmacist', 'find_patient']);
    expect(node(g, 'refill', 'conversation').tools).toEqual(['end_call', 'transfer_to_pharmacist', 'request_refill']);
    expect(g.source.meta.wrapper).toMatchObject({ extra: { voice_id: '11labs-Adrian' } });
  });

  it('a single-prompt agent is one node, and a flow exported to Retell LLM keeps only prompt states', () => {
    const single = agentOk(JSON.stringify({ general_prompt: 'Be nice.', begin_message: '' })).graph;
    expect(single).toMatchObject({
      first_speaker: 'caller',
      global_prompt: 'Be nice.',
      nodes: [{ id: 'main', type: 'conversation' }],
    });
    expect(JSON.parse(exportAgent(single, 'retell-llm').text)).toEqual({
      general_prompt: 'Be nice.',
      begin_message: '',
    });
    const flow = corpus('retell-sample_config_function_node.json');
    const r = exportAgent(flow, 'retell-llm');
    expect(JSON.parse(r.text).states.map((s: { name: string }) => s.name)).toEqual(['greeting', 'confirm_order']);
    expect(r.dropped.map((d) => d.path)).toEqual(expect.arrayContaining(['nodes[1]', 'nodes[0].transitions[0]']));
  });
});
