import type { Persona } from './schemas/index.js';

/**
 * Renders a persona as the Retell-style markdown the simulated caller reads
 * (## Identity / ## Goal / ## Personality, plus ## Behaviour when set). A persona imported as
 * markdown is returned as written. Pure function: the UI uses it to preview the caller prompt.
 */

const LEVEL_WORDS: Record<string, Record<string, string>> = {
  patience: {
    low: 'You are impatient: if the conversation drags on or gets complicated, you show it quickly.',
    medium: 'You are reasonably patient, but a long or confusing conversation wears you down.',
    high: 'You are very patient and stay polite even if things take a while.',
  },
  verbosity: {
    low: 'You answer in as few words as possible.',
    medium: 'You answer in a sentence or two.',
    high: 'You talk a lot and give more detail than asked for.',
  },
  cooperativeness: {
    low: 'You are reluctant to give information and only answer what is asked directly.',
    medium: 'You cooperate when asked clearly.',
    high: 'You are eager to help the agent and volunteer what they need.',
  },
};

const CLARITY: Record<string, string> = {
  clear: 'You say clearly what you want.',
  vague: 'You are vague at first about what you want; the agent has to ask.',
  rambling: 'You ramble and mix in unrelated details.',
};

const humanize = (key: string) => key.replace(/[_-]+/g, ' ').trim();

export function renderPersonaPrompt(p: Persona): string {
  if (p.markdown && p.markdown.trim()) return p.markdown.trim();
  const out: string[] = [];

  const identity: string[] = [];
  const idName = p.identity.name ?? p.identity.Name;
  identity.push(`Your name is ${idName ?? p.name}.`);
  for (const [k, v] of Object.entries(p.identity)) {
    if (k.toLowerCase() === 'name') continue;
    identity.push(`Your ${humanize(k)} is ${v}.`);
  }
  if (p.language) identity.push(`You speak ${p.language}.`);
  out.push(`## Identity\n${identity.join('\n')}`);

  if (p.goal.trim()) out.push(`## Goal\n${p.goal.trim()}`);

  const personality: string[] = [];
  const pers = p.personality;
  if (pers.temperament)
    personality.push(`You are ${/^[aeiou]/.test(pers.temperament) ? 'an' : 'a'} ${pers.temperament} caller.`);
  for (const key of ['patience', 'verbosity', 'cooperativeness'] as const) {
    const level = pers[key];
    if (level) personality.push(LEVEL_WORDS[key][level]);
  }
  if (pers.clarity) personality.push(CLARITY[pers.clarity]);
  if (pers.notes?.trim()) personality.push(pers.notes.trim());
  if (personality.length) out.push(`## Personality\n${personality.join('\n')}`);

  const b = p.behaviours;
  const behaviour: string[] = [];
  if (b.interrupts) behaviour.push('You sometimes cut the agent off before they finish.');
  if (b.wrong_details_first)
    behaviour.push('The first time you are asked for a detail, you give a slightly wrong one, then correct it.');
  if (b.asks_for_human) behaviour.push('At some point you ask to speak to a human.');
  if (b.goes_off_topic) behaviour.push('You drift off topic at least once.');
  for (const h of b.hidden_facts ?? []) behaviour.push(`You know that ${h.fact}, but you reveal it ${h.reveal_when}.`);
  if (behaviour.length) out.push(`## Behaviour\n${behaviour.map((s) => `- ${s}`).join('\n')}`);

  return out.join('\n\n');
}
