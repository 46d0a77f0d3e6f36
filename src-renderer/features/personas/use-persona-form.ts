/**
 * The persona form's state: the draft the editor holds (controlled: every edit goes to `onChange`),
 * the error of a field path, and the form's edits (pure, in persona-form.ts) bound to the draft.
 */
import {
  addFact,
  addHiddenFact,
  addSuggestedFact,
  editFact,
  editHiddenFact,
  editPersonality,
  fieldError,
  patchDraft,
  removeFact,
  removeHiddenFact,
  setBehaviour,
  type FactRow,
  type FieldError,
  type HiddenFactRow,
  type PersonaDraft,
} from './persona-form.js';

export function usePersonaForm(draft: PersonaDraft, onChange: (next: PersonaDraft) => void, errors: FieldError[]) {
  return {
    draft,
    err: (path: string) => fieldError(errors, path),
    set: (patch: Partial<PersonaDraft>) => onChange(patchDraft(draft, patch)),
    editFact: (i: number, patch: Partial<FactRow>) => onChange(editFact(draft, i, patch)),
    addFact: (key?: string) => onChange(addFact(draft, key)),
    addSuggestedFact: (key: string) => onChange(addSuggestedFact(draft, key)),
    removeFact: (i: number) => onChange(removeFact(draft, i)),
    editPersonality: (patch: Partial<PersonaDraft['personality']>) => onChange(editPersonality(draft, patch)),
    setBehaviour: (key: keyof PersonaDraft['behaviours'], on: boolean) => onChange(setBehaviour(draft, key, on)),
    editHiddenFact: (i: number, patch: Partial<HiddenFactRow>) => onChange(editHiddenFact(draft, i, patch)),
    addHiddenFact: () => onChange(addHiddenFact(draft)),
    removeHiddenFact: (i: number) => onChange(removeHiddenFact(draft, i)),
  };
}

/** What every section of the form gets. */
export type PersonaFormState = ReturnType<typeof usePersonaForm>;
