import type { PersonaInput } from '../../../src-shared/schemas/index.js';

/** Hands a template (or a copy) to the "new persona" editor without putting it in the URL. */
let pending: PersonaInput | undefined;

export function setPendingNewPersona(p: PersonaInput): void {
  pending = p;
}

/** Reads the hand-over without consuming it (render may run twice); clear it once mounted. */
export function peekPendingNewPersona(): PersonaInput | undefined {
  return pending;
}

export function clearPendingNewPersona(): void {
  pending = undefined;
}
