import { Section, Toggle } from '../../../ui/widgets.js';
import { instructionFor } from '../instruction-text.js';
import type { PersonaDraft } from '../persona-form.js';
import type { PersonaFormState } from '../use-persona-form.js';

const BEHAVIOURS: { key: keyof PersonaDraft['behaviours']; label: string }[] = [
  { key: 'interrupts', label: 'Interrupts the agent' },
  { key: 'wrong_details_first', label: 'Gives wrong details first' },
  { key: 'asks_for_human', label: 'Asks for a human' },
  { key: 'goes_off_topic', label: 'Goes off topic' },
];

/** Behaviours and hidden facts (said only when asked). */
export function BehavioursSection({ form }: { form: PersonaFormState }) {
  return (
    <Section title="Behaviours" description="Concrete things the caller does during the call.">
      <div className="behaviours">
        {BEHAVIOURS.map((b) => (
          <Toggle
            key={b.key}
            label={b.label}
            description={instructionFor({ behaviours: { [b.key]: true } })}
            testId={`behaviour-${b.key}`}
            checked={form.draft.behaviours[b.key]}
            onChange={(v) => form.setBehaviour(b.key, v)}
          />
        ))}
      </div>
      <HiddenFacts form={form} />
    </Section>
  );
}

/** Things the caller says only when asked: one row each, with the condition. */
function HiddenFacts({ form }: { form: PersonaFormState }) {
  return (
    <>
      <h3 className="sub">Hidden facts</h3>
      <p className="muted small">
        Things the caller knows but says only when asked (or in the situation you describe).
      </p>
      <div className="rows">
        {form.draft.hidden_facts.map((h, i) => (
          <div className="row hidden-fact-row" key={i}>
            <input
              aria-label={`Hidden fact ${i + 1}`}
              className={`fact ${form.err(`hidden_facts[${i}].fact`) ? 'invalid' : ''}`}
              value={h.fact}
              placeholder="e.g. You already called twice about this"
              onChange={(e) => form.editHiddenFact(i, { fact: e.target.value })}
            />
            <input
              aria-label={`Reveal when ${i + 1}`}
              className="when"
              value={h.reveal_when}
              placeholder="only when asked"
              onChange={(e) => form.editHiddenFact(i, { reveal_when: e.target.value })}
            />
            <button
              type="button"
              className="ghost icon-btn"
              aria-label={`Remove hidden fact ${i + 1}`}
              onClick={() => form.removeHiddenFact(i)}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
      <button type="button" onClick={() => form.addHiddenFact()}>
        + Add a hidden fact
      </button>
    </>
  );
}
