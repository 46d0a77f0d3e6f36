import { Section } from '../../../ui/widgets.js';
import type { PersonaFormState } from '../use-persona-form.js';

/** Goal: why they are calling. */
export function GoalSection({ form }: { form: PersonaFormState }) {
  return (
    <Section
      title="Goal"
      description="Why they are calling, in one or two sentences. Keep tone out of it so the persona can be reused."
    >
      <textarea
        aria-label="Goal"
        value={form.draft.goal}
        rows={3}
        placeholder="e.g. Return the package you received and get a refund."
        onChange={(e) => form.set({ goal: e.target.value })}
      />
    </Section>
  );
}
