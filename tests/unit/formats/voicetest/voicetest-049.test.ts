import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { CORPUS_DIR, FIXTURE_DIR, agentOk, read } from '../helpers.js';

/** voicetest 0.49 graph JSON: `node_type` on every node, function nodes, tool_call branches, default variables. */
const FILE = path.join(FIXTURE_DIR, 'voicetest-function-node.json');
type Json = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any

describe('voicetest 0.49 graphs', () => {
  it('reads a function node with its tool and parameters, tool_call edges as result branches', () => {
    const r = agentOk(read(FILE), 'pizza.json');
    const g = r.graph;
    expect(r.warnings).toEqual([]);
    const fn = g.nodes.find((n) => n.id === 'submit_order')!;
    expect(fn).toMatchObject({ type: 'function', tool: 'submit-order-to-kitchen', name: 'Submit Order to Kitchen' });
    expect(g.tools).toEqual([
      expect.objectContaining({
        name: 'submit-order-to-kitchen',
        kind: 'custom',
        parameters: expect.objectContaining({ required: ['pizza'] }),
      }),
    ]);
    expect(fn.transitions.map((t) => [t.target, t.condition])).toEqual([
      ['confirm_order', { kind: 'prompt', prompt: 'The tool call succeeded.' }],
      ['apologize', { kind: 'prompt', prompt: 'The tool call failed.' }],
      ['confirm_order', { kind: 'else' }],
    ]);
  });

  it('reads default_dynamic_variables and start_speaker "user" (the caller speaks first)', () => {
    const r = agentOk(read(FILE), 'pizza.json');
    expect(r.graph.default_variables).toEqual({ customer_name: 'there', store_name: "Tony's Pizza" });
    expect(r.graph.first_speaker).toBe('caller');
    // The variables the prompts use are set by the defaults: no "set by nothing" warning.
    expect(r.warnings.filter((w) => /set by nothing/.test(w.message))).toEqual([]);
  });

  it('writes them back: function node, node_type, default variables, start speaker', () => {
    const g = agentOk(read(FILE), 'pizza.json').graph;
    g.default_variables = { ...g.default_variables, store_name: 'Luigi' };
    g.first_speaker = 'agent';
    const out = exportAgent(g, 'voicetest');
    expect(out.dropped).toEqual([]);
    const vt = JSON.parse(out.text) as Json;
    expect(vt.source_metadata).toMatchObject({
      start_speaker: 'agent',
      default_dynamic_variables: { customer_name: 'there', store_name: 'Luigi' },
    });
    expect(vt.nodes.submit_order).toMatchObject({
      node_type: 'function',
      tools: [{ name: 'submit-order-to-kitchen', tool_id: 'tool_order_001' }],
      transitions: [
        { condition: { type: 'tool_call', value: 'submit-order-to-kitchen succeeded' } },
        { condition: { type: 'tool_call', value: 'submit-order-to-kitchen failed' } },
        { condition: { type: 'always', value: 'Else' } },
      ],
    });
  });

  it('another format exported to voicetest writes node_type on every node, function nodes as function nodes', () => {
    const g = agentOk(read(path.join(CORPUS_DIR, 'retell-sample_config_function_node.json')), 'cf.json').graph;
    g.first_speaker = 'caller';
    g.default_variables = { city: 'Oslo' };
    const out = exportAgent(g, 'voicetest');
    const vt = JSON.parse(out.text) as Json;
    const types = Object.values(vt.nodes as Record<string, Json>).map((n) => n.node_type);
    expect(types).not.toContain(undefined);
    expect(types).toContain('function');
    expect(vt.source_metadata).toMatchObject({ start_speaker: 'user', default_dynamic_variables: { city: 'Oslo' } });
    expect(out.dropped.map((d) => d.feature)).not.toContain('caller speaks first');
    const back = parseAgentFile(out.text, 'back.json');
    expect(back.ok && back.kind === 'agent' && back.graph.first_speaker).toBe('caller');
  });

  it('a file without node_type (older voicetest) reads as before and writes back without it', () => {
    const old = {
      entry_node_id: 'a',
      nodes: {
        a: {
          id: 'a',
          state_prompt: 'Hi',
          transitions: [{ target_node_id: 'b', condition: { type: 'tool_call', value: 'lookup' } }],
        },
        b: { id: 'b', state_prompt: 'Bye', node_type: 'end' },
      },
    };
    const r = agentOk(JSON.stringify(old), 'old.json');
    expect(r.graph.nodes.map((n) => n.type)).toEqual(['conversation', 'end']);
    expect(r.graph.nodes[0].transitions[0].condition).toEqual({ kind: 'prompt', prompt: 'lookup' });
    expect(r.graph.first_speaker).toBe('agent');
    expect(JSON.parse(exportAgent(r.graph, 'voicetest').text)).toEqual(old);
  });
});
