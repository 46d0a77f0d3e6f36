import { describe, expect, it } from 'vitest';
import { Persona } from '../../../../src-shared/schemas/index.js';
import { ownNameFact, renderPersonaPrompt } from '../../../../src-shared/persona/persona-prompt.js';
import { qualityWarnings } from '../../../../src-renderer/features/personas/persona-form.js';

const persona = (identity: Record<string, string>) =>
  Persona.parse({ id: 'p1', name: 'Impatient caller', goal: 'Book a cleaning', identity });

describe("a persona's name given as patient_name (or caller_name, full_name) is the caller's name", () => {
  it('the prompt says "Your name is Sam Patel." once and never asks the caller to make one up', () => {
    const prompt = renderPersonaPrompt(persona({ patient_name: 'Sam Patel', date_of_birth: '1980-02-03' }));
    expect(prompt).toContain('Your name is Sam Patel.');
    expect(prompt).not.toContain('make up');
    expect(prompt).not.toContain('Your patient name is');
    expect(prompt).toContain('Your date of birth is 1980-02-03.');
  });

  it('the form does not warn "Missing name" for it; it still does without any name fact', () => {
    expect(qualityWarnings(persona({ patient_name: 'Sam Patel' })).map((w) => w.kind)).not.toContain('no_name');
    expect(qualityWarnings(persona({ date_of_birth: '1980-02-03' })).map((w) => w.kind)).toContain('no_name');
  });

  it("only keys naming the caller count: a doctor or pharmacy name is not the caller's", () => {
    expect(ownNameFact({ caller_name: 'Ann' })).toEqual({ key: 'caller_name', value: 'Ann' });
    expect(ownNameFact({ 'Full name': 'Ann Lee' })?.value).toBe('Ann Lee');
    expect(ownNameFact({ doctor_name: 'Dr Who', pharmacy_name: 'Boots' })).toBeUndefined();
    expect(ownNameFact({ patient_name: '  ' })).toBeUndefined();
  });
});
