import { Section, Segmented } from '../../../ui/widgets.js';
import type { PersonaDraft } from '../persona-form.js';
import type { PersonaFormState } from '../use-persona-form.js';
import { ACCENT_OPTIONS, choices, CLARITY, levels, TEMPERAMENTS } from './personality-options.js';

/** Personality: the plain-language controls, each adding one instruction to the briefing. */
export function PersonalitySection({ form }: { form: PersonaFormState }) {
  const p = form.draft.personality;
  const edit = form.editPersonality;
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
            value={p.temperament ?? ''}
            onChange={(e) =>
              edit({ temperament: (e.target.value || undefined) as PersonaDraft['personality']['temperament'] })
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
          value={p.patience}
          onChange={(v) => edit({ patience: v })}
          options={levels('patience', ['Impatient', 'Normal', 'Very patient'])}
        />
        <Segmented
          label="Talkativeness"
          value={p.verbosity}
          onChange={(v) => edit({ verbosity: v })}
          options={levels('verbosity', ['Few words', 'Normal', 'Chatty'])}
        />
        <Segmented
          label="Cooperativeness"
          value={p.cooperativeness}
          onChange={(v) => edit({ cooperativeness: v })}
          options={levels('cooperativeness', ['Reluctant', 'Normal', 'Helpful'])}
        />
        <Segmented label="Clarity" value={p.clarity} onChange={(v) => edit({ clarity: v })} options={CLARITY} />
      </div>
      <VoiceAndLine form={form} />
      <label>
        Notes (anything else the caller should do, in your own words)
        <textarea
          aria-label="Personality notes"
          rows={3}
          value={p.notes ?? ''}
          placeholder="e.g. You are calling from a noisy train and ask the agent to repeat dates."
          onChange={(e) => edit({ notes: e.target.value || undefined })}
        />
      </label>
    </Section>
  );
}

/** Age, hearing, pace, accent and the phone line. */
function VoiceAndLine({ form }: { form: PersonaFormState }) {
  const p = form.draft.personality;
  const edit = form.editPersonality;
  return (
    <>
      <h3 className="sub">Age, hearing and the line</h3>
      <div className="personality-grid">
        <label className="field">
          Age
          <input
            aria-label="Age"
            value={p.age ?? ''}
            placeholder="e.g. 82, or in her seventies"
            maxLength={40}
            onChange={(e) => edit({ age: e.target.value || undefined })}
          />
        </label>
        <Segmented
          label="Hearing"
          value={p.hearing}
          onChange={(v) => edit({ hearing: v })}
          options={choices('hearing', {
            good: 'Good',
            hard_of_hearing: 'Hard of hearing',
            very_hard_of_hearing: 'Very hard of hearing',
          })}
        />
        <Segmented
          label="Speaking pace"
          value={p.pace}
          onChange={(v) => edit({ pace: v })}
          options={choices('pace', { slow: 'Slow', normal: 'Normal', fast: 'Fast' })}
        />
        <Segmented label="Accent" value={p.accent} onChange={(v) => edit({ accent: v })} options={ACCENT_OPTIONS} />
        <Segmented
          label="Phone line"
          value={p.line_quality}
          onChange={(v) => edit({ line_quality: v })}
          options={choices('line_quality', { clear: 'Clear', noisy: 'Noisy', breaking_up: 'Breaking up' })}
        />
      </div>
    </>
  );
}
