import { Section } from '../../../ui/widgets.js';
import type { PersonaFormState } from '../use-persona-form.js';

const LANGUAGES = [
  'English',
  'Spanish',
  'French',
  'German',
  'Italian',
  'Portuguese',
  'Dutch',
  'Polish',
  'Hindi',
  'Japanese',
];

/** Who is calling: the persona's name and language. */
export function WhoSection({ form }: { form: PersonaFormState }) {
  const { draft, set, err } = form;
  return (
    <Section
      title="Who is calling"
      description="A name for this persona in your library, and the language the caller speaks."
    >
      <div className="grid-2">
        <label>
          Persona name
          <input
            aria-label="Persona name"
            value={draft.name}
            placeholder="e.g. Impatient caller with a late order"
            className={err('name') ? 'invalid' : ''}
            onChange={(e) => set({ name: e.target.value })}
          />
          {err('name') && <span className="field-error">{err('name')}</span>}
        </label>
        <label>
          Language
          <input
            aria-label="Language"
            list="persona-languages"
            value={draft.language}
            placeholder="Any (follows the agent)"
            onChange={(e) => set({ language: e.target.value })}
          />
          <datalist id="persona-languages">
            {LANGUAGES.map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </label>
      </div>
    </Section>
  );
}
