import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { AgentGraph, Persona } from '../../../../src-shared/schemas/index.js';
import { PERSONA_TEMPLATES } from '../../../../src-renderer/features/personas/templates.js';
import { qualityWarnings } from '../../../../src-renderer/features/personas/persona-form.js';
import { graphNodes, graphTools, graphVariables } from '../../../../src-renderer/features/personas/agent-facts.js';

const example = AgentGraph.parse(
  JSON.parse(fs.readFileSync(new URL('../../../../resources/example/agent.json', import.meta.url), 'utf8')),
);

describe('persona templates', () => {
  it('ships the six templates the UX asks for, each valid and concrete', () => {
    expect(PERSONA_TEMPLATES.map((t) => t.id)).toEqual([
      'impatient',
      'confused',
      'interrupts',
      'wants-human',
      'wrong-details',
      'off-topic',
    ]);
    for (const t of PERSONA_TEMPLATES) {
      const p = Persona.parse(t.persona);
      expect(qualityWarnings(p), t.id).toEqual([]);
    }
    const byId = Object.fromEntries(PERSONA_TEMPLATES.map((t) => [t.id, Persona.parse(t.persona)]));
    expect(byId.interrupts.behaviours.interrupts).toBe(true);
    expect(byId['wants-human'].behaviours.asks_for_human).toBe(true);
    expect(byId['wrong-details'].behaviours.wrong_details_first).toBe(true);
    expect(byId['off-topic'].behaviours.goes_off_topic).toBe(true);
    expect(byId.impatient.personality.patience).toBe('low');
    expect(byId.confused.personality.clarity).toBe('vague');
  });
});

describe('suggestions from an agent graph', () => {
  it('offers extracted variables first, then defaults and placeholders, without tool outputs', () => {
    const names = graphVariables(example).map((v) => v.name);
    expect(names.slice(0, 3)).toEqual(['patient_name', 'date_of_birth', 'intent']);
    expect(names).toEqual(expect.arrayContaining(['clinic_name', 'front_desk_number']));
    expect(names).not.toContain('first_slot');
    expect(names).not.toContain('confirmation');
    expect(new Set(names).size).toBe(names.length);
  });

  it('lists node ids and custom tools (function-node tools included)', () => {
    expect(graphNodes(example).map((n) => n.id)).toContain('transfer_front_desk');
    expect(graphNodes(example).find((n) => n.id === 'booked')?.label).toBe('Booked (booked)');
    const g = AgentGraph.parse({ ...example, tools: [{ name: 'end_call', kind: 'end_call' }] });
    expect(graphTools(g).map((t) => t.name)).toEqual(['find_slots', 'book_slot', 'end_call']);
    expect(graphVariables(undefined)).toEqual([]);
  });
});
