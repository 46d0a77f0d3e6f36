import { describe, expect, it } from 'vitest';
import { Persona, TestCase } from '../../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../../src-shared/persona/persona-prompt.js';
import { callerPrompt } from '../../../../src-main/engine/conversation/caller.js';

describe('persona prompt', () => {
  it('renders a structured persona as Identity / Goal / Personality / Behaviour markdown', () => {
    const md = renderPersonaPrompt(
      Persona.parse({
        name: 'Mike',
        identity: { date_of_birth: 'June 10, 1999', order_number: '7891273' },
        goal: 'Return the package and get a refund.',
        personality: {
          temperament: 'irritated',
          patience: 'low',
          verbosity: 'low',
          clarity: 'vague',
          notes: 'Hates hold music.',
        },
        behaviours: {
          asks_for_human: true,
          hidden_facts: [{ fact: 'the box was opened', reveal_when: 'only when asked directly' }],
        },
        language: 'English',
      }),
    );
    expect(md).toBe(
      [
        '## Identity',
        'Your name is Mike.\nYour date of birth is June 10, 1999.\nYour order number is 7891273.\nYou speak English.',
        '',
        '## Goal',
        'Return the package and get a refund.',
        '',
        '## Personality',
        'You are an irritated caller.\nYou are impatient: if the conversation drags on or gets complicated, you show it quickly.\nYou answer in as few words as possible.\nYou are vague at first about what you want; the agent has to ask.\nHates hold music.',
        '',
        '## Behaviour',
        '- At some point you ask to speak to a human.\n- You know that the box was opened, but you reveal it only when asked directly.',
      ].join('\n'),
    );
  });

  it('returns imported markdown as written and omits empty sections', () => {
    expect(renderPersonaPrompt(Persona.parse({ name: 'x', markdown: '## Identity\nYour name is Mike.\n' }))).toBe(
      '## Identity\nYour name is Mike.',
    );
    expect(renderPersonaPrompt(Persona.parse({ name: 'Ann', identity: { name: 'Ann Lee' } }))).toBe(
      '## Identity\nYour name is Ann Lee.',
    );
  });

  it('the caller prompt of a test: inline persona, library persona, user_prompt, or a default', () => {
    const lib = Persona.parse({ name: 'Zed', goal: 'Cancel.' });
    expect(callerPrompt(TestCase.parse({ name: 't', persona: { name: 'Ann', goal: 'Pay.' } }))).toContain(
      '## Goal\nPay.',
    );
    expect(
      callerPrompt(TestCase.parse({ name: 't', persona: 'pe_1' }), (id) => (id === 'pe_1' ? lib : undefined)),
    ).toContain('## Goal\nCancel.');
    expect(() => callerPrompt(TestCase.parse({ name: 't', persona: 'pe_2' }), () => undefined)).toThrow(
      /test "t": persona "pe_2" not found/,
    );
    expect(callerPrompt(TestCase.parse({ name: 't', user_prompt: ' ## Identity\nJane ' }))).toBe('## Identity\nJane');
    expect(callerPrompt(TestCase.parse({ name: 't' }))).toMatch(/^## Identity/);
  });
});
