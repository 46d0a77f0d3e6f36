import { Persona, type PersonaInput } from '../../../src-shared/schemas/index.js';
import { renderPersonaPrompt } from '../../../src-shared/persona/persona-prompt.js';

/**
 * The exact sentence(s) one control adds to the caller's briefing, read from the real renderer
 * (renderPersonaPrompt) so the form's hints never drift from what the caller is told.
 */
export function instructionFor(patch: Pick<PersonaInput, 'personality' | 'behaviours'>): string {
  const base = renderPersonaPrompt(Persona.parse({ name: 'x' }));
  const withIt = renderPersonaPrompt(Persona.parse({ name: 'x', ...patch }));
  const baseLines = new Set(base.split('\n').map((l) => l.trim()));
  return withIt
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l && !l.startsWith('#') && !baseLines.has(l))
    .map((l) => l.replace(/^[-*]\s+/, ''))
    .join(' ');
}
