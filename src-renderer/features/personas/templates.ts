import type { PersonaInput } from '../../../src-shared/schemas/index.js';

/** Starting points in the persona library. Each turns on concrete behaviour, not just a label. */
export interface PersonaTemplate {
  id: string;
  title: string;
  /** One line shown on the template card. */
  summary: string;
  persona: PersonaInput;
}

export const PERSONA_TEMPLATES: PersonaTemplate[] = [
  {
    id: 'impatient',
    title: 'Impatient',
    summary: 'Short answers, complains when asked twice, wants it done fast.',
    persona: {
      name: 'Impatient caller',
      identity: { name: 'Mike Turner', order_number: '7891273' },
      goal: 'Find out where your order is and when it will arrive.',
      personality: {
        temperament: 'irritated',
        patience: 'low',
        verbosity: 'low',
        cooperativeness: 'medium',
        clarity: 'clear',
        notes: 'You are calling from your car and have two minutes. If the agent asks you to hold, you say you cannot.',
      },
      behaviours: {},
      tags: ['template', 'impatient'],
    },
  },
  {
    id: 'confused',
    title: 'Confused',
    summary: 'Vague about the problem, mixes up terms, needs things explained.',
    persona: {
      name: 'Confused caller',
      identity: { name: 'Dorothy Hill', date_of_birth: 'March 3, 1948' },
      goal: 'Get help with a letter you received about an appointment; you are not sure what it asks you to do.',
      personality: {
        temperament: 'anxious',
        patience: 'high',
        verbosity: 'medium',
        cooperativeness: 'high',
        clarity: 'vague',
        age: '78',
        pace: 'slow',
        notes:
          'You mix up words (you say "the booking thing" for appointment) and ask the agent to repeat anything with more than one step.',
      },
      behaviours: {},
      tags: ['template', 'confused'],
    },
  },
  {
    id: 'interrupts',
    title: 'Interrupts',
    summary: 'Cuts in before the agent finishes a long explanation.',
    persona: {
      name: 'Caller who interrupts',
      identity: { name: 'Sam Patel', order_number: '5520184' },
      goal: 'Change the delivery address of your order to 12 Harbour Road.',
      personality: {
        temperament: 'friendly',
        patience: 'low',
        verbosity: 'medium',
        cooperativeness: 'high',
        clarity: 'clear',
      },
      behaviours: { interrupts: true },
      tags: ['template', 'interrupts'],
    },
  },
  {
    id: 'wants-human',
    title: 'Wants a human',
    summary: 'Asks for a real person early and keeps asking.',
    persona: {
      name: 'Caller who wants a human',
      identity: { name: 'Laura Chen' },
      goal: 'Speak to a real person about a charge on your bill you do not recognise.',
      personality: {
        temperament: 'irritated',
        patience: 'low',
        verbosity: 'low',
        cooperativeness: 'low',
        clarity: 'clear',
      },
      behaviours: { asks_for_human: true },
      tags: ['template', 'escalation'],
    },
  },
  {
    id: 'wrong-details',
    title: 'Gives wrong details first',
    summary: 'Gives a wrong date or number first and corrects it when read back.',
    persona: {
      name: 'Caller who gives wrong details first',
      identity: { name: 'John Smith', date_of_birth: 'January 15, 1985', order_number: '4410092' },
      goal: 'Reschedule your appointment to next week.',
      personality: {
        temperament: 'calm',
        patience: 'medium',
        verbosity: 'medium',
        cooperativeness: 'high',
        clarity: 'clear',
      },
      behaviours: { wrong_details_first: true },
      tags: ['template', 'verification'],
    },
  },
  {
    id: 'off-topic',
    title: 'Goes off topic',
    summary: 'Drifts to unrelated questions before coming back to the point.',
    persona: {
      name: 'Caller who goes off topic',
      identity: { name: 'Rita Gomez' },
      goal: 'Book a table for four on Friday evening.',
      personality: {
        temperament: 'friendly',
        patience: 'high',
        verbosity: 'high',
        cooperativeness: 'medium',
        clarity: 'rambling',
      },
      behaviours: {
        goes_off_topic: true,
        hidden_facts: [
          { fact: 'One guest uses a wheelchair.', reveal_when: 'only if the agent asks about special requirements' },
        ],
      },
      tags: ['template', 'off-topic'],
    },
  },
];

export const templateById = (id: string): PersonaTemplate | undefined => PERSONA_TEMPLATES.find((t) => t.id === id);
