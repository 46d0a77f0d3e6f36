import { describe, expect, it } from 'vitest';
import { Persona } from '../../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../../src-shared/persona/persona-prompt.js';
import { parsePersonaMarkdown } from '../../../../src-main/formats/suites/persona-markdown.js';
import {
  emptyDraft,
  markdownToDraft,
  qualityWarnings,
  toDraft,
  toPersona,
  validateDraft,
} from '../../../../src-renderer/features/personas/persona-form.js';
import { instructionFor } from '../../../../src-renderer/features/personas/instruction-text.js';

describe('persona form state', () => {
  it('round-trips a persona through the form rows without losing anything', () => {
    const p = Persona.parse({
      name: 'Rosa',
      identity: { name: 'Rosa Diaz', order_number: '5521' },
      goal: 'Get a refund.',
      personality: { temperament: 'anxious', patience: 'low', clarity: 'vague', notes: 'Calls from a train.' },
      behaviours: { interrupts: true, hidden_facts: [{ fact: 'Called twice', reveal_when: 'only when asked' }] },
      language: 'Spanish',
      tags: ['x'],
    });
    expect(Persona.parse(toPersona(toDraft(p)))).toEqual(p);
  });

  it('drops empty rows and trims values when building the stored persona', () => {
    const d = {
      ...emptyDraft(),
      name: '  Kim ',
      facts: [
        { key: 'name', value: ' Kim ' },
        { key: '', value: '' },
        { key: 'x', value: '  ' },
      ],
    };
    const p = toPersona(d);
    expect(p.name).toBe('Kim');
    expect(p.identity).toEqual({ name: 'Kim' });
    expect(p.behaviours).toEqual({});
  });

  it('names the field of each problem', () => {
    const d = {
      ...emptyDraft(),
      facts: [
        { key: '', value: 'Kim' },
        { key: 'dob', value: '' },
        { key: 'dob', value: '1990' },
      ],
    };
    const paths = validateDraft(d).map((e) => e.path);
    expect(paths).toEqual(expect.arrayContaining(['name', 'facts[0].key', 'facts[1].value', 'facts[2].key']));
    expect(validateDraft({ ...emptyDraft(), name: 'Ok', facts: [{ key: 'name', value: 'Kim' }] })).toEqual([]);
  });

  it('accepts an unfinished persona (empty name) as form state', () => {
    expect(toDraft({ name: '', identity: { name: '' } }).name).toBe('');
  });
});

describe('quality warning: a label alone changes little', () => {
  const base = { name: 'Angry customer', goal: 'Complain about a bill.', identity: { name: 'Ann' } };
  it('warns when only a name or a temperament is set', () => {
    expect(qualityWarnings(Persona.parse(base)).map((w) => w.kind)).toEqual(['label_only']);
    const angry = qualityWarnings(Persona.parse({ ...base, personality: { temperament: 'angry' } }));
    expect(angry[0].message).toContain('"angry" alone changes little');
  });
  it('is satisfied by any concrete control, behaviour, hidden fact or a sentence of notes', () => {
    for (const extra of [
      { personality: { patience: 'low' } },
      { personality: { clarity: 'rambling' } },
      { behaviours: { interrupts: true } },
      { behaviours: { hidden_facts: [{ fact: 'x' }] } },
      { personality: { notes: 'You hang up if put on hold for long.' } },
    ])
      expect(qualityWarnings(Persona.parse({ ...base, ...extra }))).toEqual([]);
    expect(qualityWarnings(Persona.parse({ ...base, personality: { notes: 'rude' } })).map((w) => w.kind)).toEqual([
      'label_only',
    ]);
  });
  it('asks for a goal and a name fact; a label that is not a name is never given as the name (issue 17)', () => {
    expect(
      qualityWarnings(Persona.parse({ name: 'x', identity: { name: 'Ann' }, behaviours: { interrupts: true } })).map(
        (w) => w.kind,
      ),
    ).toEqual(['no_goal']);
    const noName = qualityWarnings(
      Persona.parse({ name: 'Angry customer', goal: 'g', behaviours: { interrupts: true } }),
    );
    expect(noName.map((w) => w.kind)).toEqual(['no_name']);
    expect(noName[0].message).toContain('make up a name');
    expect(renderPersonaPrompt(Persona.parse({ name: 'Angry customer' }))).not.toContain('Angry customer');
    const elderly = renderPersonaPrompt(Persona.parse({ name: 'Elderly caller, hard of hearing' }));
    expect(elderly).not.toContain('Your name is');
    expect(elderly).toContain('make up a plausible one');
    // a label that reads as a name is still used as one
    expect(renderPersonaPrompt(Persona.parse({ name: 'Ann Lee' }))).toContain('Your name is Ann Lee.');
  });

  it('a blank form has no warnings; a new persona has no empty fact to trip on', () => {
    expect(qualityWarnings(toPersona(emptyDraft()))).toEqual([]);
    expect(validateDraft({ ...emptyDraft(), name: 'Elderly caller' })).toEqual([]);
  });

  it('age, hearing, pace and line quality are controls with their own sentences, and make a persona concrete', () => {
    const p = Persona.parse({
      name: 'Elderly caller, hard of hearing',
      goal: 'Book a check-up.',
      personality: { age: '82', hearing: 'hard_of_hearing', pace: 'slow', line_quality: 'noisy' },
    });
    const text = renderPersonaPrompt(p);
    expect(text).toContain('You are 82 years old.');
    expect(text).toContain('You are hard of hearing');
    expect(text).toContain('You speak slowly');
    expect(text).toContain('noisy place');
    expect(qualityWarnings(p).map((w) => w.kind)).toEqual(['no_name']);
    expect(renderPersonaPrompt(Persona.parse({ name: 'x', personality: { age: 'in her seventies' } }))).toContain(
      'Your age: in her seventies.',
    );
  });
});

describe('form hints come from the real prompt renderer', () => {
  it('each control adds a sentence that the rendered prompt contains', () => {
    for (const patch of [
      { personality: { patience: 'low' as const } },
      { behaviours: { asks_for_human: true } },
      { personality: { clarity: 'vague' as const } },
    ]) {
      const hint = instructionFor(patch);
      expect(hint.length).toBeGreaterThan(10);
      const rendered = renderPersonaPrompt(Persona.parse({ name: 'x', ...patch }));
      for (const sentence of hint.split(/(?<=\.) /)) expect(rendered).toContain(sentence);
      expect(renderPersonaPrompt(Persona.parse({ name: 'x' }))).not.toContain(hint);
    }
    expect(instructionFor({ personality: { patience: 'low' } })).not.toBe(
      instructionFor({ personality: { patience: 'high' } }),
    );
  });
});

describe('imported markdown to form', () => {
  it('turns "Your X is Y." lines into facts and keeps every other line in the notes', () => {
    const md =
      '## Identity\nYour name is Mike.\nYour date of birth is June 10, 1999.\nYou live alone.\n\n## Goal\nGet a refund.\n\n## Personality\nYou are patient.';
    const d = markdownToDraft(toDraft(parsePersonaMarkdown('Mike', md)));
    expect(d.markdown).toBeUndefined();
    expect(toPersona(d).identity).toEqual({ name: 'Mike', date_of_birth: 'June 10, 1999' });
    expect(d.goal).toBe('Get a refund.');
    expect(d.personality.notes).toContain('You live alone.');
    expect(d.personality.notes).toContain('You are patient.');
  });
});
