import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { agentOk, normal } from '../helpers.js';

/** Bland's send-call body (`POST /v1/calls`) names the agent prompt `task`. */
describe('Bland send-call bodies with `task`', () => {
  const body = {
    phone_number: '+15550100',
    task: 'You are calling {{name}} to confirm a table for {{time}}.',
    request_data: { name: 'Sam', time: '8 PM' },
    analysis_schema: { confirmed: 'Did the caller confirm? true or false.' },
  };

  it('is detected as a Bland agent and reads `task` as the prompt', () => {
    const r = agentOk(JSON.stringify(body), 'call.json');
    expect(r.format).toBe('bland');
    const node = r.graph.nodes[0];
    expect(node.type === 'conversation' && node.instruction).toEqual({ mode: 'prompt', text: body.task });
    expect(r.graph.default_variables).toEqual(body.request_data);
  });

  it('exports back to the same body: the prompt under `task`, other keys kept', () => {
    const g = agentOk(JSON.stringify(body), 'call.json').graph;
    const out = exportAgent(g, 'bland');
    expect(normal(out.text)).toBe(normal(JSON.stringify(body)));
    expect(JSON.parse(out.text)).not.toHaveProperty('prompt');
  });

  it('`prompt` wins when both are there; `task` is then kept as a setting', () => {
    const both = { prompt: 'Answer the phone.', task: 'Old text.', first_sentence: 'Hello!' };
    const g = agentOk(JSON.stringify(both), 'both.json').graph;
    const node = g.nodes[0];
    expect(node.type === 'conversation' && node.instruction.text).toBe('Answer the phone.');
    expect(normal(exportAgent(g, 'bland').text)).toBe(normal(JSON.stringify(both)));
  });

  it('a `task` that is not a string is an error at that key, not a silent miss', () => {
    const r = parseAgentFile(JSON.stringify({ ...body, task: 42 }), 'call.json', { format: 'bland' });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.errors.map((e) => e.path)).toContain('task');
  });
});
