import type { Persona } from '../schemas/index.js';

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

const HEARING: Record<string, string> = {
  good: 'You hear the agent well.',
  hard_of_hearing:
    'You are hard of hearing: you sometimes mishear a word or a number and ask the agent to repeat or speak up.',
  very_hard_of_hearing:
    'You are very hard of hearing: you often mishear, ask the agent to repeat, and answer what you thought you heard.',
};

const PACE: Record<string, string> = {
  slow: 'You speak slowly, with pauses, and take your time to find words.',
  normal: 'You speak at a normal pace.',
  fast: 'You speak fast and run your sentences together.',
};

const LINE: Record<string, string> = {
  clear: 'Your phone line is clear.',
  noisy: 'You are calling from a noisy place: now and then you say you did not catch something because of the noise.',
  breaking_up: 'Your line breaks up: now and then a part of your sentence is lost ("...") and you have to repeat it.',
};

const humanize = (key: string) => key.replace(/[_-]+/g, ' ').trim();

/**
 * Whether a persona's library label can stand as the caller's name ("Mike", "Ann Lee") or is a
 * description ("Elderly caller, hard of hearing", "Impatient caller"): one to three capitalised words.
 */
export const labelIsName = (label: string) => /^\p{Lu}[\p{L}'-]*( \p{Lu}[\p{L}'-]*){0,2}$/u.test(label.trim());

/** Identity keys that hold the caller's own name: name, full_name, patient_name, caller name, customer-name... */
const OWN_NAME_KEY = /^(?:(?:full|first|caller|patient|customer|client|member|user|your)[_\s-]?)?name$/i;

/** The identity fact that is the caller's own name (its key and value), when the persona has one. */
export function ownNameFact(identity: Record<string, string>): { key: string; value: string } | undefined {
  const key = Object.keys(identity).find((k) => OWN_NAME_KEY.test(k.trim()) && identity[k].trim());
  return key ? { key, value: identity[key].trim() } : undefined;
}

export function renderPersonaPrompt(p: Persona): string {
  if (p.markdown && p.markdown.trim()) return p.markdown.trim();
  const out: string[] = [];

  const identity: string[] = [];
  const own = ownNameFact(p.identity);
  const idName = p.identity.name ?? p.identity.Name ?? own?.value;
  if (idName ?? labelIsName(p.name)) identity.push(`Your name is ${idName ?? p.name.trim()}.`);
  else identity.push('If the agent asks for your name, make up a plausible one and keep to it.');
  const age = p.personality.age?.trim();
  if (age) identity.push(/^\d{1,3}$/.test(age) ? `You are ${age} years old.` : `Your age: ${age}.`);
  for (const [k, v] of Object.entries(p.identity)) {
    if (k.toLowerCase() === 'name' || k === own?.key) continue;
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
  if (pers.pace) personality.push(PACE[pers.pace]);
  if (pers.hearing) personality.push(HEARING[pers.hearing]);
  if (pers.line_quality) personality.push(LINE[pers.line_quality]);
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
