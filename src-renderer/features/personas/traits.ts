import type { Persona } from '../../../src-shared/schemas/index.js';

const BEHAVIOUR_LABELS: [keyof Persona['behaviours'], string][] = [
  ['interrupts', 'interrupts'],
  ['wrong_details_first', 'wrong details first'],
  ['asks_for_human', 'asks for a human'],
  ['goes_off_topic', 'off topic'],
];

/** Short labels for a persona's notable traits (library cards, generated proposals). */
export function traits(p: Persona): string[] {
  const out: string[] = [];
  if (p.personality.temperament) out.push(p.personality.temperament);
  if (p.personality.patience === 'low') out.push('impatient');
  if (p.personality.clarity && p.personality.clarity !== 'clear') out.push(p.personality.clarity);
  for (const [k, label] of BEHAVIOUR_LABELS) if (p.behaviours[k]) out.push(label);
  if (p.behaviours.hidden_facts?.length)
    out.push(`${p.behaviours.hidden_facts.length} hidden fact${p.behaviours.hidden_facts.length > 1 ? 's' : ''}`);
  if (p.language) out.push(p.language);
  if (p.markdown) out.push('imported markdown');
  return out;
}
