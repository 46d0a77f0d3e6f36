import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { describeAgent, generatePersonas, generationSchema } from '../../../src-main/personas/generate.js';
import { scriptedModel, type ScriptInput } from '../../../src-main/providers/scripted.js';
import { parseAgentFile } from '../../../src-main/formats/index.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';
import type { AgentGraph } from '../../../src-shared/schemas/index.js';

const parsed = parseAgentFile(fs.readFileSync('tests/fixtures/engine/orders-agent.json', 'utf8'), 'orders-agent.json');
const graph = (parsed.ok && parsed.kind === 'agent' ? parsed.graph : null) as AgentGraph;

const proposal = (name: string, extra: Record<string, unknown> = {}) => ({
  name,
  facts: [
    { key: 'order number', value: 'A17' },
    { key: '', value: 'dropped' },
  ],
  goal: 'Find out where the order is.',
  temperament: 'irritated',
  patience: 'low',
  verbosity: 'medium',
  cooperativeness: 'high',
  clarity: 'vague',
  interrupts: true,
  wrong_details_first: false,
  asks_for_human: true,
  goes_off_topic: false,
  why: 'tests the hand-off to a human',
  ...extra,
});

describe('persona generation from a graph', () => {
  it('tells the model what the agent does: steps, the details it collects, its tools', () => {
    const text = describeAgent(graph);
    expect(text).toMatch(/^Agent: /);
    expect(text).toContain('Steps:');
    expect(text).toMatch(/collects order_id/);
    expect(text).toMatch(/Tools: lookup_order/);
  });

  it('turns the answer into library personas (facts, personality, behaviours), with why each is worth testing', async () => {
    const model = scriptedModel({
      generate_personas: [
        {
          personas: [
            proposal('Irritated Irene'),
            proposal('Irritated Irene', { temperament: 'sleepy', clarity: 'clear' }),
          ],
        },
      ],
    } as ScriptInput);
    const out = await generatePersonas(graph, model, { count: 2 });
    expect(out.map((p) => p.persona.name)).toEqual(['Irritated Irene', 'Irritated Irene 2']);
    const [a, b] = out;
    expect(a.persona).toMatchObject({
      identity: { 'order number': 'A17' },
      goal: 'Find out where the order is.',
      personality: { temperament: 'irritated', patience: 'low', clarity: 'vague' },
      behaviours: { interrupts: true, asks_for_human: true },
      tags: ['generated'],
    });
    expect(a.why).toBe('tests the hand-off to a human');
    expect(b.persona.personality.temperament).toBeUndefined(); // not one of the choices: dropped
    expect(renderPersonaPrompt(a.persona)).toContain('## Goal\nFind out where the order is.');
  });

  it('asks for at most 8, with every string bounded', () => {
    const s = generationSchema(8) as {
      properties: {
        personas: { maxItems: number; items: { properties: Record<string, { maxLength?: number; type?: string }> } };
      };
    };
    expect(s.properties.personas.maxItems).toBe(8);
    for (const [k, v] of Object.entries(s.properties.personas.items.properties))
      if (v.type === 'string') expect(v.maxLength, k).toBeGreaterThan(0);
  });
});
