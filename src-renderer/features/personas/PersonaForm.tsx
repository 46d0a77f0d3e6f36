import type { ReactNode } from 'react';
import type { VariableSuggestion } from './agent-facts.js';
import type { FieldError, PersonaDraft } from './persona-form.js';
import { BehavioursSection } from './sections/BehavioursSection.js';
import { FactsSection } from './sections/FactsSection.js';
import { GoalSection } from './sections/GoalSection.js';
import { PersonalitySection } from './sections/PersonalitySection.js';
import { WhoSection } from './sections/WhoSection.js';
import { usePersonaForm } from './use-persona-form.js';

export interface PersonaFormProps {
  draft: PersonaDraft;
  onChange: (next: PersonaDraft) => void;
  /** Variable names from the chosen agent, offered as fact names. */
  suggestions?: VariableSuggestion[];
  errors?: FieldError[];
  /** Shown above the facts: the agent picker of the page. */
  agentPicker?: ReactNode;
}

/**
 * The persona form: every field a non-developer needs, no JSON. One section per part of the persona
 * (sections/), the state and its edits in use-persona-form.ts (pure edits in persona-form.ts).
 */
export function PersonaForm({ draft, onChange, suggestions = [], errors = [], agentPicker }: PersonaFormProps) {
  const form = usePersonaForm(draft, onChange, errors);
  return (
    <div className="persona-form">
      <WhoSection form={form} />
      <FactsSection form={form} suggestions={suggestions} agentPicker={agentPicker} />
      <GoalSection form={form} />
      <PersonalitySection form={form} />
      <BehavioursSection form={form} />
    </div>
  );
}
