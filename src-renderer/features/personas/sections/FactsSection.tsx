import type { ReactNode } from 'react';
import { Section } from '../../../ui/widgets.js';
import type { VariableSuggestion } from '../agent-facts.js';
import { unusedSuggestions } from '../persona-form.js';
import type { PersonaFormState } from '../use-persona-form.js';

/** Facts offered on a new persona, one click each. */
const COMMON_FACTS = ['name', 'date_of_birth', 'phone_number'];
const LIST_ID = 'persona-fact-suggestions';

/** Identity facts: what the caller knows about themselves (the agent's variables offered as one-click names). */
export function FactsSection({
  form,
  suggestions,
  agentPicker,
}: {
  form: PersonaFormState;
  suggestions: VariableSuggestion[];
  agentPicker?: ReactNode;
}) {
  const { draft, err } = form;
  const unused = unusedSuggestions(draft, suggestions);
  return (
    <Section
      testId="facts-section"
      title="Identity facts"
      description="What the caller knows about themselves. The agent may ask for these: use the same names as the agent's variables."
    >
      {agentPicker}
      {unused.length > 0 && (
        <div className="chips" aria-label="Suggested facts from the agent">
          <span className="muted small">The agent uses:</span>
          {unused.slice(0, 16).map((s) => (
            <button
              type="button"
              key={s.name}
              className="chip"
              title={s.source}
              onClick={() => form.addSuggestedFact(s.name)}
            >
              + {s.name}
            </button>
          ))}
        </div>
      )}
      <datalist id={LIST_ID}>
        {suggestions.map((s) => (
          <option key={s.name} value={s.name}>
            {s.source}
          </option>
        ))}
      </datalist>
      <div className="rows">
        {draft.facts.map((f, i) => (
          <div className="row fact-row" key={i}>
            <input
              aria-label={`Fact name ${i + 1}`}
              list={LIST_ID}
              value={f.key}
              placeholder="name, date_of_birth, order_number…"
              className={err(`facts[${i}].key`) ? 'invalid' : ''}
              onChange={(e) => form.editFact(i, { key: e.target.value })}
            />
            <input
              aria-label={`Fact value ${i + 1}`}
              className={`grow ${err(`facts[${i}].value`) ? 'invalid' : ''}`}
              value={f.value}
              placeholder="Value, e.g. Mike Turner"
              onChange={(e) => form.editFact(i, { value: e.target.value })}
            />
            <button
              type="button"
              className="ghost icon-btn"
              aria-label={`Remove fact ${i + 1}`}
              onClick={() => form.removeFact(i)}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
      {draft.facts.length === 0 && (
        <div className="chips" aria-label="Common facts">
          <span className="muted small">No facts yet. Add:</span>
          {COMMON_FACTS.map((k) => (
            <button type="button" key={k} className="chip" onClick={() => form.addFact(k)}>
              + {k}
            </button>
          ))}
        </div>
      )}
      <button type="button" onClick={() => form.addFact()}>
        + Add a fact
      </button>
    </Section>
  );
}
