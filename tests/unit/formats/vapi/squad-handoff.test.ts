import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { exportAgent, parseAgentFile } from '../../../../src-main/formats/index.js';
import { reachableNodes } from '../../../../src-main/formats/shared/graph-reach.js';
import { FIXTURE_DIR, agentOk, read } from '../helpers.js';

/** voicetest's public VAPI squad: members hand off with `handoff` tools (tests/fixtures/formats/SOURCES.md). */
const SQUAD = path.join(FIXTURE_DIR, 'vapi-voicetest-sample_squad.json');

describe('VAPI squad with handoff tools', () => {
  it('imports as one connected graph: handoff destinations are transitions, with the description as condition', () => {
    const r = agentOk(read(SQUAD), 'sample_squad.json');
    const g = r.graph;
    expect(r.format).toBe('vapi-squad');
    expect(g.name).toBe('Healthcare Squad');
    expect(r.warnings).toEqual([]);
    expect([...reachableNodes(g)].sort()).toEqual(g.nodes.map((n) => n.id).sort());
    const greeting = g.nodes.find((n) => n.id === 'Greeting')!;
    expect(greeting.transitions.map((t) => [t.target, t.condition])).toEqual([
      ['Verify Identity', { kind: 'prompt', prompt: 'Patient wants to schedule, cancel, or check an appointment' }],
      [
        'General Inquiry',
        { kind: 'prompt', prompt: 'Patient has a general question not requiring identity verification' },
      ],
    ]);
    // The handoff tool is not a Parley tool; the function tools are; end_call (no parameters) ends the call.
    expect(g.tools.map((t) => [t.name, t.kind])).toEqual([
      ['lookup_patient', 'custom'],
      ['get_available_slots', 'custom'],
      ['book_appointment', 'custom'],
      ['end_call', 'end_call'],
    ]);
    expect(g.begin_message).toBe('Hello! Thank you for calling Acme Healthcare. How can I help you today?');
    // Per-member models are kept for export.
    const verify = g.nodes.find((n) => n.id === 'Verify Identity')!;
    expect(verify.source_meta?.assistant).toMatchObject({ model: { extra: { provider: 'openai', model: 'gpt-4o' } } });
  });

  it('writes an edited handoff back into the handoff tool, not into assistantDestinations', () => {
    const g = agentOk(read(SQUAD), 'sample_squad.json').graph;
    const greeting = g.nodes.find((n) => n.id === 'Greeting')!;
    const t = greeting.transitions[1];
    if (t.condition.kind !== 'prompt') throw new Error('expected a prompt condition');
    t.condition.prompt = 'The caller asks about opening hours';
    greeting.transitions.splice(0, 1); // the handoff to Verify Identity is removed
    const out = exportAgent(g, 'vapi');
    expect(out.dropped).toEqual([]);
    const squad = JSON.parse(out.text) as { members: { assistant: Record<string, unknown> }[] };
    const first = squad.members[0];
    expect(first).not.toHaveProperty('assistantDestinations');
    expect((first.assistant.model as { tools: unknown[] }).tools).toEqual([
      {
        type: 'handoff',
        destinations: [
          { type: 'assistant', assistantName: 'General Inquiry', description: 'The caller asks about opening hours' },
        ],
      },
    ]);
    const back = parseAgentFile(out.text, 'back.json');
    expect(back.ok && back.kind === 'agent' && back.graph.nodes[0].transitions.map((x) => x.target)).toEqual([
      'General Inquiry',
    ]);
  });

  it('keeps non-assistant handoff destinations in place and reads the older assistantDestinations too', () => {
    const squad = {
      members: [
        {
          assistant: {
            name: 'A',
            model: {
              messages: [{ role: 'system', content: 'Front desk' }],
              tools: [
                {
                  type: 'handoff',
                  function: { name: 'handoff_out' },
                  destinations: [
                    { type: 'number', number: '+14155550100' },
                    { type: 'assistant', assistantName: 'B', description: 'Wants billing' },
                  ],
                },
              ],
            },
          },
          assistantDestinations: [{ type: 'assistant', assistantName: 'B', description: 'Older style' }],
        },
        { assistant: { name: 'B', model: { messages: [{ role: 'system', content: 'Billing' }] } } },
      ],
    };
    const text = JSON.stringify(squad);
    const g = agentOk(text, 'squad.json').graph;
    expect(g.nodes[0].transitions.map((t) => [t.id, t.condition])).toEqual([
      ['A->B', { kind: 'prompt', prompt: 'Older style' }],
      ['A->B#2', { kind: 'prompt', prompt: 'Wants billing' }],
    ]);
    expect(JSON.parse(exportAgent(g, 'vapi').text)).toEqual(squad);
  });

  it('a single assistant keeps a handoff tool as a tool (there is no member to hand over to)', () => {
    const one = {
      name: 'Solo',
      model: { messages: [{ role: 'system', content: 'Hi' }], tools: [{ type: 'handoff', destinations: [] }] },
    };
    const g = agentOk(JSON.stringify(one), 'solo.json').graph;
    expect(g.tools.map((t) => t.name)).toEqual(['handoff']);
    expect(JSON.parse(exportAgent(g, 'vapi').text)).toEqual(one);
  });
});
