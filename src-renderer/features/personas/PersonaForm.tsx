import type { ReactNode } from 'react';
import type { Persona } from '../../../src-shared/schemas/index.js';
import { instructionFor } from './instruction-text.js';
import type { VariableSuggestion } from './agent-facts.js';
import type { FieldError, PersonaDraft } from './persona-form.js';
import { Section, Segmented, Toggle } from '../../ui/widgets.js';
import { ACCENTS } from '../../../src-shared/schemas/persona.js';

type Level = 'low' | 'medium' | 'high';
const levels = (key: 'patience' | 'verbosity' | 'cooperativeness', labels: [string, string, string]) =>
  (['low', 'medium', 'high'] as Level[]).map((v, i) => ({
    value: v,
    label: labels[i],
    hint: instructionFor({ personality: { [key]: v } }),
  }));

const TEMPERAMENTS: { value: NonNullable<Persona['personality']['temperament']>; label: string }[] = [
  { value: 'calm', label: 'Calm' },
  { value: 'friendly', label: 'Friendly' },
  { value: 'anxious', label: 'Anxious' },
  { value: 'irritated', label: 'Irritated' },
  { value: 'angry', label: 'Angry' },
];

/** Options of a personality choice, each with the sentence it adds to the briefing as its hint. */
function choices<K extends 'hearing' | 'pace' | 'line_quality'>(
  key: K,
  labels: Record<NonNullable<Persona['personality'][K]>, string>,
) {
  return (Object.entries(labels) as [NonNullable<Persona['personality'][K]>, string][]).map(([value, label]) => ({
    value,
    label,
    hint: instructionFor({ personality: { [key]: value } }),
  }));
}

/** Facts offered on a new persona, one click each. */
const COMMON_FACTS = ['name', 'date_of_birth', 'phone_number'];

const BEHAVIOURS: { key: keyof PersonaDraft['behaviours']; label: string }[] = [
  { key: 'interrupts', label: 'Interrupts the agent' },
  { key: 'wrong_details_first', label: 'Gives wrong details first' },
  { key: 'asks_for_human', label: 'Asks for a human' },
  { key: 'goes_off_topic', label: 'Goes off topic' },
];

export interface PersonaFormProps {
  draft: PersonaDraft;
  onChange: (next: PersonaDraft) => void;
  /** Variable names from the chosen agent, offered as fact names. */
  suggestions?: VariableSuggestion[];
  errors?: FieldError[];
  /** Shown above the facts: the agent picker of the page. */
  agentPicker?: ReactNode;
}

/** What every section of the form gets: the draft, a patch setter and the error of a field path. */
interface SectionProps {
  draft: PersonaDraft;
  set: (patch: Partial<PersonaDraft>) => void;
  err: (path: string) => string | undefined;
}

/** The persona form: every field a non-developer needs, no JSON. One section per part of the persona. */
export function PersonaForm({ draft, onChange, suggestions = [], errors = [], agentPicker }: PersonaFormProps) {
  const err = (path: string) => errors.find((e) => e.path === path)?.message;
  const set = (patch: Partial<PersonaDraft>) => onChange({ ...draft, ...patch });
  const props = { draft, set, err };
  return (
    <div className="persona-form">
      <WhoSection {...props} />
      <FactsSection {...props} suggestions={suggestions} agentPicker={agentPicker} />
      <GoalSection {...props} />
      <PersonalitySection {...props} />
      <BehavioursSection {...props} />
    </div>
  );
}

/** Who is calling: the persona's name and language. */
function WhoSection({ draft, set, err }: SectionProps) {
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
            {[
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
            ].map((l) => (
              <option key={l} value={l} />
            ))}
          </datalist>
        </label>
      </div>
    </Section>
  );
}

/** Identity facts: what the caller knows about themselves (the agent's variables offered as one-click names). */
function FactsSection({
  draft,
  set,
  err,
  suggestions,
  agentPicker,
}: SectionProps & { suggestions: VariableSuggestion[]; agentPicker?: ReactNode }) {
  const usedKeys = new Set(draft.facts.map((f) => f.key.trim()));
  const unused = suggestions.filter((s) => !usedKeys.has(s.name));
  const listId = 'persona-fact-suggestions';
  const setFact = (i: number, patch: Partial<PersonaDraft['facts'][number]>) =>
    set({ facts: draft.facts.map((f, j) => (j === i ? { ...f, ...patch } : f)) });
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
              onClick={() =>
                set({
                  facts: [...draft.facts.filter((f) => f.key.trim() || f.value.trim()), { key: s.name, value: '' }],
                })
              }
            >
              + {s.name}
            </button>
          ))}
        </div>
      )}
      <datalist id={listId}>
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
              list={listId}
              value={f.key}
              placeholder="name, date_of_birth, order_number…"
              className={err(`facts[${i}].key`) ? 'invalid' : ''}
              onChange={(e) => setFact(i, { key: e.target.value })}
            />
            <input
              aria-label={`Fact value ${i + 1}`}
              className={`grow ${err(`facts[${i}].value`) ? 'invalid' : ''}`}
              value={f.value}
              placeholder="Value, e.g. Mike Turner"
              onChange={(e) => setFact(i, { value: e.target.value })}
            />
            <button
              type="button"
              className="ghost icon-btn"
              aria-label={`Remove fact ${i + 1}`}
              onClick={() => set({ facts: draft.facts.filter((_, j) => j !== i) })}
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
            <button
              type="button"
              key={k}
              className="chip"
              onClick={() => set({ facts: [...draft.facts, { key: k, value: '' }] })}
            >
              + {k}
            </button>
          ))}
        </div>
      )}
      <button type="button" onClick={() => set({ facts: [...draft.facts, { key: '', value: '' }] })}>
        + Add a fact
      </button>
    </Section>
  );
}

/** Goal: why they are calling. */
function GoalSection({ draft, set }: SectionProps) {
  return (
    <Section
      title="Goal"
      description="Why they are calling, in one or two sentences. Keep tone out of it so the persona can be reused."
    >
      <textarea
        aria-label="Goal"
        value={draft.goal}
        rows={3}
        placeholder="e.g. Return the package you received and get a refund."
        onChange={(e) => set({ goal: e.target.value })}
      />
    </Section>
  );
}

/** Personality: the plain-language controls, each adding one instruction to the briefing. */
function PersonalitySection({ draft, set }: SectionProps) {
  const setPersonality = (patch: Partial<PersonaDraft['personality']>) =>
    set({ personality: { ...draft.personality, ...patch } });
  return (
    <Section
      title="Personality"
      description="Plain-language controls. Each choice adds one concrete instruction; hover or pick to see it."
    >
      <div className="field">
        <label className="inline-label">
          Temperament
          <select
            aria-label="Temperament"
            value={draft.personality.temperament ?? ''}
            onChange={(e) =>
              setPersonality({
                temperament: (e.target.value || undefined) as PersonaDraft['personality']['temperament'],
              })
            }
          >
            <option value="">Not set</option>
            {TEMPERAMENTS.map((t) => (
              <option key={t.value} value={t.value}>
                {t.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <div className="personality-grid">
        <Segmented
          label="Patience"
          value={draft.personality.patience}
          onChange={(v) => setPersonality({ patience: v })}
          options={levels('patience', ['Impatient', 'Normal', 'Very patient'])}
        />
        <Segmented
          label="Talkativeness"
          value={draft.personality.verbosity}
          onChange={(v) => setPersonality({ verbosity: v })}
          options={levels('verbosity', ['Few words', 'Normal', 'Chatty'])}
        />
        <Segmented
          label="Cooperativeness"
          value={draft.personality.cooperativeness}
          onChange={(v) => setPersonality({ cooperativeness: v })}
          options={levels('cooperativeness', ['Reluctant', 'Normal', 'Helpful'])}
        />
        <Segmented
          label="Clarity"
          value={draft.personality.clarity}
          onChange={(v) => setPersonality({ clarity: v })}
          options={(['clear', 'vague', 'rambling'] as const).map((v) => ({
            value: v,
            label: v[0].toUpperCase() + v.slice(1),
            hint: instructionFor({ personality: { clarity: v } }),
          }))}
        />
      </div>
      <h3 className="sub">Age, hearing and the line</h3>
      <div className="personality-grid">
        <label className="field">
          Age
          <input
            aria-label="Age"
            value={draft.personality.age ?? ''}
            placeholder="e.g. 82, or in her seventies"
            maxLength={40}
            onChange={(e) => setPersonality({ age: e.target.value || undefined })}
          />
        </label>
        <Segmented
          label="Hearing"
          value={draft.personality.hearing}
          onChange={(v) => setPersonality({ hearing: v })}
          options={choices('hearing', {
            good: 'Good',
            hard_of_hearing: 'Hard of hearing',
            very_hard_of_hearing: 'Very hard of hearing',
          })}
        />
        <Segmented
          label="Speaking pace"
          value={draft.personality.pace}
          onChange={(v) => setPersonality({ pace: v })}
          options={choices('pace', { slow: 'Slow', normal: 'Normal', fast: 'Fast' })}
        />
        <Segmented
          label="Accent"
          value={draft.personality.accent}
          onChange={(v) => setPersonality({ accent: v })}
          options={ACCENTS.map((v) => ({
            value: v,
            label: v[0].toUpperCase() + v.slice(1),
            hint: 'With caller speech: a voice of the text-to-speech engine with this accent, where it has one',
          }))}
        />
        <Segmented
          label="Phone line"
          value={draft.personality.line_quality}
          onChange={(v) => setPersonality({ line_quality: v })}
          options={choices('line_quality', { clear: 'Clear', noisy: 'Noisy', breaking_up: 'Breaking up' })}
        />
      </div>
      <label>
        Notes (anything else the caller should do, in your own words)
        <textarea
          aria-label="Personality notes"
          rows={3}
          value={draft.personality.notes ?? ''}
          placeholder="e.g. You are calling from a noisy train and ask the agent to repeat dates."
          onChange={(e) => setPersonality({ notes: e.target.value || undefined })}
        />
      </label>
    </Section>
  );
}

/** Behaviours and hidden facts (said only when asked). */
function BehavioursSection({ draft, set, err }: SectionProps) {
  return (
    <Section title="Behaviours" description="Concrete things the caller does during the call.">
      <div className="behaviours">
        {BEHAVIOURS.map((b) => (
          <Toggle
            key={b.key}
            label={b.label}
            description={instructionFor({ behaviours: { [b.key]: true } })}
            testId={`behaviour-${b.key}`}
            checked={draft.behaviours[b.key]}
            onChange={(v) => set({ behaviours: { ...draft.behaviours, [b.key]: v } })}
          />
        ))}
      </div>
      <h3 className="sub">Hidden facts</h3>
      <p className="muted small">
        Things the caller knows but says only when asked (or in the situation you describe).
      </p>
      <div className="rows">
        {draft.hidden_facts.map((h, i) => (
          <div className="row hidden-fact-row" key={i}>
            <input
              aria-label={`Hidden fact ${i + 1}`}
              className={`fact ${err(`hidden_facts[${i}].fact`) ? 'invalid' : ''}`}
              value={h.fact}
              placeholder="e.g. You already called twice about this"
              onChange={(e) =>
                set({
                  hidden_facts: draft.hidden_facts.map((x, j) => (j === i ? { ...x, fact: e.target.value } : x)),
                })
              }
            />
            <input
              aria-label={`Reveal when ${i + 1}`}
              className="when"
              value={h.reveal_when}
              placeholder="only when asked"
              onChange={(e) =>
                set({
                  hidden_facts: draft.hidden_facts.map((x, j) => (j === i ? { ...x, reveal_when: e.target.value } : x)),
                })
              }
            />
            <button
              type="button"
              className="ghost icon-btn"
              aria-label={`Remove hidden fact ${i + 1}`}
              onClick={() => set({ hidden_facts: draft.hidden_facts.filter((_, j) => j !== i) })}
            >
              ✕
            </button>
          </div>
        ))}
      </div>
      <button
        type="button"
        onClick={() => set({ hidden_facts: [...draft.hidden_facts, { fact: '', reveal_when: 'only when asked' }] })}
      >
        + Add a hidden fact
      </button>
    </Section>
  );
}
